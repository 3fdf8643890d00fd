// `npm run build -- --overlay test/fixtures/overlays/parameters.yaml --out ...` as a user runs it:
// an overlay that adds a `cursor` query parameter, a `tags` query array (explode false), a
// `session` cookie and an `Idempotency-Key` header. The built client types them (tsc), sends each
// as the description says on a recording server on 127.0.0.1, and the Markdown reference, the code
// samples and the rendered docs (a real Chromium) show each by name, location and schema.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { installHint, launchChromium, mustRunBrowserTests } from '../../scripts/dev/chromium.ts';
import { root } from '../support/helpers.ts';
import { startTestServer } from '../support/http-server.ts';
import { run, type RunResult, tsc } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

if (!mustRunBrowserTests) console.warn(`overlay-parameters.test.ts: the docs test is skipped: ${installHint}`);

const fixture = 'test/fixtures/overlays/parameters.yaml';
const scratch = scratchFolderPerFile('overlay-parameters');
let out: string;
let built: RunResult;

beforeAll(async () => {
  // The built client imports openapi-fetch: the folder sits where Node and tsc find the checkout's packages.
  await fs.symlink(path.join(root, 'node_modules'), path.join(scratch.dir, 'node_modules'));
  out = path.join(scratch.dir, 'build');
  built = await run(process.execPath, ['scripts/cli/main.ts', 'build', '--overlay', fixture, '--out', out], root, { INIT_CWD: root });
}, 120_000);

describe('the build with an overlay that adds query, header and cookie parameters', () => {
  it('exits 0', () => {
    expect(built.code, built.output).toBe(0);
  });

  it('the client sends the cursor, the tags, the cookie and the idempotency key as the description says', async () => {
    const server = await startTestServer();
    try {
      const api = await import(pathToFileURL(path.join(out, 'dist', 'client.js')).href);
      const client = api.createEmailDeliveryClient({ baseUrl: server.url });
      await api.listWebhooks(client, { query: { cursor: 'page 2/é', tags: ['red', 'a,b'] }, cookie: { session: 's 1;x' } });
      await api.sendBatch(client, { id: 'b1', header: { 'Idempotency-Key': 'key-1' }, body: {} });
      await client.GET('/v1/webhooks', { params: { query: { tags: ['x', 'y'] } } });
      const [list, send, byPath] = server.requests;
      expect(list.target).toBe('/v1/webhooks?cursor=page%202%2F%C3%A9&tags=red,a%2Cb');
      expect(list.headers.cookie).toBe('session=s%201%3Bx');
      expect([send.method, send.target, send.headers['idempotency-key']]).toEqual(['POST', '/v1/batches/b1/send', 'key-1']);
      expect(byPath.target).toBe('/v1/webhooks?tags=x,y');
    } finally {
      await server.close();
    }
  });

  it('types them: tsc passes a correct call and refuses a wrong type and a missing required header', async () => {
    await fs.writeFile(path.join(scratch.dir, 'package.json'), '{ "type": "module" }\n');
    await fs.writeFile(
      path.join(scratch.dir, 'calls.ts'),
      `import { createEmailDeliveryClient, listWebhooks, sendBatch } from './build/dist/client.js';
const client = createEmailDeliveryClient();
await listWebhooks(client, { query: { cursor: 'c', tags: ['a'] }, cookie: { session: 's' } });
await sendBatch(client, { id: 'b', header: { 'Idempotency-Key': 'k' } });
// @ts-expect-error tags is an array of strings
await listWebhooks(client, { query: { tags: 'a' } });
// @ts-expect-error the Idempotency-Key header is required
await sendBatch(client, { id: 'b' });
`,
    );
    const checked = await run(
      process.execPath,
      [tsc('typescript'), '--noEmit', '--strict', '--module', 'nodenext', '--target', 'es2022', '--skipLibCheck', 'calls.ts'],
      scratch.dir,
    );
    expect(checked.code, checked.output).toBe(0);
  });

  it('the Markdown reference and its samples show each parameter by name, location and schema', async () => {
    const webhooks = await fs.readFile(path.join(out, 'reference', 'webhooks.md'), 'utf8');
    expect(webhooks).toContain('- Parameter `cursor` (query, string, optional): Where the page starts.');
    expect(webhooks).toContain('- Parameter `tags` (query, array of string, optional, style form, not exploded): Only webhooks with these tags.');
    expect(webhooks).toContain('- Parameter `session` (cookie, string, optional): A session.');
    expect(webhooks).toContain("    query: {\n      cursor: 'text',\n      tags: ['text'],\n    },\n    cookie: {\n      session: 'text',\n    },\n");
    expect(webhooks).toContain(`  "$BASE_URL/v1/webhooks?cursor=text&tags=text" \\\n  -b 'session=text'\n`);
    const messages = await fs.readFile(path.join(out, 'reference', 'messages-and-batches.md'), 'utf8');
    expect(messages).toContain('- Parameter `Idempotency-Key` (header, string, required): Makes a retried send safe.');
    expect(messages).toContain("    header: {\n      'Idempotency-Key': 'text',\n    },\n");
    expect(messages).toContain("  -H 'Idempotency-Key: text' \\\n");
  });

  it.runIf(mustRunBrowserTests)('the docs show each parameter under its location in a real Chromium', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(path.join(out, 'docs', 'index.html')).href);
      await page.getByText('Webhooks', { exact: true }).first().click();
      await page.getByText('List webhooks', { exact: true }).first().click();
      const list = page.locator('[data-section-id*="listwebhooks"]').first();
      await expect.poll(() => list.innerText(), { timeout: 10_000 }).toContain('cursor');
      const text = await list.innerText();
      // Redoc shows each location's parameters under its own heading (it does not show style or explode).
      expect(text).toMatch(/Query\s+cursor\s+string\s+Where the page starts\./);
      expect(text).toMatch(/tags\s+Array of strings\s+Only webhooks with these tags\./);
      expect(text).toMatch(/Cookies\s+session\s+string\s+A session\./);
      await page.getByText('Messages and batches', { exact: true }).first().click();
      await page.getByText('Send a batch', { exact: true }).first().click();
      const send = page.locator('[data-section-id*="sendbatch"]').first();
      await expect.poll(() => send.innerText(), { timeout: 10_000 }).toContain('Idempotency-Key');
      expect(await send.innerText()).toMatch(/Headers\s+Idempotency-Key\s+string\s+required\s+Makes a retried send safe\./);
    } finally {
      await browser.close();
    }
  });
});
