// The MCP server as agents' clients meet it, with real parts: the MCP conformance suite against
// `npm run mcp -- --http`; the MCP Inspector's CLI against `npm run mcp` over stdio and over HTTP,
// calling tools against the Prism mock, a service that answers 500 and one that is down; and the
// same Inspector against the bin of an overlaid build's package installed in a separate
// application, whose tools carry the overlay's typed fields back from the mock.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../scripts/stated/operations.ts';
import { type MockServer, startMockServer } from '../../scripts/serve/mock-server.ts';
import { checkout, root } from '../support/helpers.ts';
import { freeLoopbackPort, startTestServer, type TestServer } from '../support/http-server.ts';
import { type InstalledApp, installIntoApp } from '../support/installed-app.ts';
import { run, type RunResult, runScript } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const scratch = scratchFolderPerFile('mcp');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
let mock: MockServer;
let failing: TestServer;

/** The Inspector's CLI (its catalog in the scratch folder, never the user's home). */
const inspector = (args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunResult> =>
  run(bin('mcp-inspector'), ['--cli', ...args], root, { MCP_CATALOG_PATH: path.join(scratch.dir, 'catalog.json'), ...env });
const overStdio = (args: string[], server: string[]) => inspector([...args, '--', ...server]);
const npmRunMcp = (...args: string[]) => [process.execPath, path.join(root, 'scripts', 'cli', 'main.ts'), 'mcp', ...args];

/** Starts `command` and waits for its line saying where it serves. */
async function startServing(command: string[], cwd: string): Promise<{ process: ChildProcess; url: string }> {
  const child = spawn(command[0], command.slice(1), { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no serving line within 20 s:\n${output}`)), 20_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = / at (http:\/\/127\.0\.0\.1:\d+\/mcp) /.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
  return { process: child, url };
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

beforeAll(async () => {
  [mock, failing] = await Promise.all([
    startMockServer({ bundleFile: path.join(checkout.outputDir, 'openapi.json'), port: await freeLoopbackPort() }),
    startTestServer(),
  ]);
  failing.reply = () => ({ status: 500, body: 'internal trouble', headers: { 'content-type': 'text/plain' } });
});
afterAll(() => Promise.all([mock?.stop(), failing?.close()]));

describe('npm run mcp over Streamable HTTP', () => {
  let served: { process: ChildProcess; url: string };
  beforeAll(async () => {
    served = await startServing(npmRunMcp('--http', '--port', '0', '--base-url', mock.url), root);
  });
  afterAll(() => stopped(served.process));

  // The whole suite in one run, against the baseline of the scenarios that need the suite's own
  // example tools, resources, prompts or completions (test/fixtures/mcp/conformance-baseline.yaml):
  // any other failure, or a listed scenario that passes, fails the run.
  it('passes every scenario of the MCP conformance suite that needs none of its own examples', async () => {
    const baseline = path.join(root, 'test', 'fixtures', 'mcp', 'conformance-baseline.yaml');
    const result = await run(bin('conformance'), ['server', '--url', served.url, '--suite', 'all', '--expected-failures', baseline], scratch.dir);
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
    const listed = await inspector([served.url, '--method', 'tools/list']);
    expect(listed.code, listed.output).toBe(0);
    const names = (JSON.parse(listed.stdout) as { tools: { name: string; annotations: { readOnlyHint: boolean } }[] }).tools;
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((tool) => tool.annotations.readOnlyHint)).toBe(true);
    const called = await inspector([served.url, '--method', 'tools/call', '--tool-name', 'getUnsubscribeGroup', '--tool-arg', 'id=g1']);
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
    const called = await overStdio(['--method', 'tools/call', '--tool-name', 'listQuotas'], npmRunMcp('--base-url', mock.url));
    expect(called.code, called.output).toBe(0);
    expect(JSON.parse(called.stdout).content[0].text).toMatch(/^HTTP 200 \(application\/json\) from GET \/v1\/quotas\n/);
  });

  it('a service that answers 500 is a tool error with its status and text', async () => {
    const called = await overStdio(['--method', 'tools/call', '--tool-name', 'listQuotas'], npmRunMcp('--base-url', failing.url));
    expect(called.stdout, called.output).toContain('HTTP 500 (text/plain) from GET /v1/quotas\\ninternal trouble');
    expect(called.stdout).toContain('"isError": true');
  });

  it('a service that is down is a tool error naming the cause', async () => {
    const called = await overStdio(
      ['--method', 'tools/call', '--tool-name', 'listQuotas'],
      npmRunMcp('--base-url', `http://127.0.0.1:${await freeLoopbackPort()}`),
    );
    expect(called.stdout, called.output).toMatch(/listQuotas: TypeError: fetch failed \(.*ECONNREFUSED/);
  });

  it('a write is not served without --allow-writes: the Inspector finds no such tool and nothing is sent', async () => {
    const called = await overStdio(['--method', 'tools/call', '--tool-name', 'deleteMessage', '--tool-arg', 'id=m1'], npmRunMcp('--base-url', failing.url));
    expect(called.code).not.toBe(0);
    expect(called.output).toMatch(/Tool 'deleteMessage' not found on server/);
    expect(failing.requests.filter((request) => request.method === 'DELETE')).toEqual([]);
  });
});

// The x-mcp document is what Redocly and Zudoku render for readers: the build writes it from the
// tool table (mcp-record.ts); Redocly's own introspection of the real server, every tool served,
// must find it current. (test/unit/mcp-record.test.ts compares it with an SDK client in process.)
it("generated/openapi-mcp.json is current: the pinned Redocly CLI's introspect-mcp --check against the package's server", async () => {
  const server = `"${process.execPath}" "${path.join(root, 'generated', 'dist', 'mcp.js')}" --allow-writes`;
  const checked = await run(bin('redocly'), ['introspect-mcp', '--command', server, '-o', path.join(root, 'generated', 'openapi-mcp.json'), '--check'], root, {
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  });
  expect(checked.code, checked.output).toBe(0);
  expect(checked.output).toContain('generated/openapi-mcp.json is up to date with the MCP server.');
  expect(checked.output).toMatch(/serving 29 tools of .* and \d+ resources to read/);
});

describe('npm run mcp --overlay', () => {
  it('--list names the overlay, and the credential its security scheme reads', async () => {
    const listed = await runScript(root, 'mcp', ['--overlay', 'examples/overlays/auth.yaml', '--list'], { INIT_CWD: root });
    expect(listed.code, listed.output).toBe(0);
    expect(listed.stderr).toBe('mcp: the description with 1 overlay(s): examples/overlays/auth.yaml\n');
    expect(listed.stdout).toMatch(/\ncredential: ExampleApiKey \(header X-Example-Api-Key\) from \$EMAIL_DELIVERY_EXAMPLE_API_KEY \(not set\)\n$/);
  });
});

describe("an overlaid build's package, installed in a separate application, started by its bin", () => {
  let app: InstalledApp;
  let overlaidMock: MockServer;
  const out = () => path.join(scratch.dir, 'acme');
  beforeAll(async () => {
    const built = await run(
      process.execPath,
      ['scripts/cli/main.ts', 'build', '--overlay', 'examples/overlays/fields.yaml', '--out', out(), '--name', 'acme-email-api'],
      root,
      {
        INIT_CWD: root,
        XDG_CACHE_HOME: path.join(scratch.dir, 'cache'),
      },
    );
    expect(built.code, built.output).toBe(0);
    [app, overlaidMock] = await Promise.all([
      installIntoApp(out()),
      startMockServer({ bundleFile: path.join(out(), 'openapi.json'), port: await freeLoopbackPort() }),
    ]);
    expect(app.installed.code, app.installed.output).toBe(0);
  }, 180_000);
  afterAll(() => Promise.all([app?.remove(), overlaidMock?.stop()]));

  it("lists only the read-only tools and returns the overlay's typed fields from the mock", async () => {
    const server = [path.join(app.dir, 'node_modules', '.bin', 'acme-email-api-mcp'), '--base-url', overlaidMock.url];
    const listed = await overStdio(['--method', 'tools/list'], server);
    expect(listed.code, listed.output).toBe(0);
    const tools = JSON.parse(listed.stdout).tools as { name: string; annotations: { readOnlyHint: boolean }; outputSchema?: unknown }[];
    expect(tools.every((tool) => tool.annotations.readOnlyHint)).toBe(true);
    expect(tools.find((tool) => tool.name === 'getMessageStatus')?.outputSchema).toMatchObject({ required: ['state'] });
    const called = await overStdio(['--method', 'tools/call', '--tool-name', 'getMessageStatus'], server);
    expect(called.code, called.output).toBe(0);
    expect(['queued', 'delivered', 'bounced']).toContain(JSON.parse(called.stdout).structuredContent.state);
  });

  it('is named after the package, and its help and messages say that name', async () => {
    const help = await run(path.join(app.dir, 'node_modules', '.bin', 'acme-email-api-mcp'), ['--help'], app.dir);
    expect(help.code, help.output).toBe(0);
    expect(help.stdout).toMatch(/^usage: acme-email-api-mcp \[/);
    expect(help.stdout).not.toContain('email-delivery-mcp');
    const wrong = await run(path.join(app.dir, 'node_modules', '.bin', 'acme-email-api-mcp'), ['--port', 'x'], app.dir);
    expect(wrong.stderr).toMatch(/^acme-email-api-mcp: --port "x": .*see `acme-email-api-mcp --help`/);
  });
});
