// The guarantees every client of the description gives, whatever its language: one
// table of rows, each a call against a misbehaving server on 127.0.0.1 and what must come of it,
// run for the TypeScript client in process (test/unit/client-guarantees.test.ts) and for every SDK
// through a driver program (JSON lines in, one call each; JSON lines out, one outcome each:
// test/languages/sdk-guarantees.test.ts, each language's drivers in test/languages/<language>/guarantees.ts).
// A row added here is proven in every language it applies to; what one language alone holds is a
// row of its own drivers' file.
import { spawn } from 'node:child_process';
import net, { type AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, type ExpectStatic, it } from 'vitest';
import { errorKinds } from '../../scripts/languages/runtime-spec.ts';
import { freeLoopbackPort } from './http-server.ts';
import type { missingFor } from './languages.ts';

/** One call a driver makes, with a client it builds from `baseUrl`, `headers` and `options` (absent: the SDK's default). */
export interface GuaranteeCall {
  baseUrl: string;
  headers: Record<string, string>;
  options?: { timeoutSeconds?: number; maxResponseBytes?: number; maxRetries?: number };
  /** Options of this call only (Python's `timeout=` and `extra_headers=`, Go's trailing options), over the client's. */
  callOptions?: { timeoutSeconds?: number; headers?: Record<string, string> };
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
  /** An API error's kind by its status (runtime-spec.ts' errorKinds: `NotFound`), '' for the base kind; drivers of SDKs with error kinds report it. */
  errorKind?: string;
  /** An API error's headers, names in lower case (a name given twice: its values joined by `, `). */
  errorHeaders?: Record<string, string>;
  /** An API error's body, parsed where it is JSON within the bound, else null. */
  errorBody?: unknown;
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
  | { answer: number; headers?: Record<string, string>; body?: string; gzip?: true }
  | { neverAnswer: true }
  | { dripHeaders: true }
  | { dripBody: true; declared?: number }
  | { declaredLength: number }
  | { endlessBody: true }
  | { drop: true };

/** The secret every row's client is given: it must reach only the base URL's origin, and appear in no error's text or printed client. */
const secret = `sk-test-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)} /+&`;
export const credentialHeader = { 'X-Api-Key': secret };
// Its characters that a URL encodes make each form another text: as given, percent-encoded, form-encoded, in base64.
const secretForms = [secret, encodeURIComponent(secret), new URLSearchParams({ k: secret }).toString().slice(2), Buffer.from(secret).toString('base64')];

/** A loopback server that answers each request as the row's script says, in turn (the last step repeats). */
export interface MisbehavingServer {
  url: string;
  seen: SeenRequest[];
  script: (request: SeenRequest) => Behaviour;
  /** Read what comes slowly (a little, then a pause), keep none of it and never answer: a request body that takes long to send. */
  readSlowly: boolean;
  close(): Promise<void>;
}

/** How a slowly reading server reads: this many bytes, then a rest. */
const slowRead = { bytes: 512 * 1024, restMs: 150 };

/** The server speaks raw HTTP/1.1 over net, so that it can drip a header, or close before any answer. */
export async function startMisbehavingServer(): Promise<MisbehavingServer> {
  const sockets = new Set<net.Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const state: MisbehavingServer = {
    url: '',
    seen: [],
    script: () => ({ answer: 200, body: '{}' }),
    readSlowly: false,
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
    let readSinceRest = 0;
    socket.on('data', (chunk: Buffer) => {
      if (state.readSlowly) {
        // Enough at a time that a client's send goes on (a kernel wakes a writer when a good part of its
        // buffer drains), too little for a large body to arrive in a second.
        readSinceRest += chunk.length;
        if (readSinceRest < slowRead.bytes) return;
        readSinceRest = 0;
        socket.pause();
        const rest = setTimeout(() => socket.resume(), slowRead.restMs);
        timers.add(rest);
        return;
      }
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
    } else if ('dripBody' in behaviour && behaviour.declared !== undefined) {
      // A length within any bound, then its bytes one at a time, never all of them.
      socket.write(`HTTP/1.1 200 OK\r\n${json}content-length: ${behaviour.declared}\r\n\r\n[`);
      stopOnClose(
        socket,
        every(50, () => socket.write(' ')),
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
      const body = behaviour.gzip ? gzipSync(behaviour.body ?? '') : Buffer.from(behaviour.body ?? '');
      const encoding = behaviour.gzip ? { 'content-encoding': 'gzip' } : {};
      const headers = Object.entries({ 'content-type': 'application/json', ...behaviour.headers, ...encoding, 'content-length': String(body.length) });
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

/**
 * What the table needs to know of a language's SDK to hold it to the same rows: what its bounds'
 * options are called (an error for a bound names the option that raises it), and whether its API
 * error has a text quoting the body. The TypeScript client's has none: a non-2xx answer comes back
 * as `{ error, response }`, the body as data, so no service text reaches a terminal through it.
 */
export interface Language {
  name: string;
  /** The name `npm run sdk -- --lang` takes, which its User-Agent carries (`email-delivery-api-<sdk>/<version>`); the TypeScript client's is `typescript`. */
  sdk: string;
  options: { timeout: string; maxResponseBytes: string };
  apiErrorText: boolean;
}

export const languages = {
  typescript: { name: 'TypeScript', sdk: 'typescript', options: { timeout: 'timeoutMs', maxResponseBytes: 'maxResponseBytes' }, apiErrorText: false },
  python: { name: 'Python', sdk: 'python', options: { timeout: 'timeout', maxResponseBytes: 'max_response_bytes' }, apiErrorText: true },
  go: { name: 'Go', sdk: 'go', options: { timeout: 'WithTimeout', maxResponseBytes: 'WithMaxResponseBytes' }, apiErrorText: true },
  php: { name: 'PHP', sdk: 'php', options: { timeout: 'timeout', maxResponseBytes: 'max_response_bytes' }, apiErrorText: true },
  ruby: { name: 'Ruby', sdk: 'ruby', options: { timeout: 'timeout', maxResponseBytes: 'max_response_bytes' }, apiErrorText: true },
  java: { name: 'Java', sdk: 'java', options: { timeout: 'timeout', maxResponseBytes: 'maxResponseBytes' }, apiErrorText: true },
} satisfies Record<string, Language>;

export interface GuaranteeRow {
  name: string;
  /** What the service does with its nth request (from 0); the other origin answers 200 `{}`. */
  script: (n: number, servers: Servers) => Behaviour;
  /** The call goes to a loopback port nothing listens on instead of the service (a refused connection). */
  refused?: true;
  /** The service reads the request slowly and never answers (MisbehavingServer.readSlowly). */
  readsSlowly?: true;
  /** Headers the client is given besides the credential every row's client has. */
  headers?: Record<string, string>;
  call: Omit<GuaranteeCall, 'baseUrl' | 'headers'>;
  want: {
    outcome: OutcomeKind;
    status?: number;
    /** The decoded body of an `ok` (null: none). */
    body?: unknown;
    /** Requests the service saw. */
    requests: number;
    /** Each request's method, where it matters (a redirect keeps it). */
    methods?: string[];
    /** Each request's target, where it matters (the path's encoding). */
    targets?: string[];
    /** The call took at least this long (a wait was honoured), in seconds. */
    atLeast?: number;
    /** The call ended by then, in seconds (a deadline, or no wait where none is due). */
    atMost?: number;
    /** Every request the service saw carried the credential (same-origin redirects, retries). */
    credentialEachTime?: boolean;
    /** Each request carried the call's body, the same each time (redirects and retries resend it). */
    sameBody?: boolean;
    /** Texts the error holds, in every language. */
    errorHas?: (servers: Servers) => string[];
    /** Texts the error never holds. */
    errorLacks?: string[];
    /** What an API error's text quotes of the body, in the languages whose API errors have one. */
    excerpt?: { has?: string[]; matches?: RegExp };
    /** The API error's kind (runtime-spec.ts' errorKinds; '' the base kind), its headers (these among them) and its parsed body. */
    errorKind?: string;
    errorHeaders?: Record<string, string>;
    errorBody?: unknown;
    /** Each request carried this User-Agent (`sdk`: the SDK's own, `email-delivery-api-<sdk>/<version>`). */
    userAgent?: 'sdk' | string;
    /** Each request carried these headers (names in lower case). */
    sent?: Record<string, string>;
  };
}

const answer = (status: number, headers: Record<string, string> = {}, body = '{}'): Behaviour => ({ answer: status, headers, body });
// A second, not less: on a cold run two cores carry the SDKs' compilers beside these calls, and a
// driver waited half a second for a core before its request left (0.5 s let rows fail there).
const timeout = { timeoutSeconds: 1 };
/** How far past its deadline a call may end: the scheduling of a loaded 2-core machine. */
const slack = 1.25;
/** How far past its waits a retried call may end: tight enough that a backoff a step too long fails. */
const retrySlack = 0.75;
const deadline = timeout.timeoutSeconds + slack;
/** The earliest a call with `timeout` may end: its deadline, less a clock's rounding. */
const notBefore = timeout.timeoutSeconds - 0.05;
/** What a hostile service puts in a body to move a terminal: clear the screen, reverse the text. */
const escapes = '\u001b[2J\u202e';
/** The same as an error shows them. */
const escaped = ['\\x1b[2J', '\\u202e'];
/** The credential in every form a service may echo it. */
const echoed = `bad key ${secretForms.join(', ')}.`;
/** A token sent after its scheme (`Authorization: Bearer <token>`), which a service may echo alone. */
const token = `tok-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

export const guaranteeRows: GuaranteeRow[] = [
  // A whole call ends at its deadline, retries left at their default.
  {
    name: 'deadline: a server that never answers',
    script: () => ({ neverAnswer: true }),
    call: { operation: 'listWebhooks', options: timeout },
    want: { outcome: 'timeout', requests: 1, atLeast: notBefore, atMost: deadline },
  },
  {
    name: 'deadline: a server that drips its headers',
    script: () => ({ dripHeaders: true }),
    call: { operation: 'listWebhooks', options: timeout },
    want: { outcome: 'timeout', requests: 1, atLeast: notBefore, atMost: deadline },
  },
  {
    name: 'deadline: a server that drips its body',
    script: () => ({ dripBody: true }),
    call: { operation: 'getIntegration', path: ['int_1'], options: timeout },
    want: { outcome: 'timeout', requests: 1, atLeast: notBefore, atMost: deadline },
  },
  {
    name: 'deadline: a server that drips a body of a declared length within the bound',
    script: () => ({ dripBody: true, declared: 1000 }),
    call: { operation: 'getIntegration', path: ['int_1'], options: timeout },
    want: { outcome: 'timeout', requests: 1, atLeast: notBefore, atMost: deadline },
  },
  {
    // Each write of a large body makes some progress before its wait ends: the deadline bounds the whole write, not each wait.
    name: 'deadline: a server that reads a large request body slowly',
    script: () => answer(200),
    readsSlowly: true,
    call: { operation: 'replaceUnsubscribeGroup', path: ['g_1'], body: { text: 'x'.repeat(16_000_000) }, options: timeout },
    want: { outcome: 'timeout', requests: 0, atLeast: notBefore, atMost: deadline },
  },
  {
    name: 'deadline: a redirect within the origin to a server that never answers',
    script: (n) => (n === 0 ? answer(307, { location: '/v1/integrations/int_2' }) : { neverAnswer: true }),
    call: { operation: 'getIntegration', path: ['int_1'], options: timeout },
    want: { outcome: 'timeout', requests: 2, atLeast: notBefore, atMost: deadline },
  },
  {
    name: 'deadline: a wait for a retry that would end past it is not taken',
    // The first answer has a second to spare before its wait would end past the deadline (half a
    // second was not always enough for a client started beside the SDKs' tools on two cores).
    script: () => answer(503, { 'retry-after': '2' }),
    call: { operation: 'listQuotas', options: { timeoutSeconds: 3, maxRetries: 5 } },
    want: { outcome: 'api_error', status: 503, requests: 2, atLeast: 1.95, atMost: 3 + slack },
  },
  {
    name: 'deadline: a wait past it is not begun: the answer at once, not at the deadline',
    script: () => answer(503, { 'retry-after': '5' }),
    call: { operation: 'listWebhooks', options: { timeoutSeconds: 2 } },
    want: { outcome: 'api_error', status: 503, requests: 1, atMost: 1 },
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
    // Its Content-Length (some 1 KB) is within the bound: what is bounded is the body as the client decodes it.
    name: 'bound: a compressed body that decodes past the bound ends at the bound',
    script: () => ({ answer: 200, body: `[${' '.repeat(1_000_000)}]`, gzip: true }),
    call: { operation: 'listScopes', options: { maxResponseBytes: 65536, timeoutSeconds: 5 } },
    want: { outcome: 'too_large', requests: 1, atMost: 2 },
  },
  {
    name: 'bound: a body of exactly the bound is read',
    script: () => answer(200, {}, `[${' '.repeat(1022)}]`),
    call: { operation: 'listScopes', options: { maxResponseBytes: 1024 } },
    want: { outcome: 'ok', status: 200, body: [], requests: 1 },
  },
  // Redirects: within the origin followed, elsewhere refused before anything is sent there.
  {
    name: 'redirect: to another origin is not followed, nothing reaches it, and the error names it without its query values',
    script: (_, { other }) =>
      answer(302, { location: `${other.url}/steal/${encodeURIComponent(secret)}?key=${encodeURIComponent(secret)}&page=visible-value` }),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'redirect_refused', requests: 1, errorHas: ({ other }) => [`${other.url}/steal/`], errorLacks: ['visible-value'] },
  },
  {
    name: 'redirect: within the origin is followed, the credential with it',
    script: (n) => (n === 0 ? answer(308, { location: '/v1/integrations/int_2' }) : answer(200)),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'ok', status: 200, requests: 2, targets: ['/v1/integrations/int_1', '/v1/integrations/int_2'], credentialEachTime: true },
  },
  {
    name: 'redirect: a 307 within the origin keeps the method and the body',
    script: (n) => (n === 0 ? answer(307, { location: '/v1/batches/b_2/send' }) : answer(201, {}, '{"sent":true}')),
    call: { operation: 'sendBatch', path: ['b_1'], body: { any: 1 } },
    want: {
      outcome: 'ok',
      status: 201,
      body: { sent: true },
      requests: 2,
      methods: ['POST', 'POST'],
      targets: ['/v1/batches/b_1/send', '/v1/batches/b_2/send'],
      sameBody: true,
      credentialEachTime: true,
    },
  },
  {
    name: "redirect: at most 20 within the origin: the answer after the 20th is the call's",
    script: (n) => answer(302, { location: `/v1/webhooks?hop=${n + 1}` }),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'api_error', status: 302, requests: 21 },
  },
  // Path parameters: one segment, or nothing sent.
  ...['', '.', '..'].map((id): GuaranteeRow => ({
    name: `path: the id ${JSON.stringify(id)} is refused before anything is sent`,
    script: () => answer(200),
    call: { operation: 'getIntegration', path: [id] },
    want: { outcome: 'unsafe_path', requests: 0, errorHas: () => ["path parameter 'id'"] },
  })),
  {
    name: 'path: any other id goes out as one percent-encoded segment',
    script: () => answer(200),
    call: { operation: 'getIntegration', path: ["a/b c?d#é!*'()~._-%2F"] },
    want: { outcome: 'ok', status: 200, requests: 1, targets: ['/v1/integrations/a%2Fb%20c%3Fd%23%C3%A9%21%2A%27%28%29~._-%252F'] },
  },
  {
    name: 'query: the open pairs go out as plain name=value, both percent-encoded',
    script: () => answer(200),
    call: { operation: 'getApiKey', query: { name: 'value', 'two words': "a&b=c/é!'" } },
    want: { outcome: 'ok', status: 200, requests: 1, targets: ['/v1/api-key?name=value&two%20words=a%26b%3Dc%2F%C3%A9%21%27'] },
  },
  // Retries: an idempotent call on a connection failure, 429, 502, 503 or 504; a POST or PATCH never.
  {
    name: 'retry: a GET answered 503 twice is sent again each time',
    script: (n) => (n < 2 ? answer(503, { 'retry-after': '0' }) : answer(200, {}, '[1]')),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'ok', status: 200, body: [1], requests: 3, credentialEachTime: true },
  },
  {
    name: 'retry: a GET answered 429 waits for its Retry-After',
    script: (n) => (n === 0 ? answer(429, { 'retry-after': '1' }) : answer(200)),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'ok', status: 200, requests: 2, atLeast: 0.95 },
  },
  {
    name: 'retry: a Retry-After given as an HTTP date is waited for',
    // Two seconds ahead, at the date's one-second resolution: a wait of more than one, where a backoff would be at most 0.5.
    script: (n) => (n === 0 ? answer(504, { 'retry-after': new Date(Date.now() + 2000).toUTCString() }) : answer(200)),
    call: { operation: 'deleteMessage', path: ['m_1'] },
    want: { outcome: 'ok', status: 200, requests: 2, atLeast: 0.95, atMost: 2 + retrySlack },
  },
  {
    name: 'retry: without Retry-After, 0.5 s then 1 s, less up to a quarter',
    script: (n) => (n < 2 ? answer(502) : answer(200)),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'ok', status: 200, requests: 3, atLeast: 1.1, atMost: 1.5 + retrySlack },
  },
  {
    name: 'retry: at most maxRetries times',
    script: () => answer(502, { 'retry-after': '0' }),
    call: { operation: 'listWebhooks', options: { maxRetries: 3 } },
    want: { outcome: 'api_error', status: 502, requests: 4 },
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
    name: 'retry: a refused connection is tried again after a backoff, then a connection error',
    script: () => answer(200),
    refused: true,
    call: { operation: 'listWebhooks', options: { maxRetries: 1 } },
    // One wait of 0.5 s less up to a quarter before the one retry.
    want: { outcome: 'connection_error', requests: 0, atLeast: 0.37 },
  },
  {
    name: 'retry: a Retry-After over 60 s is not waited for, even within the deadline',
    script: () => answer(429, { 'retry-after': '61' }),
    call: { operation: 'listWebhooks', options: { timeoutSeconds: 120 } },
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
  // Answers: a 2xx decoded, anything else an error that names what happened, never a credential, never a raw escape.
  {
    name: "answers: a 2xx's JSON body is decoded",
    script: () => answer(200, {}, JSON.stringify({ id: 'int_1', name: 'Zapier', count: 3 })),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'ok', status: 200, body: { id: 'int_1', name: 'Zapier', count: 3 }, requests: 1 },
  },
  ...[204, 200].map((status): GuaranteeRow => ({
    name: `answers: a ${status} with an empty body is none`,
    script: () => answer(status, {}, ''),
    call: { operation: 'deleteWebhook', path: ['wh_1'] },
    want: { outcome: 'ok', status, body: null, requests: 1 },
  })),
  {
    name: 'answers: a 2xx body that is not JSON is an error naming the operation, the credential it echoes redacted, its escapes escaped',
    script: () => answer(200, { 'content-type': 'text/html' }, `<html>${echoed} ${escapes}</html>`),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'other', requests: 1, errorHas: () => ['not JSON'] },
  },
  {
    name: 'answers: a 2xx body said to be JSON that does not parse is an error naming the operation, its escapes escaped',
    script: () => answer(200, {}, `${escapes}{"key": ${secret}`),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'other', requests: 1, errorHas: () => ['not JSON'] },
  },
  {
    name: 'errors: an error body that echoes the credential and writes escapes: redacted and escaped',
    script: () => answer(401, { 'content-type': 'text/plain' }, `${echoed} ${escapes}`),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'api_error', status: 401, requests: 1, excerpt: { has: [`bad key ${secretForms.map(() => '[redacted]').join(', ')}.`, ...escaped] } },
  },
  {
    name: "errors: a scheme's token that the error body echoes alone is redacted",
    headers: { Authorization: `Bearer ${token}` },
    script: () => answer(401, { 'content-type': 'text/plain' }, `bad token ${token}.`),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'api_error', status: 401, requests: 1, errorLacks: [token], excerpt: { has: ['bad token [redacted].'] } },
  },
  {
    name: "errors: an error body's excerpt is at most 1,000 characters",
    script: () => answer(500, { 'content-type': 'text/plain' }, 'y'.repeat(5000)),
    call: { operation: 'getFooterSetting', options: { maxRetries: 0 } },
    want: { outcome: 'api_error', status: 500, requests: 1, excerpt: { matches: /: y{999}…$/ } },
  },
];

/**
 * Rows for the SDKs that decode a body into the description's types as they run (Python, Go): not
 * the table's, since the TypeScript client's types exist only as it is compiled, and it returns
 * the JSON that came.
 */
export const typedBodyRows: GuaranteeRow[] = [
  {
    name: 'answers: a 2xx body of JSON that is not the type the description gives it is an error naming the operation',
    script: () => answer(200, {}, '[1, 2]'),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: { outcome: 'other', requests: 1 },
  },
];

/**
 * Rows of what an SDK of a language with error kinds and per-call options gives (Python, Go, Java,
 * PHP, Ruby): the error's kind by status, its headers and parsed body, the User-Agent, a call's own
 * options. The TypeScript client answers a non-2xx with `{ error, response }`, so not its rows.
 */
export const depthRows: GuaranteeRow[] = [
  {
    name: "errors: a 404 is its kind's, with its headers and its JSON body parsed",
    script: () => answer(404, { 'x-request-id': 'req_123' }, JSON.stringify({ message: 'no such integration', code: 7 })),
    call: { operation: 'getIntegration', path: ['int_1'] },
    want: {
      outcome: 'api_error',
      status: 404,
      requests: 1,
      errorKind: 'NotFound',
      errorHeaders: { 'x-request-id': 'req_123' },
      errorBody: { message: 'no such integration', code: 7 },
    },
  },
  ...errorKinds.flatMap(({ name, status }) =>
    (typeof status === 'number' ? [status] : [status.from, 503]).map((code): GuaranteeRow => ({
      name: `errors: a ${code} is a ${name} error`,
      script: () => answer(code, { 'retry-after': '0' }),
      call: { operation: 'listWebhooks', options: { maxRetries: 0 } },
      want: { outcome: 'api_error', status: code, requests: 1, errorKind: name, errorBody: {} },
    })),
  ),
  {
    name: 'errors: a status no kind names is the base kind',
    script: () => answer(418),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'api_error', status: 418, requests: 1, errorKind: '' },
  },
  {
    name: 'errors: a body that is not JSON is no parsed body, only the excerpt',
    script: () => answer(400, { 'content-type': 'text/plain' }, 'bad request'),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'api_error', status: 400, requests: 1, errorKind: 'BadRequest', errorBody: null, excerpt: { has: ['bad request'] } },
  },
  {
    name: "errors: a header of the answer that echoes the credential is redacted in the error's headers",
    script: () => answer(401, { 'www-authenticate': `Bearer realm="${secretForms[1]}"`, 'x-echo': secret }),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'api_error', status: 401, requests: 1, errorKind: 'Authentication' },
  },
  {
    name: "user agent: each request carries the SDK's name and version",
    script: (n) => (n === 0 ? answer(503, { 'retry-after': '0' }) : answer(200)),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'ok', status: 200, requests: 2, userAgent: 'sdk' },
  },
  {
    name: 'user agent: one the caller sets is sent instead',
    headers: { 'User-Agent': 'my-app/1.0' },
    script: () => answer(200),
    call: { operation: 'listWebhooks' },
    want: { outcome: 'ok', status: 200, requests: 1, userAgent: 'my-app/1.0' },
  },
  {
    name: "per call: a call's own timeout bounds it, within the client's",
    script: () => ({ neverAnswer: true }),
    call: { operation: 'listWebhooks', callOptions: timeout },
    want: { outcome: 'timeout', requests: 1, atLeast: notBefore, atMost: deadline },
  },
  {
    name: "per call: a call's own headers go with it, over the client's",
    headers: { 'X-Trace': 'client' },
    script: () => answer(200),
    call: { operation: 'getIntegration', path: ['int_1'], callOptions: { headers: { 'X-Trace': 'call', 'X-Other': '1' } } },
    want: { outcome: 'ok', status: 200, requests: 1, sent: { 'x-trace': 'call', 'x-other': '1' }, credentialEachTime: true },
  },
];

/** A character that moves a terminal or reorders text: C0 and C1 controls, bidirectional overrides and isolates. */
const unescaped = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

/** What every outcome of a kind says, in every language: the error of a bound names the option that raises it, and so on. */
function checkOutcome(language: Language, row: GuaranteeRow, got: Outcome, expect: ExpectStatic): void {
  const { operation, options } = row.call;
  const names = `${operation}: `;
  switch (got.outcome) {
    case 'ok':
      expect(got.error, 'a call that did not fail has no error').toBe('');
      break;
    case 'api_error':
      // An API error's text, where it has one, names the operation and the status; the TypeScript client's is data, not text.
      if (language.apiErrorText) {
        expect(got.error.startsWith(names), `${got.error} names the operation`).toBe(true);
        expect(got.error).toContain(String(got.status));
      } else expect(got.error).toBe('');
      break;
    case 'timeout':
      expect(got.error, 'the error names the option that gives more time').toContain(`(${language.options.timeout})`);
      break;
    case 'too_large':
      expect(got.error.startsWith(names), `${got.error} names the operation`).toBe(true);
      expect(got.error, 'the error names the bound and the option that raises it').toContain(
        `${options?.maxResponseBytes} bytes (${language.options.maxResponseBytes})`,
      );
      break;
    case 'unsafe_path':
    case 'redirect_refused':
    case 'other':
      expect(got.error.startsWith(names), `${got.error} names the operation`).toBe(true);
      break;
  }
}

/**
 * Runs every row (and the language's own `rows`) with drivers `makeDriver` makes, each against
 * fresh servers; `variant` names the client where a language has more than one, and `only` keeps
 * the rows a variant has to prove (a client over another transport: the transport's). The rows are
 * dealt into `lanes` (4 unless said) run side by side (most of a row's time is waiting: a
 * deadline, a Retry-After), each lane in order with its own servers and driver.
 */
export function describeGuarantees(
  language: Language,
  makeDriver: () => Promise<{ driver: Driver; close(): Promise<void> }>,
  more: { variant?: string; rows?: readonly GuaranteeRow[]; lanes?: number; only?: (row: GuaranteeRow) => boolean } = {},
): void {
  const rows = [...guaranteeRows, ...(more.rows ?? [])].filter(more.only ?? (() => true));
  const lanes = more.lanes ?? 4;
  describe(`guarantees: ${language.name}${more.variant ? ` (${more.variant})` : ''}`, () => {
    for (let lane = 0; lane < lanes; lane += 1)
      // The lanes side by side (a suite runs beside its concurrent siblings), the rows of each in turn.
      describe(`lane ${lane + 1} of ${lanes}`, { concurrent: true }, () => {
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

        it.for(rows.filter((_, index) => index % lanes === lane))('$name', { concurrent: false }, async (row, { expect }) => {
          const got = await callRow(row, servers, made.driver);
          checkRow(language, row, got, servers, expect);
        });
      });
  });
}

/** The row's call, its servers reset and scripted for it. */
async function callRow(row: GuaranteeRow, servers: Servers, driver: Driver): Promise<Outcome & { baseUrl: string }> {
  const { service, other } = servers;
  service.seen.length = 0;
  other.seen.length = 0;
  service.script = () => row.script(service.seen.length - 1, servers);
  service.readSlowly = row.readsSlowly ?? false;
  const baseUrl = row.refused ? `http://127.0.0.1:${await freeLoopbackPort()}` : service.url;
  return { ...(await driver({ ...row.call, baseUrl, headers: { ...credentialHeader, ...row.headers } })), baseUrl };
}

/** What came of the row's call, and what the servers saw, against what the row wants. */
function checkRow(language: Language, row: GuaranteeRow, got: Outcome & { baseUrl: string }, servers: Servers, expect: ExpectStatic): void {
  const { service, other } = servers;
  const { want } = row;
  expect({ outcome: got.outcome, status: got.status }, got.error).toEqual({ outcome: want.outcome, status: want.status });
  if ('body' in want) expect(got.body ?? null, 'the decoded body').toEqual(want.body);
  expect(service.seen.length, 'requests the service saw').toBe(want.requests);
  expect(other.seen, 'requests another origin saw').toEqual([]);
  if (want.methods) expect(service.seen.map((request) => request.method)).toEqual(want.methods);
  if (want.targets) expect(service.seen.map((request) => request.target)).toEqual(want.targets);
  if (want.atLeast !== undefined) expect(got.seconds).toBeGreaterThanOrEqual(want.atLeast);
  if (want.atMost !== undefined) expect(got.seconds).toBeLessThanOrEqual(want.atMost);
  if (want.credentialEachTime) expect(service.seen.map((request) => request.headers['x-api-key'])).toEqual(service.seen.map(() => secret));
  if (want.sameBody) expect(service.seen.map((request) => JSON.parse(request.body) as unknown)).toEqual(service.seen.map(() => row.call.body));
  checkOutcome(language, row, got, expect);
  for (const text of want.errorHas?.(servers) ?? []) expect(got.error).toContain(text);
  for (const text of want.errorLacks ?? []) expect(got.error).not.toContain(text);
  if ('errorKind' in want) expect(got.errorKind, "the API error's kind").toBe(want.errorKind);
  for (const [name, value] of Object.entries(want.errorHeaders ?? {})) expect(got.errorHeaders?.[name], `the API error's header ${name}`).toBe(value);
  if ('errorBody' in want) expect(got.errorBody ?? null, "the API error's parsed body").toEqual(want.errorBody);
  if (want.userAgent) {
    const sdkAgent = new RegExp(`^email-delivery-api-${language.sdk}/\\d+\\.\\d+\\.\\d+\\S*$`);
    const matches = (agent: string | undefined) => (want.userAgent === 'sdk' ? sdkAgent.test(agent ?? '') : agent === want.userAgent);
    for (const request of service.seen) expect(matches(request.headers['user-agent']), `the User-Agent ${request.headers['user-agent']}`).toBe(true);
  }
  for (const [name, value] of Object.entries(want.sent ?? {}))
    expect(
      service.seen.map((request) => request.headers[name]),
      `the header ${name} each request carried`,
    ).toEqual(service.seen.map(() => value));
  if (want.excerpt && language.apiErrorText) {
    for (const text of want.excerpt.has ?? []) expect(got.error, "the API error's excerpt").toContain(text);
    if (want.excerpt.matches) expect(got.error, "the API error's excerpt").toMatch(want.excerpt.matches);
  }
  expect(got.error, "the error's text writes a control or bidirectional character as it is").not.toMatch(unescaped);
  for (const form of secretForms) {
    expect(got.error, "the error's text holds the credential").not.toContain(form);
    expect(got.printed, "the client's printed form holds the credential").not.toContain(form);
    expect(JSON.stringify(got.errorHeaders ?? {}), "the error's headers hold the credential").not.toContain(JSON.stringify(form).slice(1, -1));
  }
  expect(got.printed, 'the printed client names its base URL').toContain(got.baseUrl);
  expect(got.printed, 'the printed client names its header').toContain('X-Api-Key');
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

const password = `pw-${secret.slice(8, 20)}`;
/** The credential as a service may echo it besides the table's forms: in another case, in lower-case hex, JSON-escaped, in base64url; and a Basic pair and its password. */
const otherEchoes = [
  [...secret].map((char, at) => (at % 2 === 0 ? char.toUpperCase() : char)).join(''),
  secret.toUpperCase(),
  encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
  JSON.stringify(secret).slice(1, -1).replace(/\//g, '\\/').replace(/\+/g, '\\u002b'),
  Buffer.from(secret).toString('base64url'),
  `alice:${password}`,
  password.toUpperCase(),
];

/** Every echo of a credential redacted, in the forms beyond the table's (the SDKs whose redaction covers them: Python, Go). */
export const otherEchoesRow: GuaranteeRow = {
  name: 'errors: an error body that echoes the credential in another case, in lower-case hex, JSON-escaped or in base64url, and a Basic pair or its password: each redacted',
  headers: { Authorization: `Basic ${Buffer.from(`alice:${password}`).toString('base64')}` },
  script: () => ({ answer: 401, headers: { 'content-type': 'text/plain' }, body: `echo ${otherEchoes.join(' ')}.` }),
  call: { operation: 'getIntegration', path: ['int_1'] },
  want: {
    outcome: 'api_error',
    status: 401,
    requests: 1,
    errorLacks: [password, password.toUpperCase(), secret.toUpperCase()],
    // A base64 echo is redacted to the last character that depends on the bytes after the secret only.
    excerpt: { matches: /echo (\[redacted\] ){4}\[redacted\][\w-]? \[redacted\] \[redacted\]\.$/ },
  },
};

/** The description declares no idempotency key: only an overlay's makes a POST one that is retried (each language's overlaid package check). */
export const undeclaredKeyRow: GuaranteeRow = {
  name: 'retry: a POST with an Idempotency-Key header the description does not declare is sent once',
  script: () => ({ answer: 503, headers: { 'retry-after': '0' }, body: '{}' }),
  call: { operation: 'sendBatch', path: ['b_1'], body: {}, callOptions: { headers: { 'Idempotency-Key': 'key-1' } } },
  want: { outcome: 'api_error', status: 503, requests: 1, sent: { 'idempotency-key': 'key-1' } },
};

/** One client of a language that the table runs over (Python has four: sync, async, each over the caller's httpx client). */
export interface GuaranteeClient {
  /** Which client, where the language has more than one. */
  readonly variant?: string;
  /** A driver for one lane, started with the language's scratch folder (removed after the file). */
  start(scratch: string): Promise<{ driver: Driver; close(): Promise<void> }>;
  /** The rows beside the table's own (typedBodyRows, depthRows, the language's). */
  readonly rows: readonly GuaranteeRow[];
  readonly lanes?: number;
  readonly only?: (row: GuaranteeRow) => boolean;
}

/** A language's guarantees drivers: test/languages/<language>/guarantees.ts, its default export, which sdk-guarantees.test.ts finds by the language's name. */
export interface GuaranteeDrivers {
  /** What the tier must have for them (test/support/languages.ts's `missingFor`). */
  readonly needs: Parameters<typeof missingFor>[0];
  /** Its clients: side by side, each in its lanes. */
  readonly clients: readonly GuaranteeClient[];
}
