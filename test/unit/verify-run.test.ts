// `npm run verify` in process, through the generated client, against real servers on 127.0.0.1: a
// recording server that proves what is sent by default (the planned GETs and nothing else), a
// service that deviates on purpose (each deviation its verdict), the example overlays' fields, bad
// usage (exit 2, nothing sent), a service behind a path prefix (verified under it), one that is down
// (recognised after a few connection failures in a row, the rest not sent), and a mistyped
// operationId (the name it most likely meant). verify() and runVerification are called directly,
// unpaced (test/support/verify-here.ts): the pace is checked where it is the point
// (verify-failing.test.ts, the redirect loop). The run against the e2e fixture's Prism mock, and the
// example workflow's command through npm: test/e2e/verify.test.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as client from '../../generated/dist/client.js';
import { operations } from '../../scripts/stated/operations.ts';
import { bodyChecker } from '../../scripts/verify/body-check.ts';
import { planVerification } from '../../scripts/verify/plan.ts';
import { type ClientModule, downAfter, runVerification } from '../../scripts/verify/run-verification.ts';
import { checkNames, parseVerifyArgs, UsageError } from '../../scripts/verify/verify-options.ts';
import { type Json, loadBundle, root } from '../support/helpers.ts';
import { freeLoopbackPort, jsonReply, type RecordedRequest, startTestServer, type TestServer } from '../support/http-server.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';
import { unpaced, verdictOf, verifyHere } from '../support/verify-here.ts';

// The counts of the table (scripts/stated/operations.ts): an operation added there changes them.
const gets = operations.filter((operation) => operation.method === 'get');
const total = operations.length;
const plainGets = gets.filter((operation) => !operation.path.includes('{')).length;

let bundle: Json;
let server: TestServer;
let elsewhere: TestServer;
const scratch = scratchFolderPerFile('verify-run');

beforeAll(async () => {
  bundle = await loadBundle();
  [server, elsewhere] = await Promise.all([startTestServer(), startTestServer()]);
});

afterAll(async () => {
  await Promise.all([server.close(), elsewhere.close()]);
});

/** runVerification on the checkout's description and client, unpaced. */
const verifyAgainst = (args: string[]) => {
  const options = { ...parseVerifyArgs(args), ...unpaced };
  return runVerification(planVerification(bundle, options), options, client as unknown as ClientModule, bodyChecker(bundle));
};

describe('the run', () => {
  it("keeps a base URL's path prefix (a service behind a gateway): every call goes under it", async () => {
    server.requests.length = 0;
    server.reply = () => jsonReply(200, {});
    const run = await verifyAgainst(['--base-url', `${server.url}/email/api/`]);
    expect(server.requests.length).toBeGreaterThan(0);
    expect(server.requests.every((request) => request.target.startsWith('/email/api/v1/'))).toBe(true);
    expect(run.verdicts.find((verdict) => verdict.operationId === 'listScopes')?.url).toBe(`${server.url}/email/api/v1/scopes`);
  });

  it(`stops after ${downAfter} connection failures in a row: the service is down, the rest is not sent`, async () => {
    const run = await verifyAgainst(['--base-url', `http://127.0.0.1:${await freeLoopbackPort()}`]);
    expect(run.requestsSent).toBe(downAfter);
    expect(run.verdicts.filter((verdict) => verdict.kind === 'unreachable')).toHaveLength(downAfter);
    const down = run.verdicts.filter((verdict) => verdict.group === 'service down');
    expect(down.length).toBeGreaterThan(0);
    expect(down[0].detail).toBe(`not sent: the ${downAfter} calls before it could not connect`);
  });

  it('a mistyped operationId in --id gets the name it most likely meant', () => {
    expect(() => checkNames(parseVerifyArgs(['--base-url', 'https://api.example.test', '--id', 'listQuota=1']), bundle)).toThrow(
      new UsageError('"listQuota" is not an operationId of the description; did you mean listQuotas?'),
    );
  });
});

describe('what is sent by default', () => {
  // That these go at most --rate a second: verify-failing.test.ts, the redirect loop (paced).
  it('exactly the planned GETs, each once, with the given header; the header value is never printed', async () => {
    server.requests.length = 0;
    server.reply = () => jsonReply(200, {});
    const result = await verifyHere(['--base-url', server.url, '--header', 'X-Api-Key: secret-123']);
    expect(result.code, `${result.out}\n${result.err}`).toBe(0);
    const plan = await verifyHere(['--base-url', server.url, '--header', 'X-Api-Key: secret-123', '--dry-run']);
    const planned = [...plan.out.matchAll(/^ {2}call {2}GET +(\S+) /gm)].map((m) => new URL(m[1]).pathname);
    expect(planned).toHaveLength(plainGets);
    expect(server.requests.map((r: RecordedRequest) => `${r.method} ${r.target}`)).toEqual(planned.map((p) => `GET ${p}`));
    expect(server.requests.every((r) => r.headers['x-api-key'] === 'secret-123' && r.body === '')).toBe(true);
    expect(plan.out).toContain('with the header(s) X-Api-Key');
    expect(plan.out).not.toContain('secret-123');
  });

  it('--dry-run prints the plan and sends nothing', async () => {
    server.requests.length = 0;
    const result = await verifyHere(['--base-url', server.url, '--dry-run', '--id', 'getIntegration=i 1/..']);
    expect(result.code).toBe(0);
    expect(result.out).toContain(`  call  GET    ${server.url}/v1/integrations/i%201%2F..  getIntegration`);
    expect(result.out).toContain('    sendBatch (POST): a write: --write sendBatch --allow-writes');
    expect(result.out).toContain('    getInboundWebhook (GET): needs an existing {id}: --id getInboundWebhook=<id>');
    // Each operation not called is listed once.
    expect(result.out.split('sendBatch').length - 1).toBe(2);
    expect(result.out).toContain('verify: --dry-run: nothing was sent');
    expect(server.requests).toEqual([]);
  });

  it('a base URL that ends in /v2 is warned of, since the paths start with it, and used as given', async () => {
    const result = await verifyHere(['--base-url', `${server.url}/v2/`, '--dry-run']);
    expect(result.code).toBe(0);
    expect(result.err).toContain(
      `verify: warning: --base-url ${server.url}/v2: the base URL ends in /v2, and the description's paths start with /v2/ already (calls go to .../v2/v2/...): give the part before /v2`,
    );
    expect(result.out).toContain(`${server.url}/v2/v1/`);
    const plain = await verifyHere(['--base-url', `${server.url}/email`, '--dry-run']);
    expect(plain.err).not.toContain('ends in');
  });
});

describe('a service that deviates on purpose', () => {
  let result: { code: number; out: string; err: string };
  beforeAll(async () => {
    server.requests.length = 0;
    elsewhere.requests.length = 0;
    server.reply = (request) => {
      if (request.method === 'POST' && request.path === '/v1/batches/b1/send') return jsonReply(200, {});
      if (request.path === '/v1/scopes') return { status: 200, body: '<html><body>Welcome</body></html>', headers: { 'content-type': 'text/html' } };
      if (request.path === '/v1/custom-fields') return { status: 200, body: '{}', headers: { 'content-type': 'text/plain' } };
      if (request.path === '/v1/quotas') return jsonReply(404, { message: 'not here' });
      if (request.path === '/v1/webhooks') return { ...jsonReply(200, {}), delayMs: 3000 };
      if (request.path === '/v1/api-key') return { status: 302, headers: { location: `${elsewhere.url}/collect` } };
      return jsonReply(200, {});
    };
    const junit = path.join(scratch.dir, 'verify.xml');
    result = await verifyHere([
      '--base-url',
      server.url,
      '--write',
      'sendBatch',
      '--allow-writes',
      '--id',
      'sendBatch=b1',
      '--timeout',
      '0.5',
      '--junit',
      junit,
    ]);
  });

  it('gives each deviation exactly its verdict, and exits 1', () => {
    expect(result.code).toBe(1);
    expect(verdictOf(result.out, 'sendBatch')).toMatch(/^contradicts +sendBatch +POST +answered 200; the description states 201$/);
    expect(verdictOf(result.out, 'listScopes')).toMatch(
      /^contradicts +listScopes +GET +the success body is not JSON: the 200 response \(content-type: text\/html\) reads "<html><body>Welcome<\/body><\/html>"$/,
    );
    expect(verdictOf(result.out, 'listCustomFields')).toMatch(/answered 200 with media type text\/plain; the description states application\/json$/);
    expect(verdictOf(result.out, 'listQuotas')).toMatch(
      /^not confirmed +listQuotas +GET +answered 404, which the description allows \(default\), but the operation was not shown to work: the body "\{\\"message\\":\\"not here\\"\}"$/,
    );
    expect(verdictOf(result.out, 'listWebhooks')).toMatch(/^unreachable +listWebhooks +GET +no whole answer within the 0\.5 s timeout$/);
    expect(verdictOf(result.out, 'getApiKey')).toMatch(
      new RegExp(`^not confirmed +getApiKey +GET +answered 302 with a redirect to ${elsewhere.url}/collect, another origin: not followed`),
    );
    expect(verdictOf(result.out, 'listQuotas')).toBeDefined();
    expect(result.out).toMatch(
      new RegExp(
        `^verify: 3 contradicts, 1 unreachable, 2 not confirmed, ${plainGets - 5} as described, ${total - plainGets - 1} not called; ${plainGets + 1} requests sent in \\d+\\.\\d s$`,
        'm',
      ),
    );
    // Failures first, then not confirmed, then confirmed, then not called.
    const kinds = result.out.split('\n').flatMap((line) => /^(contradicts|unreachable|not confirmed|as described|not called) /.exec(line)?.[1] ?? []);
    expect([...new Set(kinds)]).toEqual(['contradicts', 'unreachable', 'not confirmed', 'as described', 'not called']);
  });

  it('sends the one write it was told to, and nothing to the other origin', () => {
    expect(server.requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.target}`)).toEqual(['POST /v1/batches/b1/send']);
    expect(elsewhere.requests).toEqual([]);
  });

  it('writes JUnit XML: a failure per contradiction, an error for the timeout, skipped for the rest', async () => {
    const xml = await fs.readFile(path.join(scratch.dir, 'verify.xml'), 'utf8');
    expect(xml).toContain(`<testsuites name="verify" tests="${total}" failures="3" errors="1" skipped="${total - plainGets - 1 + 2}" `);
    expect(xml).toContain('<testcase classname="verify" name="sendBatch (POST)"');
    expect(xml).toContain('<failure message="contradicts: the success body is not JSON: the 200 response (content-type: text/html) reads &quot;&lt;html&gt;');
  });
});

describe('with the example overlays', () => {
  it('a body that breaks an overlaid field contradicts, naming the field; --format markdown makes the job summary', async () => {
    server.reply = (request) => (request.path === '/v1/messages/status' ? jsonReply(200, { state: 'lost' }) : jsonReply(200, {}));
    const overlays = ['--overlay', 'examples/overlays/auth.yaml', '--overlay', 'examples/overlays/fields.yaml'];
    const result = await verifyHere(['--base-url', server.url, ...overlays, '--format', 'markdown']);
    expect(result.code).toBe(1);
    expect(result.err).toContain(`verify: ${server.url} against the description with 2 overlay(s)`);
    expect(result.out).toContain(
      '| contradicts | `getMessageStatus` | GET | answered 200, but the body does not match GetMessageStatusResponseBody: field state must be equal to one of the allowed values ("queued", "delivered", "bounced") |',
    );
    expect(result.out).toMatch(
      new RegExp(`^\\*\\*Failed\\*\\*: 1 contradicts, ${plainGets - 1} as described, ${total - plainGets} not called; ${plainGets} requests sent in`, 'm'),
    );
    expect(result.err).toContain(
      'verify: warning: the description declares security (ExampleApiKey) and no --header or --header-env carries it: add --header-env X-Example-Api-Key=<VAR>, the variable that holds "<key>" (or --header "X-Example-Api-Key: <key>"); the calls go out without credentials',
    );
    const withKey = await verifyHere(['--base-url', server.url, ...overlays, '--header', 'X-Example-Api-Key: k', '--dry-run']);
    expect(withKey.err).not.toContain('warning');
  });

  it('without the overlays, the same body is as described (the description leaves its fields open)', async () => {
    const result = await verifyHere(['--base-url', server.url]);
    expect(result.code).toBe(0);
    expect(verdictOf(result.out, 'getMessageStatus')).toMatch(/^as described /);
  });
});

describe('bad usage: one line, exit 2, nothing sent', () => {
  it.each([
    [['--base-url', '127.0.0.1:9'], 'verify: --base-url "127.0.0.1:9" has no scheme: give https://... or http://...'],
    [
      ['--base-url', 'http://127.0.0.1:9/api?key=1'],
      'verify: --base-url "http://127.0.0.1:9/api?key=1" has a query or fragment (?key=1): give the scheme, the host and any path prefix only',
    ],
    [['--header', 'X-Api-Key'], 'verify: --header: give it as "Name: value", a field name and a value on one line (the header\'s value is never printed)'],
    [['--id', 'getWebhok=1'], 'verify: "getWebhok" is not an operationId of the description'],
    [['--id', 'listWebhook=1'], 'verify: "listWebhook" is not an operationId of the description; did you mean listWebhooks?'],
    [
      ['--write', 'sendBatch', '--id', 'sendBatch=b1'],
      'verify: --write sendBatch changes data on the service: add --allow-writes to say that this verification writes',
    ],
    [['--junit', 'no-such-folder/verify.xml'], `verify: --junit no-such-folder/verify.xml: the folder ${path.join(root, 'no-such-folder')} does not exist`],
  ])('%j', async (args, message) => {
    server.requests.length = 0;
    const withBase = args.includes('--base-url') ? args : ['--base-url', server.url, ...args];
    const result = await verifyHere(withBase);
    expect(result.code).toBe(2);
    expect(result.err).toBe(`${message}: see \`npm run verify -- --help\``);
    expect(server.requests).toEqual([]);
  });

  it('an unreachable host: each call unreachable, naming why, exit 1', async () => {
    const port = await freeLoopbackPort();
    const result = await verifyHere(['--base-url', `http://127.0.0.1:${port}`]);
    expect(result.code).toBe(1);
    expect(verdictOf(result.out, 'listScopes')).toMatch(/^unreachable +listScopes +GET +connection failed: ECONNREFUSED/);
  });

  it('--strict makes a not-confirmed operation fail; without it, a 404 alone passes', async () => {
    server.reply = (request) => (request.path === '/v1/quotas' ? jsonReply(404, {}) : jsonReply(200, {}));
    expect((await verifyHere(['--base-url', server.url])).code).toBe(0);
    expect((await verifyHere(['--base-url', server.url, '--strict'])).code).toBe(1);
  });
});
