// The MCP command's choices in process (what `npm run mcp` and the package's bin do before they
// serve): --list, the base URL, credentials from the environment only (--header-env and an
// overlay's security scheme), and bad arguments as one line and exit 2, naming a variable, never
// its value.
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { helpText, parseCommandLine } from '../../scripts/command-line.ts';
import { mcpCommand, runMcp } from '../../scripts/mcp/mcp-command.ts';
import { TopLevelIdReader } from '../../scripts/mcp/mcp-stdio.ts';
import type { ResourceSet } from '../../scripts/mcp/mcp-resources.ts';
import type { McpToolTable } from '../../scripts/mcp/mcp-server.ts';
import { mcpToolTable } from '../../scripts/mcp/tool-table.ts';
import { overlaidDescription } from '../../scripts/overlay/build-overlaid.ts';
import { checkout, loadBundle, root } from '../support/helpers.ts';
import { runCommand } from '../support/run-command.ts';

const noResources: ResourceSet = { entries: [], read: () => Promise.reject(new Error('none')) };
let table: McpToolTable;
let withAuth: McpToolTable;
beforeAll(async () => {
  const bundle = await loadBundle();
  table = mcpToolTable(bundle);
  withAuth = mcpToolTable(
    (await overlaidDescription(checkout, { overlays: [path.join(root, 'examples', 'overlays', 'auth.yaml')], out: '' }, bundle)).document,
  );
});

async function mcp(args: string[], env: NodeJS.ProcessEnv = {}, of = () => table) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMcp(parseCommandLine(mcpCommand, args, {}).values, of(), noResources, {
    env,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
    signal: AbortSignal.abort(),
  });
  return { code, out, err };
}

describe('email-delivery-mcp before it serves', () => {
  it('--list: the read-only tools by default, where calls go, what each does', async () => {
    const listed = await mcp(['--list'], { EMAIL_DELIVERY_BASE_URL: 'https://api.example.test/' });
    expect(listed.code).toBe(0);
    expect(listed.out[0]).toBe(
      `${table.tools.filter((t) => t.method === 'GET').length} of ${table.tools.length} tools of ${table.title} ${table.version}; calls go to https://api.example.test`,
    );
    expect(listed.out.slice(1).every((line) => / read-only {2}GET \//.test(line))).toBe(true);
    const all = await mcp(['--list', '--allow-writes', '--tools', 'deleteMessage,sendBatch', '--base-url', 'http://127.0.0.1:4010']);
    expect(all.out.slice(1).map((line) => line.trim().split(/\s+/).slice(0, 2).join(' '))).toEqual(['sendBatch writes', 'deleteMessage deletes']);
  });

  it("an overlay's security scheme is read from its own variable, named by --list, its value never printed", async () => {
    const unset = await mcp(['--list'], {}, () => withAuth);
    expect(unset.out.at(-1)).toBe('credential: ExampleApiKey (header X-Example-Api-Key) from $EMAIL_DELIVERY_EXAMPLE_API_KEY (not set)');
    const set = await mcp(['--list'], { EMAIL_DELIVERY_EXAMPLE_API_KEY: 'key-123456' }, () => withAuth);
    expect(set.out.at(-1)).toMatch(/\(set\)$/);
    expect(JSON.stringify(set)).not.toContain('key-123456');
  });

  it.each([
    [
      ['--header-env', 'X-Api-Key=MY_KEY'],
      {},
      /^mcp: --header-env X-Api-Key=MY_KEY: the environment variable MY_KEY is not set or empty \(an MCP client passes only .* -e VAR=value\)\)$/,
    ],
    [['--header-env', 'X-Api-Key'], {}, 'mcp: --header-env "X-Api-Key": give Name=VAR, a header name and an environment variable\'s name'],
    [['--header-env', 'Bad Header=K'], { K: 'v' }, 'mcp: --header-env "Bad Header=K": give Name=VAR, a header name and an environment variable\'s name'],
    [
      ['--header-env', 'X-Api-Key=K'],
      { K: 'a\r\nInjected: yes' },
      'mcp: --header-env X-Api-Key=K: the value of K holds a line break, which no header can carry',
    ],
    [['--base-url', 'ftp://example.test'], {}, 'mcp: the base URL must be http or https, not ftp:'],
    [['--base-url', 'https://user:pw@example.test'], {}, 'mcp: the base URL holds credentials: pass them with --header-env instead'],
    [[], { EMAIL_DELIVERY_BASE_URL: 'not a url' }, 'mcp: the base URL "not a url" is not a URL: give one like https://api.example.test'],
    [['--tags', 'Nope'], {}, /^mcp: --tags: no tag 'Nope'; the tags are: /],
    [
      ['--tags', 'Quotas,Metrics, reputation, engagement'],
      {},
      /^mcp: --tags: no tag 'Metrics': 'Metrics, reputation, engagement' is one tag, whose name holds commas: give it whole, in a --tags of its own; /,
    ],
    [['--tools', 'listQuotas', '--tags', 'Quotas'], {}, "mcp: --tools: 'listQuotas' is served by --tags 'Quotas' already: name it once"],
  ])('%j is refused with one line and exit 2', async (args, env, message) => {
    const result = await mcp([...args, '--list'], env);
    expect(result.code).toBe(2);
    expect(result.out).toEqual([]);
    expect(result.err).toHaveLength(1);
    if (typeof message === 'string') expect(result.err[0]).toBe(message);
    else expect(result.err[0]).toMatch(message);
    expect(result.err[0]).not.toContain('Injected');
  });

  it('a base URL that ends in the first segment of the paths is warned of and kept', async () => {
    const result = await mcp(['--base-url', 'http://127.0.0.1:4010/v1', '--list'], {});
    expect(result.code).toBe(0);
    expect(result.err).toEqual([
      "mcp: warning: the base URL ends in /v1, and the description's paths start with /v1/ already (calls go to .../v1/v1/...): give the part before /v1",
    ]);
    expect(result.out[0]).toMatch(/calls go to http:\/\/127\.0\.0\.1:4010\/v1$/);
    expect((await mcp(['--base-url', 'http://127.0.0.1:4010/v3', '--list'], {})).err).toEqual([]);
  });

  it('--tags takes a tag by its whole name, once per tag, as its help says', async () => {
    const listed = await mcp(['--list', '--tags', 'Metrics, reputation, engagement', '--tags', 'Quotas']);
    expect(listed.code, listed.err.join('\n')).toBe(0);
    expect(listed.out.slice(1).map((line) => line.trim().split(/\s+/)[0])).toEqual(
      table.tools.filter((t) => ['Metrics, reputation, engagement', 'Quotas'].includes(t.tags[0])).map((t) => t.name),
    );
    expect(helpText(mcpCommand)).toMatch(
      /--tags <tag> +serve the tools of this tag \(an area of the description\), its whole name even with commas in it; give --tags once per tag/,
    );
  });

  // Found by a trial of learning (issue 52): an overlay named by an absolute path was shown relative to the checkout.
  it('npm run mcp --overlay <missing>: named as typed, exit 1 (an input that cannot be read, as for learn, verify, build and mock)', async () => {
    const result = await runCommand('mcp', ['--overlay', '/nonexist/typo.yaml', '--list']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('mcp: overlay /nonexist/typo.yaml does not exist\n');
  });

  it('--client names the client families it serves, openai first, and refuses any other with one line', () => {
    expect(helpText(mcpCommand)).toMatch(
      /--client <family> +serve the tools' input schemas as this client family requires them; the families: openai \(openai: OpenAI's strict function calling/,
    );
    expect(parseCommandLine(mcpCommand, ['--client', 'openai'], {}).values.client).toBe('openai');
    expect(() => parseCommandLine(mcpCommand, ['--client', 'claude'], {})).toThrow(
      'email-delivery-mcp: --client "claude": give one of openai: see `email-delivery-mcp --help`',
    );
  });

  it('usage errors name the bin in their hint', () => {
    expect(() => parseCommandLine(mcpCommand, ['--port', 'x'], {})).toThrow(
      'email-delivery-mcp: --port "x": give a whole number from 0 to 65535: see `email-delivery-mcp --help`',
    );
  });
});

/** The server over stdio in process, on streams of the test's: what it answers each line, what it logs, its exit code. */
async function serveLines(lines: (string | Buffer)[], stdinError?: Error) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const err: string[] = [];
  const answers: Record<string, unknown>[] = [];
  let buffered = '';
  stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    for (let end = buffered.indexOf('\n'); end !== -1; end = buffered.indexOf('\n')) {
      answers.push(JSON.parse(buffered.slice(0, end)) as Record<string, unknown>);
      buffered = buffered.slice(end + 1);
    }
  });
  const running = runMcp(parseCommandLine(mcpCommand, [], {}).values, table, noResources, {
    env: {},
    out: () => {},
    err: (line) => err.push(line),
    signal: new AbortController().signal,
    stdin,
    stdout,
  });
  for (const line of lines) {
    stdin.write(line);
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (stdinError) stdin.destroy(stdinError);
  else stdin.end();
  const code = await running;
  return { code, answers, err };
}

const request = (id: number, method: string, params: Record<string, unknown> = {}) => `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;
const initialize = request(1, 'initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } });

describe('email-delivery-mcp over stdio', () => {
  // Found by the fifth review (finding 6): a message over 10 MiB closed the SDK's transport without
  // a word; the bin then exited 13 and `npm run mcp` 0.
  it('a message over 10 MiB is answered with an error to its request, said on stderr, and the server serves on; stdin closed: exit 0', async () => {
    // Its id last, as the TypeScript SDK writes a request: read as the line streams by.
    const huge = `${JSON.stringify({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'listQuotas', arguments: { pad: 'x'.repeat(10 * 1024 * 1024) } }, id: 2 })}\n`;
    const { code, answers, err } = await serveLines([initialize, huge.slice(0, 4_000_000), huge.slice(4_000_000), request(3, 'tools/list'), 'not json\n']);
    expect(code).toBe(0);
    expect(answers.map((answer) => answer.id)).toEqual([1, 2, 3, undefined]);
    expect(answers[1]).toEqual({
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32600, message: `the message is ${huge.length - 1} bytes, more than the 10485760 this server reads on stdio: it was skipped unread` },
    });
    expect((answers[2] as { result: { tools: unknown[] } }).result.tools.length).toBeGreaterThan(0);
    expect(answers[3]).toEqual({ jsonrpc: '2.0', error: { code: -32700, message: 'a line of 8 bytes is not JSON: it was skipped' } });
    expect(err.filter((line) => line.startsWith('mcp: stdin: '))).toEqual([
      `mcp: stdin: the message is ${huge.length - 1} bytes, more than the 10485760 this server reads on stdio: it was skipped unread (request 2); still serving`,
      'mcp: stdin: a line of 8 bytes is not JSON: it was skipped; still serving',
    ]);
  });

  it.each([
    ['first, as the Python SDK writes it', '{"jsonrpc":"2.0","id":"req-9","method":"tools/call","params":{"id":1}}', 'req-9'],
    ['last, after params that hold an "id" of their own and escaped quotes', '{"method":"x","params":{"id":5,"s":"\\"id\\": 6, {"},"id":  42 }', 42],
    ['absent (a notification)', '{"jsonrpc":"2.0","method":"notifications/x","params":{"id":3}}', undefined],
    ['not one the protocol has (an object, a fraction)', '{"id":{"a":1},"method":"x"}', undefined],
  ])('the id of a line skipped is read as it streams by, byte by byte: %s', (_, line, id) => {
    const reader = new TopLevelIdReader();
    for (const byte of Buffer.from(line)) reader.feed(Uint8Array.of(byte));
    expect(reader.id).toBe(id);
  });

  it('stdin that fails ends the server with one line and exit 1, never a silent exit 0', async () => {
    const { code, answers, err } = await serveLines([initialize], new Error('read EIO'));
    expect(answers.map((answer) => answer.id)).toEqual([1]);
    expect(code).toBe(1);
    expect(err.at(-1)).toBe('mcp: stdin failed: read EIO; stopped');
  });
});
