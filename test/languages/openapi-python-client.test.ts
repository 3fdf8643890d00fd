// openapi-python-client generates a package from each variant; it installs, imports and
// type-checks, and a Python program calls one operation of each request-part kind against a
// recording server on 127.0.0.1. It builds the description with the example overlays too, whose
// fields become typed attributes. The generated code goes to a temporary folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyOverlays } from '../../scripts/overlay/apply-overlay.ts';
import { overlaidDescription } from '../../scripts/overlay/build-overlaid.ts';
import { readOverlay } from '../../scripts/overlay/read-overlay.ts';
import { checkout, root } from '../support/helpers.ts';
import { jsonReply, startTestServer } from '../support/http-server.ts';
import { wireRequest } from '../support/wire-format.ts';
import {
  callAndCompare,
  calls,
  copiesOfTheInput,
  differingFiles,
  variants,
  languagesDir,
  missingFor,
  mypyVerdict,
  openQueryDeviation,
  renamedTypes,
  mustRun,
  requireTools,
  reusedWhenSame,
  runsHere,
  tierWorkspace,
  venv,
} from '../support/languages.ts';

const missing = missingFor(['python']);
const bin = (name: string) => path.join(venv, 'bin', name);
// Pinned: httpx, which the generated client sends with, writes a space in a query pair's name as
// `+` (form encoding), where the description's form style asks for `%20`.
const deviations = openQueryDeviation(
  'GET /v1/api-key?name=value&two+words=a%26b',
  'httpx encodes a space in an open query name as + (form encoding), not %20',
);
const tier = tierWorkspace('openapi-python-client');

/** Generates a package from `input` into `output`; its output, reused (reusedWhenSame) when the input's bytes and the pinned venv are the same. */
const generate = (input: string, output: string, env: NodeJS.ProcessEnv) =>
  reusedWhenSame(`openapi-python-client-${path.basename(output)}`, [venv, '--meta', 'setup', { file: input }], output, ['.'], async () => {
    const args = ['generate', '--path', input, '--output-path', output, '--meta', 'setup'];
    return (await mustRun(bin('openapi-python-client'), args, tier.work, env)).output;
  });

describe.runIf(runsHere('openapi-python-client', missing))('openapi-python-client', () => {
  const outOf = (variant: string) => path.join(tier.work, variant);

  it('generates the same package from both variants, with no warning', async () => {
    requireTools(missing);
    // Its post-generation hook runs ruff (pinned beside it), found on PATH.
    const env = { PATH: `${path.join(venv, 'bin')}${path.delimiter}${process.env.PATH}` };
    for (const variant of variants) {
      const generated = await generate(path.join(checkout.outputDir, variant), outOf(variant), env);
      expect(generated, 'openapi-python-client prints no warning').not.toMatch(/warning/i);
    }
    expect(await differingFiles(outOf(variants[0]), outOf(variants[1]), copiesOfTheInput)).toEqual([]);
    expect(await renamedTypes(tier.document, outOf(variants[0])), 'types renamed by the generator').toEqual([]);
  });

  it('the package installs, imports, type-checks and sends what the description says', async () => {
    requireTools(missing);
    const out = outOf(variants[0]);
    const site = path.join(out, 'site');
    await mustRun(bin('pip'), ['install', '--quiet', '--no-deps', '--no-build-isolation', '--no-index', '--target', site, out], out);
    await mustRun(bin('python'), ['-c', 'import email_delivery_service_api_client'], out, { PYTHONPATH: site });
    await fs.copyFile(path.join(languagesDir, 'python', 'call_openapi_python_client.py'), path.join(out, 'call.py'));
    await fs.copyFile(path.join(languagesDir, 'python', 'report.py'), path.join(out, 'report.py'));
    // This generator's code passes mypy --strict.
    const mypy = await mypyVerdict(['--strict', 'call.py'], out, site);
    expect(mypy.code, mypy.output).toBe(0);
    await callAndCompare(tier.document, async (baseUrl) => (await mustRun(bin('python'), ['call.py', baseUrl], out, { PYTHONPATH: site })).stdout, deviations);
  });

  it("the users' workaround for the open query pairs sends them as the description says", async () => {
    requireTools(missing);
    const out = outOf(variants[0]);
    const site = path.join(out, 'site');
    await fs.copyFile(path.join(languagesDir, 'python', 'open_query_workaround.py'), path.join(out, 'workaround.py'));
    const server = await startTestServer();
    try {
      server.reply = () => jsonReply(200, {});
      const ran = await mustRun(bin('python'), ['workaround.py', server.url], out, { PYTHONPATH: site });
      expect(ran.stdout.trim()).toBe('getApiKey 200');
      const call = calls.find((c) => c.operationId === 'getApiKey')!;
      const wanted = wireRequest(tier.document, call.operationId, call.args);
      expect(server.requests.map((r) => `${r.method} ${r.target}`)).toEqual([`${wanted.method} ${wanted.target}`]);
    } finally {
      await server.close();
    }
  });

  it('builds the description with the example overlays: the overlaid fields become typed attributes', async () => {
    requireTools(missing);
    const overlays = ['auth.yaml', 'fields.yaml'].map((file) => path.join(root, 'examples', 'overlays', file));
    const { json } = await overlaidDescription(checkout, { overlays, out: tier.work }, tier.document);
    const input = path.join(tier.work, 'overlaid.json');
    await fs.writeFile(input, json);
    const out = path.join(tier.work, 'overlaid');
    const env = { PATH: `${path.join(venv, 'bin')}${path.delimiter}${process.env.PATH}` };
    const generated = await generate(input, out, env);
    expect(generated, 'openapi-python-client prints no warning').not.toMatch(/warning/i);
    const site = path.join(out, 'site');
    await mustRun(bin('pip'), ['install', '--quiet', '--no-deps', '--no-build-isolation', '--no-index', '--target', site, out], out);
    await fs.copyFile(path.join(languagesDir, 'python', 'check_overlaid_fields.py'), path.join(out, 'check.py'));
    const mypy = await mypyVerdict(['--strict', 'check.py'], out, site);
    expect(mypy.code, mypy.output).toBe(0);
    const checked = await mustRun(bin('python'), ['check.py'], out, { PYTHONPATH: site });
    expect(checked.stdout.trim().split('\n')).toEqual([
      "request [('sendAt', '2026-11-22T10:00:00+00:00'), ('subject', 'Hello')]",
      'state GetMessageStatusResponseBodyState delivered',
      "missing 'subject'",
    ]);
  });

  it('builds the description with an overlay that adds query, header and cookie parameters: what it sends of each', async () => {
    requireTools(missing);
    // Applied without the build's lint, which the e2e tier's build with overlays runs (test/support/e2e-setup.ts): seconds saved.
    // The fixture completes the example overlays of a cursor and an idempotency key.
    const overlays = ['examples/overlays/paging.yaml', 'examples/overlays/idempotency.yaml', 'test/fixtures/overlays/parameters.yaml'];
    const input = path.join(tier.work, 'parameters.json');
    await fs.writeFile(
      input,
      JSON.stringify(
        applyOverlays(
          tier.document,
          overlays.map((file) => readOverlay(path.join(root, file), path.basename(file))),
        ).document,
      ),
    );
    const out = path.join(tier.work, 'parameters');
    const env = { PATH: `${path.join(venv, 'bin')}${path.delimiter}${process.env.PATH}` };
    await mustRun(bin('openapi-python-client'), ['generate', '--path', input, '--output-path', out, '--meta', 'setup'], tier.work, env);
    const site = path.join(out, 'site');
    await mustRun(bin('pip'), ['install', '--quiet', '--no-deps', '--no-build-isolation', '--no-index', '--target', site, out], out);
    await fs.copyFile(path.join(languagesDir, 'python', 'call_overlaid_parameters.py'), path.join(out, 'call.py'));
    const server = await startTestServer();
    // A page as paging.yaml types it.
    server.reply = (request) => (request.method === 'POST' ? jsonReply(201, {}) : jsonReply(200, { items: [] }));
    try {
      const ran = await mustRun(bin('python'), ['call.py', server.url], out, { PYTHONPATH: site });
      expect(ran.stdout.trim().split('\n')).toEqual(['200', '201']);
      // Pinned, as docs/generators.md says: the description asks for cursor=page%202%2F%C3%A9,
      // tags=red,a%2Cb (explode false) and the cookie session=s%201%3Bx (style form, percent-encoded).
      expect(server.requests.map((r) => [`${r.method} ${r.target}`, r.headers['idempotency-key'], r.headers.cookie])).toEqual([
        ['GET /v1/webhooks?cursor=page+2%2F%C3%A9&tags=red&tags=a%2Cb', undefined, 'session=s 1;x'],
        ['POST /v1/batches/b1/send', 'key-1', undefined],
      ]);
    } finally {
      await server.close();
    }
  });
});
