// Issue 27's consumer, end to end, with one command: the example overlays for a bearer scheme, a
// typed `cursor` with a typed page (paging.yaml), an `Idempotency-Key` header (idempotency.yaml)
// and a required body field (fields.yaml) build into a package; a separate application installs
// it offline, type-checks a program that uses those facts, and calls a recording server on
// 127.0.0.1, whose requests show the credential, the cursor and the header. Its Markdown reference
// shows the facts and no sentence that says they are open.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { jsonReply, startTestServer } from '../support/http-server.ts';
import { type InstalledApp, installIntoApp } from '../support/installed-app.ts';
import { run, type RunResult, tsc } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const overlays = ['bearer', 'paging', 'idempotency', 'fields'].flatMap((name) => ['--overlay', `examples/overlays/${name}.yaml`]);
const packageName = 'acme-email-api';
const scratch = scratchFolderPerFile('overlay-consumer');
let out: string;
let built: RunResult;
let app: InstalledApp;

beforeAll(async () => {
  out = path.join(scratch.dir, 'acme');
  built = await run(process.execPath, ['scripts/cli/main.ts', 'build', ...overlays, '--out', out, '--name', packageName], root, {
    INIT_CWD: root,
    XDG_CACHE_HOME: path.join(scratch.dir, 'cache'),
  });
  if (built.code === 0) app = await installIntoApp(out);
}, 180_000);

afterAll(async () => {
  await app?.remove();
});

const program = `import { createEmailDeliveryClient, listWebhooks, sendBatch } from '${packageName}';
const client = createEmailDeliveryClient({ baseUrl: process.argv[2], credentials: { ExampleBearer: 'token-1' } });
const page = await listWebhooks(client, { query: { cursor: 'page 2' } });
const next: string | undefined = page.data?.nextCursor;
const sent = await sendBatch(client, { id: 'b1', header: { 'Idempotency-Key': 'key-1' }, body: { subject: 'Hello' } });
// @ts-expect-error the idempotency key is required
await sendBatch(client, { id: 'b1', body: { subject: 'Hello' } });
// @ts-expect-error the cursor is a string
await listWebhooks(client, { query: { cursor: 2 } });
console.log(page.response.status, sent.response.status, next);
declare const process: { argv: string[] };
`;

describe('a consumer of the overlaid package', () => {
  it('builds with one command and installs into a separate application, its license with it', async () => {
    expect(built.code, built.output).toBe(0);
    expect(app.installed.code, app.installed.output).toBe(0);
    // What its package.json names ships with it: the license among them.
    const installed = path.join(app.dir, 'node_modules', packageName);
    expect(JSON.parse(await fs.readFile(path.join(installed, 'package.json'), 'utf8')).license).toBe('MIT');
    expect(await fs.readFile(path.join(installed, 'LICENSE'), 'utf8')).toContain('MIT License');
  });

  it('type-checks a program that uses the credential, the cursor, the typed page, the header and the required field', async () => {
    await fs.writeFile(path.join(app.dir, 'app.ts'), program);
    const checked = await run(process.execPath, [tsc('typescript'), '--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', 'app.ts'], app.dir);
    expect(checked.code, checked.output).toBe(0);
  });

  it('calls a recording server: the wire shows the bearer credential, the cursor, the idempotency key and the field', async () => {
    const server = await startTestServer();
    server.reply = () => jsonReply(200, { items: [], nextCursor: 'c3' });
    try {
      const js = program
        .split('\n')
        .filter(
          (line) => !line.includes('@ts-expect-error') && !line.includes('cursor: 2') && !line.includes("{ id: 'b1', body") && !line.startsWith('declare'),
        )
        .join('\n')
        .replace(': string | undefined', '');
      await fs.writeFile(path.join(app.dir, 'app.mjs'), js);
      const called = await run(process.execPath, ['app.mjs', server.url], app.dir);
      expect(called.stdout, called.output).toBe('200 200 c3\n');
      const [list, send] = server.requests;
      expect(list.target).toBe('/v1/webhooks?cursor=page%202');
      expect(list.headers.authorization).toBe('Bearer token-1');
      expect(send.target).toBe('/v1/batches/b1/send');
      expect(send.headers.authorization).toBe('Bearer token-1');
      expect(send.headers['idempotency-key']).toBe('key-1');
      expect(JSON.parse(send.body)).toEqual({ subject: 'Hello' });
    } finally {
      await server.close();
    }
  });

  it('its Markdown reference shows those facts and says none of them is open', async () => {
    const webhooks = await fs.readFile(path.join(out, 'reference', 'webhooks.md'), 'utf8');
    const messages = await fs.readFile(path.join(out, 'reference', 'messages-and-batches.md'), 'utf8');
    const index = await fs.readFile(path.join(out, 'reference', 'README.md'), 'utf8');
    expect(webhooks).toContain('`cursor`');
    expect(webhooks).toContain('`nextCursor`');
    expect(messages).toContain('`Idempotency-Key`');
    expect(messages).toContain('`subject`');
    expect(index).toContain('`ExampleBearer`');
    for (const text of [webhooks, messages])
      expect(text).not.toMatch(
        /authori[sz]ation (?:is|are) not specified|required authorization|query parameters of list operations are (?:not specified|left open)/i,
      );
  });
});
