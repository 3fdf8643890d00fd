// The MCP server as agents' clients meet it, with real parts: the MCP conformance suite and the MCP
// Inspector's CLI over Streamable HTTP against `npm run mcp -- --http` (served from this process,
// on a real port), the Inspector over stdio against `npm run mcp` as a process, calling tools
// against the run's mock; and the Inspector against the bin of the run's overlaid package,
// installed in its application, whose tools carry the overlays' typed fields back from the
// overlaid mock. What the server answers to a failing service, a service that is down and a tool
// it does not serve: test/unit/mcp-server.test.ts, in process.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operations } from '../../scripts/stated/operations.ts';
import { fixture } from '../support/fixture.ts';
import { root } from '../support/helpers.ts';
import { run, type RunResult, runCommand } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const scratch = scratchFolderPerFile('mcp');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

/** The Inspector's CLI (its catalog in the scratch folder, never the user's home). */
const inspector = (args: string[]): Promise<RunResult> =>
  run(bin('mcp-inspector'), ['--cli', ...args], root, { MCP_CATALOG_PATH: path.join(scratch.dir, 'catalog.json') });
const overStdio = (args: string[], server: string[]) => inspector([...args, '--', ...server]);
const npmRunMcp = (...args: string[]) => [process.execPath, path.join(root, 'scripts', 'cli', 'main.ts'), 'mcp', ...args];

describe('npm run mcp over Streamable HTTP', () => {
  const stop = new AbortController();
  let url = '';
  let served: Promise<unknown>;
  beforeAll(async () => {
    // In this process: the server is the command's own, on a real port of 127.0.0.1; the clients are processes.
    url = await new Promise<string>((resolve, reject) => {
      served = runCommand('mcp', ['--http', '--port', '0', '--base-url', fixture().mock], {
        signal: stop.signal,
        onLine: (line) => {
          const match = / at (http:\/\/127\.0\.0\.1:\d+\/mcp) /.exec(line);
          if (match) resolve(match[1]);
        },
      }).then((result) => reject(new Error(`npm run mcp ended before it served:\n${result.output}`)));
    });
  });
  afterAll(async () => {
    stop.abort();
    await served;
  });

  // The whole suite in one run, against the baseline of the scenarios that need the suite's own
  // example tools, resources, prompts or completions (test/fixtures/mcp/conformance-baseline.yaml):
  // any other failure, or a listed scenario that passes, fails the run.
  it('passes every scenario of the MCP conformance suite that needs none of its own examples', async () => {
    const baseline = path.join(root, 'test', 'fixtures', 'mcp', 'conformance-baseline.yaml');
    const result = await run(bin('conformance'), ['server', '--url', url, '--suite', 'all', '--expected-failures', baseline], scratch.dir);
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('Baseline check passed: all failures are expected.');
    const summary = (scenario: string) => new RegExp(`\\n\\S+ ${scenario}: (\\d+) passed, (\\d+) failed\\n`).exec(result.stdout)?.slice(1).map(Number);
    for (const scenario of ['server-initialize', 'ping', 'tools-list', 'logging-set-level', 'resources-list'])
      expect(summary(scenario), scenario).toEqual([1, 0]);
    expect(summary('dns-rebinding-protection')).toEqual([2, 0]);
    // A stateless server gives no session id: the suite's SSE scenarios check nothing (in the baseline).
    expect(summary('server-sse-polling')).toEqual([0, 0]);
    expect(summary('server-sse-multiple-streams')).toEqual([0, 0]);
  });

  it('the Inspector lists the read-only tools and calls one against the mock', async () => {
    const listed = await inspector([url, '--method', 'tools/list']);
    expect(listed.code, listed.output).toBe(0);
    const names = (JSON.parse(listed.stdout) as { tools: { name: string; annotations: { readOnlyHint: boolean } }[] }).tools;
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((tool) => tool.annotations.readOnlyHint)).toBe(true);
    const called = await inspector([url, '--method', 'tools/call', '--tool-name', 'getUnsubscribeGroup', '--tool-arg', 'id=g1']);
    expect(called.code, called.output).toBe(0);
    expect(JSON.parse(called.stdout).content[0].text).toMatch(/^HTTP 200 \(application\/json\) from GET \/v1\/unsubscribe-groups\/\{id\}\n/);
  });
});

describe('npm run mcp over stdio, through the Inspector', () => {
  it("lists the tools, each schema portable by the Inspector's strict check", async () => {
    const listed = await overStdio(['--method', 'tools/list', '--strict'], npmRunMcp('--allow-writes'));
    expect(listed.code, listed.output).toBe(0);
    expect(JSON.parse(listed.stdout).tools).toHaveLength(operations.length);
  });

  it('calls a tool against the mock', async () => {
    const called = await overStdio(['--method', 'tools/call', '--tool-name', 'listQuotas'], npmRunMcp('--base-url', fixture().mock));
    expect(called.code, called.output).toBe(0);
    expect(JSON.parse(called.stdout).content[0].text).toMatch(/^HTTP 200 \(application\/json\) from GET \/v1\/quotas\n/);
  });
});

// The x-mcp document is what Redocly and Zudoku render for readers: the build writes it from the
// tool table (mcp-record.ts); Redocly's own introspection of the real server, every tool served,
// must find it current. (test/unit/mcp-record.test.ts compares it with an SDK client in process.)
// Found by the fifth review (finding 6): a message over 10 MiB ended the server without a word (the
// bundle exited 13, `npm run mcp` 0); it is answered now, and the server serves on.
describe('a message over 10 MiB on stdio, to the processes', () => {
  it.each([
    ["the package's bin (generated/dist/mcp.js)", [process.execPath, path.join(root, 'generated', 'dist', 'mcp.js')]],
    ['npm run mcp', npmRunMcp()],
  ])('%s answers it with an error, serves on, and exits 0 when stdin closes', async (_, [command, ...args]) => {
    const child = spawn(command, args, { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const answered = (count: number) =>
      vi.waitFor(() => expect(stdout.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(count), { timeout: 20_000, interval: 50 });
    const line = (message: object) => `${JSON.stringify(message)}\n`;
    child.stdin.write(
      line({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    );
    await answered(1).catch((error: unknown) => {
      child.kill();
      throw error;
    });
    child.stdin.write(line({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'listQuotas', arguments: { pad: 'x'.repeat(11 * 1024 * 1024) } }, id: 2 }));
    child.stdin.write(line({ jsonrpc: '2.0', id: 3, method: 'tools/list' }));
    await answered(3).catch((error: unknown) => {
      child.kill();
      throw error;
    });
    child.stdin.end();
    const code = await Promise.race([
      new Promise((resolve) => child.once('close', resolve)),
      new Promise((resolve) => setTimeout(resolve, 20_000, 'still running')),
    ]);
    // A failed wait above, or a server that does not stop: none is left running.
    if (code === 'still running') child.kill();
    const answers = stdout
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as { id?: number; error?: { code: number; message: string } });
    expect(answers.map((answer) => answer.id)).toEqual([1, 2, 3]);
    expect(answers[1].error).toEqual({
      code: -32600,
      message: expect.stringMatching(/^the message is \d+ bytes, more than the 10485760 this server reads on stdio: it was skipped unread$/),
    });
    expect(stderr).toMatch(/mcp: stdin: the message is \d+ bytes, .* \(request 2\); still serving\n/);
    expect(code, stderr).toBe(0);
  });
});

it("generated/openapi-mcp.json is current: the pinned Redocly CLI's introspect-mcp --check against the package's server", async () => {
  const server = `"${process.execPath}" "${path.join(root, 'generated', 'dist', 'mcp.js')}" --allow-writes`;
  const checked = await run(bin('redocly'), ['introspect-mcp', '--command', server, '-o', path.join(root, 'generated', 'openapi-mcp.json'), '--check'], root, {
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  });
  expect(checked.code, checked.output).toBe(0);
  expect(checked.output).toContain('generated/openapi-mcp.json is up to date with the MCP server.');
  expect(checked.output).toMatch(new RegExp(`serving ${operations.length} tools of .* and \\d+ resources to read`));
});

describe('npm run mcp --overlay', () => {
  it('--list names the overlay, and the credential its security scheme reads', async () => {
    const listed = await runCommand('mcp', ['--overlay', 'examples/overlays/auth.yaml', '--list'], { env: { EMAIL_DELIVERY_EXAMPLE_API_KEY: '' } });
    expect(listed.code, listed.output).toBe(0);
    expect(listed.stderr).toBe('mcp: the description with 1 overlay(s): examples/overlays/auth.yaml\n');
    expect(listed.stdout).toMatch(/\ncredential: ExampleApiKey \(header X-Example-Api-Key\) from \$EMAIL_DELIVERY_EXAMPLE_API_KEY \(not set\)\n$/);
  });
});

describe("the run's overlaid package, installed in its application, started by its bin", () => {
  const ownBin = () => path.join(fixture().overlaid.app, 'node_modules', '.bin', 'acme-email-api-mcp');

  it("lists only the read-only tools and returns the overlays' typed fields from the mock, with the credential its variable holds", async () => {
    // The overlaid mock asks for the example API key (auth.yaml); an MCP client passes the server only the variables it names.
    const server = ['-e', 'EMAIL_DELIVERY_EXAMPLE_API_KEY=key-1', '--', ownBin(), '--base-url', fixture().overlaidMock];
    const listed = await inspector(['--method', 'tools/list', ...server]);
    expect(listed.code, listed.output).toBe(0);
    const tools = JSON.parse(listed.stdout).tools as { name: string; annotations: { readOnlyHint: boolean }; outputSchema?: unknown }[];
    expect(tools.every((tool) => tool.annotations.readOnlyHint)).toBe(true);
    expect(tools.find((tool) => tool.name === 'getMessageStatus')?.outputSchema).toMatchObject({ required: ['state'] });
    const called = await inspector(['--method', 'tools/call', '--tool-name', 'getMessageStatus', ...server]);
    expect(called.code, called.output).toBe(0);
    expect(['queued', 'delivered', 'bounced']).toContain(JSON.parse(called.stdout).structuredContent.state);
  });

  it('is named after the package, and its help and messages say that name', async () => {
    const app = fixture().overlaid.app;
    const [help, wrong] = await Promise.all([run(ownBin(), ['--help'], app), run(ownBin(), ['--port', 'x'], app)]);
    expect(help.code, help.output).toBe(0);
    expect(help.stdout).toMatch(/^usage: acme-email-api-mcp \[/);
    expect(help.stdout).not.toContain('email-delivery-mcp');
    expect(wrong.stderr).toMatch(/^acme-email-api-mcp: --port "x": .*see `acme-email-api-mcp --help`/);
  });
});
