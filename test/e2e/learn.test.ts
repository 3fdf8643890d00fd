// Learning from traffic that real tools recorded, and the round trip, once: `redocly proxy` (the
// pinned Redocly CLI, the one process this file starts) records a HAR in front of a small service
// on 127.0.0.1, and its stream of entries while it runs is an NDJSON log; `npm run learn` learns the
// same overlay from either; the build with it passes its lint, its client types name the observed
// fields (one tsc run), its MCP server (`npm run mcp -- --overlay`, in this process) lists output
// schemas and answers with structured results, and `verify --traffic` finds nothing on the same traffic.
import { type ChildProcess, spawn } from 'node:child_process';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOverlaid } from '../../scripts/overlay/build-overlaid.ts';
import { checkout, root } from '../support/helpers.ts';
import { freeLoopbackPort, jsonReply, startTestServer, type TestServer } from '../support/http-server.ts';
import { runCommand, tsc } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const exec = promisify(execFile);
const scratch = scratchFolderPerFile('learn-e2e');
let service: TestServer;
let proxy: ChildProcess | undefined;
const file = (name: string) => path.join(scratch.dir, name);

/** What the small service answers: typed bodies, an error body, a path the description lacks. */
function answer(method: string, target: string) {
  if (method === 'DELETE') return jsonReply(404, { code: 'not_found', message: 'no such thing' });
  if (target.startsWith('/v1/integrations/')) return jsonReply(200, { id: 'int_7', name: 'Zapier', count: 3, createdAt: '2026-01-02T03:04:05Z' });
  if (target.startsWith('/v1/webhooks')) return jsonReply(200, { items: [{ url: 'https://hooks.example/a', enabled: true }], nextCursor: 'c_2' });
  if (target === '/v1/quotas') return jsonReply(200, { limit: 100, used: 7 });
  return jsonReply(404, { code: 'not_found', message: 'no such thing' });
}

beforeAll(async () => {
  service = await startTestServer();
  service.reply = (request) => answer(request.method, request.target);
  const port = await freeLoopbackPort();
  // The CLI's own entry on this Node (its bin's shebang would take the machine's).
  const cli = path.join(root, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
  proxy = spawn(process.execPath, [cli, 'proxy', '--target', service.url, '--port', String(port), '--har', file('capture.har')], {
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    const listen = (chunk: Buffer) => ((seen += chunk), seen.includes('Proxy listening') && resolve());
    proxy!.stdout!.on('data', listen);
    proxy!.stderr!.on('data', listen);
    proxy!.once('exit', (code) => reject(new Error(`redocly proxy exited ${code}: ${seen}`)));
  });
  const through = `http://127.0.0.1:${port}`;
  const headers = { 'X-Api-Key': 'key-secret-1' };
  for (const [method, target] of [
    ['GET', '/v1/integrations/int_7'],
    ['GET', '/v1/integrations/int_8'],
    ['GET', '/v1/webhooks?limit=10&cursor=c_1'],
    ['GET', '/v1/quotas'],
    ['DELETE', '/v1/webhooks/wh_1'],
    ['GET', '/v1/not-described'],
  ])
    await (await fetch(`${through}${target}`, { method, headers })).arrayBuffer();
  // The proxy streams each exchange to <har>.entries.tmp as it is captured: NDJSON, one HAR entry a line.
  const streamed = `${file('capture.har')}.entries.tmp`;
  for (let i = 0; i < 50 && (await fs.readFile(streamed, 'utf8').catch(() => '')).trim().split('\n').length < 6; i++)
    await new Promise((r) => setTimeout(r, 100));
  await fs.copyFile(streamed, file('capture.ndjson'));
  const exited = new Promise((resolve) => proxy!.once('exit', resolve));
  proxy.kill('SIGINT');
  await exited;
  proxy = undefined;
});

afterAll(async () => {
  proxy?.kill('SIGKILL');
  await service?.close();
});

describe('traffic recorded by redocly proxy', () => {
  it('is learned alike from its HAR and from its NDJSON stream, unmatched exchanges listed, no value written', async () => {
    const fromHar = await runCommand('learn', ['--traffic', file('capture.har'), '--out', file('learned.yaml')]);
    const fromNdjson = await runCommand('learn', ['--traffic', file('capture.ndjson'), '--out', file('learned-ndjson.yaml')]);
    expect(fromHar.code, fromHar.output).toBe(0);
    expect(fromNdjson.code, fromNdjson.output).toBe(0);
    const learned = await fs.readFile(file('learned.yaml'), 'utf8');
    expect(await fs.readFile(file('learned-ndjson.yaml'), 'utf8')).toBe(learned);
    expect(fromHar.stdout).toContain('learn: read 6 exchanges from 1 file');
    expect(fromHar.stdout).toContain(
      'learn: 1 match no operation (not learned; a path the description lacks is never added):\nlearn:   GET /v1/not-described  1×',
    );
    expect(learned).toMatch(/target: \$\.components\.schemas\.GetIntegrationResponseBody[\s\S]*count:\n\s+type: integer/);
    expect(learned).toContain('name: X-Api-Key');
    expect(learned).toMatch(/DeleteWebhookErrorBody:[\s\S]*code:\n\s+type: string/);
    for (const value of ['key-secret-1', 'Zapier', 'hooks.example', 'c_1', 'c_2', 'int_7', 'no such thing']) expect(learned).not.toContain(value);
    // The proxy recorded the credential as it was sent: the HAR is the user's to keep safe, the overlay never holds it.
    expect(await fs.readFile(file('capture.har'), 'utf8')).toContain('key-secret-1');
  });
});

describe('the round trip', () => {
  it('builds lint-clean, types the fields, gives the MCP tools output schemas and structured results, and verify --traffic finds nothing', async () => {
    const out = file('build');
    const log = { lines: [] as string[] };
    const built = await buildOverlaid(
      checkout,
      { info: (line) => log.lines.push(line), error: (line) => log.lines.push(line) },
      // The record of the output folder in the scratch folder, not in the user's tools cache.
      { overlays: [file('learned.yaml')], out, tools: file('tools') },
    );
    expect(built, log.lines.join('\n')).toBe(true);

    // The client's types name the observed fields with their types: a wrong use of one fails tsc.
    await fs.writeFile(
      file('use.ts'),
      [
        "import type { components } from './build/schema.ts';",
        "declare const integration: components['schemas']['GetIntegrationResponseBody'];",
        'const count: number | undefined = integration.count;',
        "declare const page: components['schemas']['ListWebhooksResponseBody'];",
        'const enabled: boolean | undefined = page.items?.[0]?.enabled;',
        '// @ts-expect-error -- count is a number, not a string',
        'const wrong: string | undefined = integration.count;',
        'export { count, enabled, wrong };',
        '',
      ].join('\n'),
    );
    const flags = [
      '--noEmit',
      '--strict',
      '--skipLibCheck',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--allowImportingTsExtensions',
    ];
    await exec(process.execPath, [tsc('typescript'), ...flags, file('use.ts')], { cwd: scratch.dir });

    // An agent on the overlaid MCP server gets typed fields back.
    const stop = new AbortController();
    let listening: (url: string) => void = () => {};
    const url = new Promise<string>((resolve) => (listening = resolve));
    const serving = runCommand('mcp', ['--overlay', file('learned.yaml'), '--http', '--port', '0', '--base-url', service.url], {
      signal: stop.signal,
      onLine: (line) => /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(line)?.[1] && listening(/at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(line)![1]),
    });
    const agent = new Client({ name: 'learn-e2e', version: '1' });
    try {
      await agent.connect(new StreamableHTTPClientTransport(new URL(await url)));
      const { tools } = await agent.listTools();
      expect(tools.find((tool) => tool.name === 'getIntegration')?.outputSchema).toMatchObject({ type: 'object', properties: { count: { type: 'integer' } } });
      const result = await agent.callTool({ name: 'getIntegration', arguments: { id: 'int_7' } });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ name: 'Zapier', count: 3 });
    } finally {
      await agent.close();
      stop.abort();
      await serving;
    }

    const verified = await runCommand('verify', ['--traffic', file('capture.har'), '--overlay', file('learned.yaml')]);
    expect(verified.code, verified.output).toBe(0);
    expect(verified.stdout).not.toContain('contradicts');
    expect(verified.stdout).toMatch(/^as described\s+getIntegration\s+GET\s+2 of 2 recorded exchanges/m);
  });
});
