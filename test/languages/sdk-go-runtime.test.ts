// The Go SDK's runtime on the wire: its driver (test/languages/go/cmd/sdk-driver, built against the
// committed generated/sdk/go) makes one call per row against a misbehaving server on 127.0.0.1 in
// this process, and each row checks the outcome the driver names by the error's type, what the
// server saw, and how long the call took. Every call carries a credential header, which no error
// text and no printed form of the client may hold. The guarantees every SDK shares are the lead's
// table (SDK-SPEC); these rows are the Go runtime's own, and the driver is the table's.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../support/http-server.ts';
import { languagesDir, missingFor, mustRun, requireTools, runsHere } from '../support/languages.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';
import { type Driver, type DriverCall, type DriverOutcome, startDriver } from '../support/sdk-driver.ts';

const secret = 'sk-secret-1 /+&';
const missing = missingFor(['go']);
const scratch = scratchFolderPerFile('sdk-go-runtime');

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What the server does with the nth request (from 0) of a row. */
type Behaviour = (request: http.IncomingMessage, response: http.ServerResponse, n: number, body: string) => void;

/** A server on 127.0.0.1 that answers each request as the row says, and records it. */
async function misbehavingServer() {
  const state = { behaviour: (() => {}) as Behaviour, seen: [] as Seen[], timers: [] as NodeJS.Timeout[] };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const n = state.seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body }) - 1;
      state.behaviour(request, response, n, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    /** Between rows: no request, timer or connection of the last row left. */
    reset(behaviour: Behaviour) {
      for (const timer of state.timers.splice(0)) clearInterval(timer);
      server.closeAllConnections();
      state.seen = [];
      state.behaviour = behaviour;
    },
    close: () => {
      for (const timer of state.timers.splice(0)) clearInterval(timer);
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
type Server = Awaited<ReturnType<typeof misbehavingServer>>;

const json =
  (status: number, value: unknown, headers: Record<string, string> = {}): Behaviour =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(value));
  };
/** The first `failures` requests answered by `first`, the rest by `then`. */
const after =
  (failures: number, first: Behaviour, then: Behaviour): Behaviour =>
  (request, response, n, body) =>
    (n < failures ? first : then)(request, response, n, body);
const never: Behaviour = () => {};
const drop: Behaviour = (request) => request.socket.destroy();

interface Row {
  name: string;
  serve: (server: Server, other: Server) => Behaviour;
  call: Omit<DriverCall, 'baseUrl'>;
  /** The base URL: the server's (default), or a port nothing listens on. */
  base?: 'closed';
  want: Partial<Pick<DriverOutcome, 'outcome' | 'status' | 'body'>> & {
    /** The request targets the server saw, in order (or how many). */
    seen?: string[] | number;
    /** What the other origin saw. */
    otherSeen?: number;
    /** Bounds of the call's wall time, in seconds. */
    seconds?: [number, number];
    /** Texts the error holds. */
    error?: (string | RegExp)[];
  };
}

const quick = { timeoutSeconds: 5, maxRetries: 0 };
const rows: Row[] = [
  {
    name: 'a 2xx is decoded, and the client header goes out',
    serve: () => json(200, { name: 'Zapier', count: 3 }),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'ok', status: 200, body: { name: 'Zapier', count: 3 }, seen: ['GET /v1/integrations/int_1'] },
  },
  {
    name: "a 2xx's empty body is null",
    serve: () => (_request, response) => response.writeHead(200).end(),
    call: { operation: 'deleteWebhook', path: ['wh_1'] },
    want: { outcome: 'ok', status: 200, body: null, seen: ['DELETE /v1/webhooks/wh_1'] },
  },
  {
    name: 'sendBatch sends its body and gets its 201',
    serve: () => (_request, response, _n, body) => response.writeHead(201, { 'content-type': 'application/json' }).end(body),
    call: { operation: 'sendBatch', path: ['b 1'], body: { subject: 'hi', count: 2 } },
    want: { outcome: 'ok', status: 201, body: { subject: 'hi', count: 2 }, seen: ['POST /v1/batches/b%201/send'] },
  },
  {
    name: 'the open query pairs go out as plain name=value, both percent-encoded',
    serve: () => json(200, {}),
    call: { operation: 'getApiKey', query: { name: 'value', 'two words': 'a&b=c' } },
    want: { outcome: 'ok', seen: ['GET /v1/api-key?name=value&two%20words=a%26b%3Dc'] },
  },
  {
    name: 'an id goes out as one percent-encoded segment',
    serve: () => json(200, {}),
    call: { operation: 'getIntegration', path: ["a/b c?d#é!'()*~"] },
    want: { outcome: 'ok', seen: ['GET /v1/integrations/a%2Fb%20c%3Fd%23%C3%A9%21%27%28%29%2A~'] },
  },
  ...['', '.', '..'].map((id): Row => ({
    name: `an id ${JSON.stringify(id)} is refused before anything is sent`,
    serve: () => json(200, {}),
    call: { operation: 'getIntegration', path: [id] },
    want: { outcome: 'unsafe_path', seen: 0, error: ['getIntegration', "unsafe path parameter 'id'"] },
  })),
  {
    name: 'a server that never answers ends at the deadline',
    serve: () => never,
    call: { operation: 'listWebhooks', options: { timeoutSeconds: 0.5, maxRetries: 0 } },
    want: { outcome: 'timeout', seconds: [0.5, 1.5], error: ['listWebhooks', 'WithTimeout'] },
  },
  {
    name: 'a body that drips ends at the deadline',
    serve: (server) => (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      server.state.timers.push(setInterval(() => response.write('1,'), 50));
    },
    call: { operation: 'listWebhooks', options: { timeoutSeconds: 0.5 } },
    want: { outcome: 'timeout', seconds: [0.5, 1.5], seen: 1 },
  },
  {
    name: 'headers that drip end at the deadline',
    serve: (server) => (_request, response) => {
      // The raw socket: Node's response would send its headers whole.
      response.socket?.write('HTTP/1.1 200 OK\r\nX-Drip: ');
      server.state.timers.push(setInterval(() => response.socket?.write('a'), 50));
    },
    call: { operation: 'listWebhooks', options: { timeoutSeconds: 0.5 } },
    want: { outcome: 'timeout', seconds: [0.5, 1.5], seen: 1 },
  },
  {
    name: 'a redirect, then a server that never answers: the deadline holds over the whole call',
    serve: () => after(1, (_request, response) => response.writeHead(307, { location: '/v1/webhooks?page=2' }).end(), never),
    call: { operation: 'listWebhooks', options: { timeoutSeconds: 0.5 } },
    want: { outcome: 'timeout', seconds: [0.5, 1.5], seen: ['GET /v1/webhooks', 'GET /v1/webhooks?page=2'] },
  },
  {
    name: 'a Content-Length over the bound ends the call at once, without reading the body',
    // The body never comes whole: a client that read it would wait for the deadline.
    serve: () => (_request, response) => response.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' }).write('"xx'),
    call: { operation: 'listWebhooks', options: { maxResponseBytes: 1024, timeoutSeconds: 5 } },
    want: { outcome: 'too_large', error: ['1024 bytes', 'WithMaxResponseBytes'], seconds: [0, 1] },
  },
  {
    name: 'a body without a length that grows past the bound ends the call at the bound',
    serve: (server) => (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      server.state.timers.push(setInterval(() => response.write(' '.repeat(512)), 5));
    },
    call: { operation: 'listWebhooks', options: { maxResponseBytes: 4096, timeoutSeconds: 5 } },
    want: { outcome: 'too_large', seconds: [0, 2] },
  },
  {
    name: 'a redirect within the origin is followed, a 307 with its body',
    serve: () =>
      after(
        1,
        (_request, response) => response.writeHead(307, { location: '/v1/unsubscribe-groups/moved' }).end(),
        (_request, response, _n, body) => response.writeHead(200, { 'content-type': 'application/json' }).end(body),
      ),
    call: { operation: 'replaceUnsubscribeGroup', path: ['g1'], body: { name: 'x' } },
    want: { outcome: 'ok', body: { name: 'x' }, seen: ['PUT /v1/unsubscribe-groups/g1', 'PUT /v1/unsubscribe-groups/moved'] },
  },
  {
    name: 'a redirect to another origin is not followed, and its target gets nothing',
    serve: (_server, other) => (_request, response) => response.writeHead(302, { location: `${other.url}/steal?key=${encodeURIComponent(secret)}&x=1` }).end(),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'redirect_refused', seen: 1, otherSeen: 0, error: ['cross-origin redirect', '/steal?key=…&x=…'] },
  },
  {
    name: "at most 5 redirects within the origin are followed: the answer after the fifth is the call's",
    serve: () => (_request, response, n) => response.writeHead(302, { location: `/v1/webhooks?hop=${n + 1}` }).end(),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'api_error', status: 302, seen: 6 },
  },
  {
    name: 'a GET is retried on a 503, honouring Retry-After',
    serve: () => after(2, json(503, {}, { 'retry-after': '0' }), json(200, { ok: true })),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'ok', body: { ok: true }, seen: 3, seconds: [0, 1] },
  },
  {
    name: 'retries back off 0.5 s, then 1 s, less up to 25 %, without Retry-After',
    serve: () => after(2, json(502, {}), json(200, {})),
    call: { operation: 'getIntegration', path: ['i'] },
    want: { outcome: 'ok', seen: 3, seconds: [1.1, 2.2] },
  },
  {
    name: 'a GET is retried at most max retries times',
    serve: () => json(429, { slow: 'down' }, { 'retry-after': '0' }),
    call: { operation: 'listWebhooks', options: { maxRetries: 3 } },
    want: { outcome: 'api_error', status: 429, seen: 4, error: ['listWebhooks', '429', 'slow'] },
  },
  {
    name: 'a Retry-After given as an HTTP date is honoured',
    serve: () =>
      after(1, (_request, response) => json(504, {}, { 'retry-after': new Date(Date.now() + 1500).toUTCString() })(_request, response, 0, ''), json(200, {})),
    call: { operation: 'deleteMessage', path: ['m'] },
    want: { outcome: 'ok', seen: 2, seconds: [0.4, 2.5] },
  },
  {
    name: 'a Retry-After over 60 s is not waited for, even within the deadline',
    serve: () => json(503, {}, { 'retry-after': '61' }),
    call: { operation: 'listWebhooks', options: { timeoutSeconds: 120 } },
    want: { outcome: 'api_error', status: 503, seen: 1, seconds: [0, 1] },
  },
  {
    name: 'a wait that would end past the deadline is not taken: the last answer is the error',
    serve: () => json(503, {}, { 'retry-after': '5' }),
    call: { operation: 'listWebhooks', options: { timeoutSeconds: 1 } },
    want: { outcome: 'api_error', status: 503, seen: 1, seconds: [0, 0.8] },
  },
  {
    name: 'a GET is retried after a connection closed before an answer',
    serve: () => after(1, drop, json(200, { again: true })),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'ok', body: { again: true }, seen: 2 },
  },
  ...(['sendBatch', 'updateUserPassword', 'exportContacts'] as const).map((operation): Row => ({
    name: `a ${operation === 'updateUserPassword' ? 'PATCH' : 'POST'} (${operation}) is never retried`,
    serve: () => json(503, {}, { 'retry-after': '0' }),
    call: { operation, path: operation === 'sendBatch' ? ['b'] : [], body: operation === 'exportContacts' ? undefined : { a: 1 } },
    want: { outcome: 'api_error', status: 503, seen: 1 },
  })),
  {
    name: 'a POST is not retried after a connection closed before an answer',
    serve: () => drop,
    call: { operation: 'sendBatch', path: ['b'] },
    want: { outcome: 'connection_error', seen: 1 },
  },
  {
    name: 'a refused connection is a connection error, after the retries',
    base: 'closed',
    serve: () => json(200, {}),
    call: { operation: 'listWebhooks', options: { maxRetries: 1 } },
    want: { outcome: 'connection_error', error: ['listWebhooks'], seconds: [0.3, 2] },
  },
  {
    name: "an error's text redacts the credential the body echoes, as given and percent-encoded",
    serve: () => (request, response) =>
      response
        .writeHead(401, { 'content-type': 'text/plain' })
        .end(
          `bad key ${String(request.headers['x-api-key'])} (${encodeURIComponent(secret)}, ${new URLSearchParams({ k: secret }).toString().slice(2)}) \u001b[31mred\u0007`,
        ),
    call: { operation: 'getIntegration', path: ['i'], options: quick },
    want: { outcome: 'api_error', status: 401, error: ['bad key [redacted] ([redacted], [redacted])', '\\x1b[31mred\\x07'] },
  },
  {
    name: 'a 2xx body that is not JSON is an error naming the operation',
    serve: () => (_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>'),
    call: { operation: 'getFooterSetting' },
    want: { outcome: 'other', error: ["getFooterSetting: the 200 answer's body is not JSON: <html>"] },
  },
  {
    name: 'a 2xx body of JSON that is not the type the description gives it is an error naming the operation',
    serve: () => json(200, [1, 2]),
    call: { operation: 'getIntegration', path: ['i'] },
    want: { outcome: 'other', error: ["getIntegration: the 200 answer's body is JSON, but not of the type the description gives it"] },
  },
  {
    name: "an error body's excerpt is at most 1,000 characters",
    serve: () => (_request, response) => response.writeHead(500).end('y'.repeat(5000)),
    call: { operation: 'getFooterSetting', options: quick },
    want: { outcome: 'api_error', status: 500, error: [/: y{999}…$/] },
  },
];

describe.runIf(runsHere('the Go SDK', missing))('the Go SDK on the wire, through its driver', () => {
  let server: Server;
  let other: Server;
  let driver: Driver;

  beforeAll(async () => {
    requireTools(missing);
    const binary = path.join(scratch.dir, 'sdk-driver');
    await mustRun('go', ['build', '-o', binary, './cmd/sdk-driver'], path.join(languagesDir, 'go'));
    [server, other] = await Promise.all([misbehavingServer(), misbehavingServer()]);
    driver = startDriver(binary, [], scratch.dir);
  });
  afterAll(async () => {
    await driver?.close();
    await Promise.all([server?.close(), other?.close()]);
  });

  it.each(rows)('$name', async (row) => {
    requireTools(missing);
    server.reset(row.serve(server, other));
    other.reset(json(200, { stolen: true }));
    const baseUrl = row.base === 'closed' ? `http://127.0.0.1:${await freeLoopbackPort()}` : server.url;
    const result = await driver.call({ baseUrl, headers: { 'X-Api-Key': secret }, ...row.call });
    const { want } = row;
    const context = JSON.stringify(result);
    if (want.outcome) expect(result.outcome, context).toBe(want.outcome);
    if (want.status !== undefined) expect(result.status, context).toBe(want.status);
    if (want.body !== undefined) expect(result.body, context).toEqual(want.body);
    const seen = server.state.seen;
    if (typeof want.seen === 'number') expect(seen, context).toHaveLength(want.seen);
    else if (want.seen) expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(want.seen);
    for (const request of seen) expect(request.headers['x-api-key'], 'the credential goes to the base URL').toBe(secret);
    if (want.otherSeen !== undefined) expect(other.state.seen, 'what the other origin saw').toHaveLength(want.otherSeen);
    if (want.seconds) {
      expect(result.seconds, context).toBeGreaterThanOrEqual(want.seconds[0]);
      expect(result.seconds, context).toBeLessThanOrEqual(want.seconds[1]);
    }
    for (const text of want.error ?? [])
      if (typeof text === 'string') expect(result.error).toContain(text);
      else expect(result.error).toMatch(text);
    for (const form of [secret, encodeURIComponent(secret), 'sk-secret-1']) {
      expect(result.error, 'the error text').not.toContain(form);
      expect(result.printed, 'the printed client').not.toContain(form);
    }
    expect(result.printed).toMatch(/^emaildelivery\.Client\{BaseURL: "http:\/\/127\.0\.0\.1:\d+", Headers: \[X-Api-Key\], /);
  });
});
