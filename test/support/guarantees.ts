// The guarantees every client of the description gives, whatever its language: one
// table of rows, each a call against a misbehaving server on 127.0.0.1 and what must come of it,
// run for the TypeScript client in process and for the Python and Go SDKs through a driver program
// (JSON lines in, one call each; JSON lines out, one outcome each). A row added here is proven in
// every language.
import { spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** One call a driver makes, with a client it builds from `baseUrl`, `headers` and `options` (absent: the SDK's default). */
export interface GuaranteeCall {
  baseUrl: string;
  headers: Record<string, string>;
  options?: { timeoutSeconds?: number; maxResponseBytes?: number; maxRetries?: number };
  operation: string;
  path?: string[];
  query?: Record<string, string>;
  body?: unknown;
}

export type OutcomeKind = 'ok' | 'api_error' | 'timeout' | 'too_large' | 'redirect_refused' | 'unsafe_path' | 'connection_error' | 'other';

/** What a driver says of one call: the kind by the error's type, never by its text. */
export interface Outcome {
  outcome: OutcomeKind;
  status?: number;
  body?: unknown;
  /** The error's text, '' where the call did not fail. */
  error: string;
  /** The client's printed form. */
  printed: string;
  seconds: number;
}

export type Driver = (call: GuaranteeCall) => Promise<Outcome>;

/** A request as the misbehaving server saw it. */
export interface SeenRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body: string;
}

/** What the server does with one request: answer (whole, or misbehaving), or close the connection. */
type Behaviour =
  | { answer: number; headers?: Record<string, string>; body?: string }
  | { neverAnswer: true }
  | { dripHeaders: true }
  | { dripBody: true }
  | { declaredLength: number }
  | { endlessBody: true }
  | { drop: true };

/** The secret every row's client is given: it must reach only the base URL's origin, and appear in no error's text or printed client. */
const secret = `sk-test-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
export const credentialHeader = { 'X-Api-Key': secret };
const secretForms = [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')];

/** A loopback server that answers each request as the row's script says, in turn (the last step repeats). */
export interface MisbehavingServer {
  url: string;
  seen: SeenRequest[];
  script: (request: SeenRequest) => Behaviour;
  close(): Promise<void>;
}

/** The server speaks raw HTTP/1.1 over net, so that it can drip a header, or close before any answer. */
export async function startMisbehavingServer(): Promise<MisbehavingServer> {
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const state: MisbehavingServer = {
    url: '',
    seen: [],
    script: () => ({ answer: 200, body: '{}' }),
    close: async () => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const every = (ms: number, tick: () => void) => {
    const timer = setInterval(tick, ms);
    timers.add(timer);
    return timer;
  };
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
        const head = buffered.subarray(0, end).toString('latin1').split('\r\n');
        const headers = Object.fromEntries(
          head.slice(1).map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
        );
        const length = Number(headers['content-length'] ?? 0);
        if (buffered.length < end + 4 + length) return;
        const [method, target] = head[0].split(' ');
        const request = { method, target, headers, body: buffered.subarray(end + 4, end + 4 + length).toString('utf8') };
        buffered = buffered.subarray(end + 4 + length);
        state.seen.push(request);
        behave(socket, state.script(request));
      }
    });
  });
  const stopOnClose = (socket: net.Socket, timer: NodeJS.Timeout) => socket.on('close', () => clearInterval(timer));
  function behave(socket: net.Socket, behaviour: Behaviour): void {
    const json = 'content-type: application/json\r\n';
    if ('drop' in behaviour) socket.destroy();
    else if ('neverAnswer' in behaviour) return;
    else if ('dripHeaders' in behaviour) {
      socket.write('HTTP/1.1 200 OK\r\nx-drip: ');
      stopOnClose(
        socket,
        every(50, () => socket.write('a')),
      );
    } else if ('dripBody' in behaviour) {
      socket.write(`HTTP/1.1 200 OK\r\n${json}transfer-encoding: chunked\r\n\r\n1\r\n[\r\n`);
      stopOnClose(
        socket,
        every(50, () => socket.write('1\r\n \r\n')),
      );
    } else if ('declaredLength' in behaviour) socket.write(`HTTP/1.1 200 OK\r\n${json}content-length: ${behaviour.declaredLength}\r\n\r\n[`);
    else if ('endlessBody' in behaviour) {
      socket.write(`HTTP/1.1 200 OK\r\n${json}transfer-encoding: chunked\r\n\r\n1\r\n[\r\n`);
      const chunk = `4000\r\n${' '.repeat(0x4000)}\r\n`;
      const pour = () => {
        while (!socket.destroyed && socket.write(chunk));
      };
      socket.on('drain', pour);
      pour();
    } else {
      const body = Buffer.from(behaviour.body ?? '');
      const headers = Object.entries({ 'content-type': 'application/json', ...behaviour.headers, 'content-length': String(body.length) });
      socket.write(`HTTP/1.1 ${behaviour.answer} Status\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`);
      socket.write(body);
    }
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** The servers of a row: the service, and another origin it may redirect to. */
interface Servers {
  service: MisbehavingServer;
  other: MisbehavingServer;
}

export interface GuaranteeRow {
  name: string;
  /** What the service does with its nth request (from 0); the other origin answers 200 `{}`. */
  script: (n: number, servers: Servers) => Behaviour;
  call: Omit<GuaranteeCall, 'baseUrl' | 'headers'>;
  want: {
    outcome: OutcomeKind;
    status?: number;
    /** Requests the service saw. */
    requests: number;
    /** Each request's target, where it matters (the path's encoding). */
    targets?: string[];
    /** The call took at least this long (a wait was honoured), in seconds. */
    atLeast?: number;
    /** The call ended by then, in seconds (a deadline, or no wait where none is due). */
    atMost?: number;
    /** Every request the service saw carried the credential (same-origin redirects, retries). */
    credentialEachTime?: boolean;
    /** Each request carried the same body (retries resend it). */
    sameBody?: boolean;
  };
}

const answer = (status: number, headers: Record<string, string> = {}, body = '{}'): Behaviour => ({ answer: status, headers, body });
const timeout = { timeoutSeconds: 0.5 };
/** How far past its deadline a call may end: the scheduling of a loaded 2-core machine. */
const slack = 0.75;
const deadline = timeout.timeoutSeconds + slack;

export const guaranteeRows: GuaranteeRow[] = [
  // A whole call ends at its deadline, retries left at their default.
  {
    name: 'deadline: a server that never answers',
    script: () => ({ neverAnswer: true }),
    call: { operation: 'listWebhooks', options: timeout },
    want: { outcome: 'timeout', requests: 1, atLeast: 0.45, atMost: deadline },
  },
  {
    name: 'deadline: a server that drips its headers',
    script: () => ({ dripHeaders: true }),
    call: { operation: 'listWebhooks', options: timeout },
    want: { outcome: 'timeout', requests: 1, atLeast: 0.45, atMost: deadline },
  },
  {
    name: 'deadline: a server that drips its body',
    script: () => ({ dripBody: true }),
    call: { operation: 'getIntegration', path: ['int_1'], options: timeout },
    want: { outcome: 'timeout', requests: 1, atLeast: 0.45, atMost: deadline },
  },
  {
    name: 'deadline: a redirect within the origin to a server that never answers',
    script: (n) => (n === 0 ? answer(307, { location: '/v1/integrations/int_2' }) : { neverAnswer: true }),
    call: { operation: 'getIntegration', path: ['int_1'], options: timeout },
    want: { outcome: 'timeout', requests: 2, atLeast: 0.45, atMost: deadline },
  },
  {
    name: 'deadline: a wait for a retry that would end past it is not taken',
    script: () => answer(503, { 'retry-after': '1' }),
    call: { operation: 'listQuotas', options: { timeoutSeconds: 1.5, maxRetries: 5 } },
    want: { outcome: 'api_error', status: 503, requests: 2, atLeast: 0.95, atMost: 1.5 + slack },
  },
  // A body over the bound ends the call, read no further.
  {
    name: 'bound: a declared length over the bound is not read',
    script: () => ({ declaredLength: 10_000_000 }),
    call: { operation: 'listScopes', options: { maxResponseBytes: 1024, timeoutSeconds: 5 } },
    want: { outcome: 'too_large', requests: 1, atMost: 2 },
  },
  {
    name: 'bound: an endless body is read up to the bound',
    script: () => ({ endlessBody: true }),
    call: { operation: 'listScopes', options: { maxResponseBytes: 65536, timeoutSeconds: 5 } },
    want: { outcome: 'too_large', requests: 1, atMost: 2 },
  },
  {
    name: 'bound: a body of exactly the bound is read',
    script: () => answer(200, {}, `[${' '.repeat(1022)}]`),
    call: { operation: 'listScopes', options: { maxResponseBytes: 1024 } },
    want: { outcome: 'ok', status: 200, requests: 1 },
  },
  // Redirects: within the origin followed, elsewhere refused before anything is sent there.
  {
    name: 'redirect: to another origin is not followed, and nothing reaches it',
    script: (_, { other }) => answer(302, { location: `${other.url}/v1/integrations/int_1?key=${encodeURIComponent(secret)}` }),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'redirect_refused', requests: 1 },
  },
  {
    name: 'redirect: within the origin is followed, the credential with it',
    script: (n) => (n === 0 ? answer(308, { location: '/v1/integrations/int_2' }) : answer(200)),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'ok', status: 200, requests: 2, targets: ['/v1/integrations/int_1', '/v1/integrations/int_2'], credentialEachTime: true },
  },
  // Path parameters: one segment, or nothing sent.
  ...['', '.', '..'].map((id): GuaranteeRow => ({
    name: `path: the id ${JSON.stringify(id)} is refused before anything is sent`,
    script: () => answer(200),
    call: { operation: 'getIntegration', path: [id] },
    want: { outcome: 'unsafe_path', requests: 0 },
  })),
  {
    name: 'path: any other id goes out as one percent-encoded segment',
    script: () => answer(200),
    call: { operation: 'getIntegration', path: ["a/b c?d#é!*'()~._-%2F"] },
    want: { outcome: 'ok', status: 200, requests: 1, targets: ['/v1/integrations/a%2Fb%20c%3Fd%23%C3%A9%21%2A%27%28%29~._-%252F'] },
  },
  // Retries: an idempotent call on a connection failure, 429, 502, 503 or 504; a POST or PATCH never.
  {
    name: 'retry: a GET answered 503 is sent again',
    script: (n) => (n === 0 ? answer(503, { 'retry-after': '0' }) : answer(200)),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'ok', status: 200, requests: 2, credentialEachTime: true },
  },
  {
    name: 'retry: a GET answered 429 waits for its Retry-After',
    script: (n) => (n === 0 ? answer(429, { 'retry-after': '1' }) : answer(200)),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'ok', status: 200, requests: 2, atLeast: 0.95 },
  },
  {
    name: 'retry: at most maxRetries times',
    script: () => answer(502, { 'retry-after': '0' }),
    call: { operation: 'listWebhooks', options: { maxRetries: 2 } },
    want: { outcome: 'api_error', status: 502, requests: 3 },
  },
  {
    name: 'retry: none with maxRetries 0',
    script: () => answer(503, { 'retry-after': '0' }),
    call: { operation: 'listWebhooks', options: { maxRetries: 0 } },
    want: { outcome: 'api_error', status: 503, requests: 1 },
  },
  {
    name: 'retry: a PUT answered 504 is sent again with its body',
    script: (n) => (n === 0 ? answer(504, { 'retry-after': '0' }) : answer(200)),
    call: { operation: 'replaceUnsubscribeGroup', path: ['g_1'], body: { name: 'weekly' } },
    want: { outcome: 'ok', status: 200, requests: 2, sameBody: true },
  },
  {
    name: 'retry: a DELETE whose connection closed before an answer is sent again',
    script: (n) => (n === 0 ? { drop: true } : answer(200)),
    call: { operation: 'deleteWebhook', path: ['wh_1'] },
    want: { outcome: 'ok', status: 200, requests: 2 },
  },
  {
    name: 'retry: a Retry-After over 60 s is not waited for',
    script: () => answer(429, { 'retry-after': '3600' }),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'api_error', status: 429, requests: 1, atMost: 1 },
  },
  {
    name: 'retry: never a POST',
    script: () => answer(503, { 'retry-after': '0' }),
    call: { operation: 'sendBatch', path: ['b_1'], body: { any: 1 } },
    want: { outcome: 'api_error', status: 503, requests: 1 },
  },
  {
    name: 'retry: never a PATCH',
    script: () => answer(502, { 'retry-after': '0' }),
    call: { operation: 'updateUserPassword', body: { any: 1 } },
    want: { outcome: 'api_error', status: 502, requests: 1 },
  },
  {
    name: 'retry: never a POST whose connection closed',
    script: () => ({ drop: true }),
    call: { operation: 'exportContacts' },
    want: { outcome: 'connection_error', requests: 1 },
  },
  // Errors name what happened, never a credential, even one the service echoes.
  {
    name: 'errors: a service that echoes the credential in its error body',
    script: (_, __) =>
      answer(401, {}, JSON.stringify({ error: `bad key ${secret}`, encoded: encodeURIComponent(secret), b64: Buffer.from(secret).toString('base64') })),
    call: { operation: 'getApiKey', query: { name: 'value' } },
    want: { outcome: 'api_error', status: 401, requests: 1, targets: ['/v1/api-key?name=value'] },
  },
];

/** Runs every row with `driver` (made once for the file), each against fresh servers. */
export function describeGuarantees(language: string, makeDriver: () => Promise<{ driver: Driver; close(): Promise<void> }>): void {
  describe(`guarantees: ${language}`, () => {
    let servers: Servers;
    let made: { driver: Driver; close(): Promise<void> };
    beforeAll(async () => {
      servers = { service: await startMisbehavingServer(), other: await startMisbehavingServer() };
      made = await makeDriver();
    });
    afterAll(async () => {
      await made?.close();
      await servers?.service.close();
      await servers?.other.close();
    });

    it.each(guaranteeRows)('$name', async (row) => {
      const { service, other } = servers;
      service.seen.length = 0;
      other.seen.length = 0;
      service.script = () => row.script(service.seen.length - 1, servers);
      const got = await made.driver({ ...row.call, baseUrl: service.url, headers: credentialHeader });
      const { want } = row;
      expect({ outcome: got.outcome, status: got.status }, got.error).toEqual({ outcome: want.outcome, status: want.status });
      expect(service.seen.length, 'requests the service saw').toBe(want.requests);
      expect(other.seen, 'requests another origin saw').toEqual([]);
      if (want.targets) expect(service.seen.map((request) => request.target)).toEqual(want.targets);
      if (want.atLeast !== undefined) expect(got.seconds).toBeGreaterThanOrEqual(want.atLeast);
      if (want.atMost !== undefined) expect(got.seconds).toBeLessThanOrEqual(want.atMost);
      if (want.credentialEachTime) expect(service.seen.map((request) => request.headers['x-api-key'])).toEqual(service.seen.map(() => secret));
      if (want.sameBody) expect(new Set(service.seen.map((request) => request.body)).size).toBe(1);
      if (want.sameBody) expect(JSON.parse(service.seen[0].body)).toEqual(row.call.body);
      for (const form of secretForms) {
        expect(got.error, "the error's text holds the credential").not.toContain(form);
        expect(got.printed, "the client's printed form holds the credential").not.toContain(form);
      }
      expect(got.printed, 'the printed client names its base URL').toContain(service.url);
    });
  });
}

/**
 * A driver program of another language, started once: one call a line on its stdin, one outcome
 * a line on its stdout. Its stderr is kept for the message when it fails.
 */
export async function lineDriver(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<{ driver: Driver; close(): Promise<void> }> {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString('utf8')).slice(-4000)));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const driver: Driver = async (call) => {
    child.stdin.write(`${JSON.stringify(call)}\n`);
    const next = await Promise.race([lines.next(), exited.then(() => undefined)]);
    if (!next || next.done) throw new Error(`${command} ${args.join(' ')} ended without an answer:\n${stderr}`);
    try {
      return JSON.parse(next.value) as Outcome;
    } catch {
      throw new Error(`${command} answered a line that is not JSON: ${next.value}\n${stderr}`);
    }
  };
  return {
    driver,
    close: async () => {
      child.stdin.end();
      const code = await Promise.race([exited, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 5000).unref())]);
      if (code === 'hung') child.kill('SIGKILL');
      expect(code, `${command} exited at the end of its input:\n${stderr}`).toBe(0);
    },
  };
}
