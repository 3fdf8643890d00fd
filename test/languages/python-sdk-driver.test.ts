// The Python SDK's guarantees through its driver (python/sdk_driver.py, the protocol the guarantees
// table runs for every language), sync and async: one driver process per client kind reads a line
// per row and calls a misbehaving server on 127.0.0.1 that this process runs (it never answers,
// drips, answers too much, redirects elsewhere, fails and recovers, echoes the credential). Each row
// checks the outcome by the error's class, the wall time against the deadline, and what the server
// received.
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { missingFor, requireTools, runsHere, venv } from '../support/languages.ts';

const missing = missingFor(['python']);
const sdkSource = path.join(root, 'generated', 'sdk', 'python', 'src');
const secret = 'sk-secret-123';

interface Received {
  method: string;
  target: string;
  headers: Record<string, string>;
  body: string;
}

/** What the server does with one request: answer at once, drip an answer a byte at a time, never answer, or close. */
type Behaviour = { answer: string } | { drip: string; everyMs: number } | 'hang' | 'close';

/** An HTTP server on 127.0.0.1 made of raw sockets, so that it can misbehave as no HTTP library lets it. */
async function misbehavingServer() {
  const sockets = new Set<net.Socket>();
  const state = { received: [] as Received[], behave: (() => 'close') as (request: Received, index: number) => Behaviour };
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end === -1) return;
        const [line, ...fields] = buffered.subarray(0, end).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(
          fields.map((field) => [field.slice(0, field.indexOf(':')).toLowerCase(), field.slice(field.indexOf(':') + 1).trim()]),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (buffered.length < end + 4 + length) return;
        const [method, target] = line.split(' ');
        const request = { method, target, headers, body: buffered.subarray(end + 4, end + 4 + length).toString('utf8') };
        buffered = buffered.subarray(end + 4 + length);
        state.received.push(request);
        act(socket, state.behave(request, state.received.length - 1));
      }
    });
  });
  const act = (socket: net.Socket, behaviour: Behaviour) => {
    if (behaviour === 'close') socket.destroy();
    else if (behaviour === 'hang') return;
    else if ('answer' in behaviour) socket.write(behaviour.answer);
    else {
      let at = 0;
      const timer = setInterval(() => {
        if (socket.destroyed || at >= behaviour.drip.length) return clearInterval(timer);
        socket.write(behaviour.drip[at++]);
      }, behaviour.everyMs);
      socket.on('close', () => clearInterval(timer));
    }
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A whole HTTP/1.1 answer. */
const answer = (status: number, body = '', headers: Record<string, string> = {}) => ({
  answer: [
    `HTTP/1.1 ${status} X`,
    ...Object.entries({ 'content-length': String(Buffer.byteLength(body)), ...headers }).map(([k, v]) => `${k}: ${v}`),
    '',
    body,
  ].join('\r\n'),
});
const json = (status: number, value: unknown, headers: Record<string, string> = {}) =>
  answer(status, JSON.stringify(value), { 'content-type': 'application/json', ...headers });

interface Outcome {
  outcome: string;
  status: number | null;
  body: unknown;
  error: string;
  printed: string;
  seconds: number;
}

/** The driver as a process that answers one line per line it is given. */
function startDriver(args: string[]) {
  const child: ChildProcessWithoutNullStreams = spawn(
    path.join(venv, 'bin', 'python'),
    [path.join(root, 'test', 'languages', 'python', 'sdk_driver.py'), ...args],
    {
      env: { ...process.env, PYTHONPATH: sdkSource, PYTHONDONTWRITEBYTECODE: '1' },
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async call(line: object): Promise<Outcome> {
      child.stdin.write(`${JSON.stringify(line)}\n`);
      const next = await lines.next();
      if (next.done) throw new Error(`the driver ended: ${stderr}`);
      return JSON.parse(next.value) as Outcome;
    },
    async stop(): Promise<number | null> {
      child.stdin.end();
      return child.exitCode ?? new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    },
  };
}

/** A port nothing listens on: a connection to it is refused. */
async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

type Server = Awaited<ReturnType<typeof misbehavingServer>>;

interface Row {
  name: string;
  /** The call: the operation and its arguments, and the client's options. */
  call: { operation: string; path?: string[]; query?: Record<string, string>; body?: unknown; options?: Record<string, number> };
  behave: (request: Received, index: number, other: Server) => Behaviour;
  /** Checks of the outcome and of what each server received. */
  check: (outcome: Outcome, received: Received[], elsewhere: Received[]) => void;
}

/** Ended at the deadline: not before it, and not much after it. */
const endedAtDeadline = (outcome: Outcome, deadline: number) => {
  expect(outcome.outcome, outcome.error).toBe('timeout');
  expect(outcome.seconds).toBeGreaterThanOrEqual(deadline - 0.05);
  expect(outcome.seconds).toBeLessThan(deadline + 0.75);
};

const rows: Row[] = [
  {
    name: 'a server that never answers: a timeout at the deadline',
    call: { operation: 'listWebhooks', options: { timeoutSeconds: 1 } },
    behave: () => 'hang',
    check: (outcome) => endedAtDeadline(outcome, 1),
  },
  {
    name: 'a server that drips its headers a byte at a time: a timeout at the deadline',
    call: { operation: 'listWebhooks', options: { timeoutSeconds: 1 } },
    behave: () => ({ drip: 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-padding: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n{}', everyMs: 50 }),
    check: (outcome) => endedAtDeadline(outcome, 1),
  },
  {
    name: 'a server that drips its body a byte at a time: a timeout at the deadline',
    call: { operation: 'getIntegration', path: ['int_1'], options: { timeoutSeconds: 1 } },
    behave: () => ({ drip: `HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n${'{"a":"'.padEnd(99, 'x')}`, everyMs: 50 }),
    check: (outcome) => endedAtDeadline(outcome, 1),
  },
  {
    name: 'a Content-Length over the bound: too large, at once, naming the bound and its option',
    call: { operation: 'getIntegration', path: ['int_1'], options: { maxResponseBytes: 1024 } },
    behave: () => ({ answer: 'HTTP/1.1 200 OK\r\ncontent-length: 100000000\r\n\r\n{' }),
    check: (outcome) => {
      expect(outcome.outcome, outcome.error).toBe('too_large');
      expect(outcome.error).toContain('bigger than 1024 bytes (max_response_bytes)');
      expect(outcome.seconds).toBeLessThan(1);
    },
  },
  {
    name: 'a body with no length that grows past the bound: too large',
    call: { operation: 'getIntegration', path: ['int_1'], options: { maxResponseBytes: 4096 } },
    behave: () => ({ answer: `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n\r\n{"a":"${'x'.repeat(20_000)}` }),
    check: (outcome) => expect(outcome.outcome, outcome.error).toBe('too_large'),
  },
  {
    name: 'a redirect to another origin: refused, naming the target without its query values; the other origin receives nothing',
    call: { operation: 'listWebhooks' },
    behave: (_, __, other) => answer(307, '', { location: `${other.url}/steal?token=${secret}&x=1` }),
    check: (outcome, received, elsewhere) => {
      expect(outcome.outcome, outcome.error).toBe('redirect_refused');
      expect(outcome.error).toMatch(/redirect to http:\/\/127\.0\.0\.1:\d+\/steal\?token=…&x=…, another origin/);
      expect(outcome.error).not.toContain(secret);
      expect(received).toHaveLength(1);
      expect(elsewhere).toEqual([]);
    },
  },
  {
    name: 'a 307 within the origin: followed, with the same method and body',
    call: { operation: 'sendBatch', path: ['b_1'], body: { any: 1 } },
    behave: (_, index) => (index === 0 ? answer(307, '', { location: '/v1/batches/b_2/send' }) : json(201, { sent: true })),
    check: (outcome, received) => {
      expect(outcome.outcome, outcome.error).toBe('ok');
      expect(outcome.body).toEqual({ sent: true });
      expect(received.map((r) => `${r.method} ${r.target} ${r.body} ${r.headers['x-api-key']}`)).toEqual([
        `POST /v1/batches/b_1/send {"any":1} ${secret}`,
        `POST /v1/batches/b_2/send {"any":1} ${secret}`,
      ]);
    },
  },
  {
    name: "an id '..': refused before anything is sent",
    call: { operation: 'getIntegration', path: ['..'] },
    behave: () => json(200, {}),
    check: (outcome, received) => {
      expect(outcome.outcome, outcome.error).toBe('unsafe_path');
      expect(outcome.error).toContain("path parameter 'id'");
      expect(received).toEqual([]);
    },
  },
  {
    name: 'any other id: one percent-encoded segment (RFC 3986 unreserved characters kept); open pairs as plain name=value',
    call: { operation: 'getIntegration', path: ["a/b c?d#é!*'()~"] },
    behave: () => json(200, { id: 'x' }),
    check: (outcome, received) => {
      expect(outcome.outcome, outcome.error).toBe('ok');
      expect(received.map((r) => r.target)).toEqual(['/v1/integrations/a%2Fb%20c%3Fd%23%C3%A9%21%2A%27%28%29~']);
    },
  },
  {
    name: 'open query pairs: each as a plain name=value pair, percent-encoded',
    call: { operation: 'getApiKey', query: { name: 'value', 'two words': 'a&b' } },
    behave: () => json(200, {}),
    check: (outcome, received) => {
      expect(outcome.outcome, outcome.error).toBe('ok');
      expect(received.map((r) => r.target)).toEqual(['/v1/api-key?name=value&two%20words=a%26b']);
    },
  },
  {
    name: 'a GET answered 503 twice, then 200: retried, honouring Retry-After',
    call: { operation: 'listWebhooks' },
    behave: (_, index) => (index < 2 ? answer(503, '', { 'retry-after': '0' }) : json(200, [1])),
    check: (outcome, received) => {
      expect(outcome.outcome, outcome.error).toBe('ok');
      expect(outcome.body).toEqual([1]);
      expect(received).toHaveLength(3);
    },
  },
  {
    name: 'a DELETE answered 502 each time: at most max_retries retries, then the API error',
    call: { operation: 'deleteWebhook', path: ['wh_1'], options: { maxRetries: 1 } },
    behave: () => answer(502, 'bad gateway', { 'retry-after': '0' }),
    check: (outcome, received) => {
      expect(outcome.outcome, outcome.error).toBe('api_error');
      expect(outcome.status).toBe(502);
      expect(received).toHaveLength(2);
    },
  },
  {
    name: 'a POST answered 503: never retried',
    call: { operation: 'sendBatch', path: ['b_1'], body: {} },
    behave: () => answer(503, '', { 'retry-after': '0' }),
    check: (outcome, received) => {
      expect(outcome.outcome, outcome.error).toBe('api_error');
      expect(received).toHaveLength(1);
    },
  },
  {
    name: 'a Retry-After over 60 s: the call ends with that answer, not retried',
    call: { operation: 'listWebhooks' },
    behave: () => answer(429, 'slow down', { 'retry-after': '120' }),
    check: (outcome, received) => {
      expect(outcome.outcome, outcome.error).toBe('api_error');
      expect(outcome.status).toBe(429);
      expect(outcome.seconds).toBeLessThan(1);
      expect(received).toHaveLength(1);
    },
  },
  {
    name: 'a retry whose wait would end past the deadline is not taken',
    call: { operation: 'listWebhooks', options: { timeoutSeconds: 1 } },
    behave: () => answer(503, '', { 'retry-after': '5' }),
    check: (outcome, received) => {
      expect(outcome.outcome, outcome.error).toBe('api_error');
      expect(outcome.seconds).toBeLessThan(0.5);
      expect(received).toHaveLength(1);
    },
  },
  {
    name: 'an error body that echoes the credential, raw and percent-encoded, with escape sequences: redacted and escaped',
    call: { operation: 'getIntegration', path: ['int_1'] },
    behave: () => answer(500, `{"key":"${secret}","again":"${encodeURIComponent(secret)}","evil":"\u001b[2J\u202e"}`),
    check: (outcome) => {
      expect(outcome.outcome, outcome.error).toBe('api_error');
      expect(outcome.error).toBe('getIntegration: the service answered 500: {"key":"[redacted]","again":"[redacted]","evil":"\\x1b[2J\\u202e"}');
      expect(outcome.printed).not.toContain(secret);
      expect(outcome.printed).toContain("headers=['X-Api-Key']");
    },
  },
  {
    name: 'a 2xx body that is not JSON: an error naming the operation',
    call: { operation: 'getIntegration', path: ['int_1'] },
    behave: () => answer(200, '<html>', { 'content-type': 'text/html' }),
    check: (outcome) => {
      expect(outcome.outcome).toBe('other');
      expect(outcome.error).toMatch(/^getIntegration: the 200 answer's body is not JSON/);
    },
  },
  {
    name: 'a 2xx with an empty body: None',
    call: { operation: 'getIntegration', path: ['int_1'] },
    behave: () => answer(200),
    check: (outcome) => {
      expect(outcome.outcome, outcome.error).toBe('ok');
      expect(outcome.body).toBeNull();
    },
  },
];

describe.runIf(runsHere('the Python SDK driver', missing)).each([
  ['Client', []],
  ['AsyncClient', ['--async']],
])('the Python SDK (%s) through its driver, against a misbehaving server', (_, args) => {
  let server: Server;
  let other: Server;
  let driver: ReturnType<typeof startDriver>;
  beforeAll(async () => {
    requireTools(missing);
    [server, other] = await Promise.all([misbehavingServer(), misbehavingServer()]);
    driver = startDriver(args);
  });
  afterAll(async () => {
    expect(await driver?.stop()).toBe(0);
    await Promise.all([server?.close(), other?.close()]);
  });

  it.each(rows)('$name', async (row) => {
    server.state.received = [];
    other.state.received = [];
    server.state.behave = (request, index) => row.behave(request, index, other);
    other.state.behave = () => json(200, { stolen: true });
    const { options, ...call } = row.call;
    const outcome = await driver.call({ baseUrl: server.url, headers: { 'X-Api-Key': secret }, options: options ?? {}, ...call });
    expect(outcome.error).not.toContain(secret);
    row.check(outcome, server.state.received, other.state.received);
  });

  it('a connection refused: a GET retried, then a connection error', async () => {
    const outcome = await driver.call({
      baseUrl: `http://127.0.0.1:${await closedPort()}`,
      headers: {},
      options: { maxRetries: 1 },
      operation: 'listWebhooks',
    });
    expect(outcome.outcome, outcome.error).toBe('connection_error');
    // One wait of 0.5 s less up to 25 % jitter before the one retry.
    expect(outcome.seconds).toBeGreaterThanOrEqual(0.37);
  });
});
