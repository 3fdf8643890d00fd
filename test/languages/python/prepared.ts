// What the Python SDK's checks make in the test's own process, made once and first: the SDK of the
// example overlays and their docs' samples, and the overlay `npm run learn` writes from traffic and
// its SDK. Each is reused (reusedWhenSame) while what makes it is the same. Made in this process,
// they hold its event loop for seconds at a time, and the package test's checks run side by side:
// a check that runs a program against a server of this process waits for them (`prepared`), so no
// server is late (a client's deadline) or ends an idle keep-alive connection the program is
// sending on (a POST, never retried, reset).
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { overlaidDescription } from '../../../scripts/overlay/build-overlaid.ts';
import { harText } from '../../support/har.ts';
import { checkout, root } from '../../support/helpers.ts';
import { reusedWhenSame } from '../../support/languages.ts';
import { runCommand } from '../../support/run-command.ts';
import { type PackageContext, sdkInputs } from '../../support/sdk-package.ts';
import { exampleOverlays, writeSamples } from './python-tools.ts';

export interface Prepared {
  /** The SDK of the example overlays. */
  readonly overlaid: string;
  /** A folder holding `samples/`: each operation's sample as the docs of the example overlays show it. */
  readonly overlaidSamples: string;
  /** The SDK of the overlay `npm run learn` wrote from traffic. */
  readonly learned: string;
}

const made = new WeakMap<PackageContext, Promise<Prepared>>();

/** What the checks make in this process, made once for `context`, one after another. */
export function prepared(context: PackageContext): Promise<Prepared> {
  if (!made.has(context)) made.set(context, prepare(context));
  return made.get(context)!;
}

async function prepare(context: PackageContext): Promise<Prepared> {
  const overlays = exampleOverlays.map((file) => path.join(root, file));
  const overlaid = await context.writeSdk('overlaid', overlays);
  // The docs of the same overlays show each operation's sample with its typed body and parameters.
  const overlaidSamples = path.join(context.scratch, 'overlaid-samples');
  await fs.mkdir(overlaidSamples);
  await reusedWhenSame('python-overlaid-samples', sdkInputs(overlays), overlaidSamples, ['samples'], async () => {
    const described = await overlaidDescription(checkout, { overlays, out: '' }, context.document);
    await writeSamples(overlaidSamples, described.document);
  });
  const traffic = path.join(context.scratch, 'traffic.har');
  await fs.writeFile(
    traffic,
    harText([
      { url: '/v1/integrations/int_7', response: { id: 'int_7', name: 'Zapier', count: 3 }, headers: { 'X-Api-Key': 'key-secret' } },
      { url: '/v1/integrations/int_8', response: { id: 'int_8', name: 'Slack', count: 5 }, headers: { 'X-Api-Key': 'key-secret' } },
      { url: '/v1/webhooks?limit=10', response: { items: [{ url: 'https://hooks.example/a', enabled: true }], nextCursor: 'c_2' } },
    ]),
  );
  await reusedWhenSame('python-learned-overlay', [...sdkInputs([]), { file: traffic }], context.scratch, ['learned.yaml'], async () => {
    const learning = await runCommand('learn', ['--traffic', traffic, '--out', path.join(context.scratch, 'learned.yaml')]);
    expect(learning.code, learning.output).toBe(0);
  });
  const learned = await context.writeSdk('learned', [path.join(context.scratch, 'learned.yaml')]);
  return { overlaid, overlaidSamples, learned };
}
