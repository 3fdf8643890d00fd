// One operation's exchange with the service, bounded: every request it takes (redirects within the
// origin included) is paced by the rate and counted, all of them and every body share one deadline,
// and each body is read here, decoded, up to a size cap, before the client sees it. The deadline's
// signal is handed to fetch itself for each request, so it also ends a body that is still arriving.
import { maskedUrl } from './hide-credentials.ts';

/** What one operation's exchange saw, for its verdict. */
export interface Exchange {
  /** Ends the exchange: the operation's deadline. */
  signal: AbortSignal;
  /** Requests sent for this operation. */
  hops: number;
  /** Each redirect followed: its status and where it led (path and query). */
  redirects: { status: number; to: string }[];
  /** The last answer's body, as read (at most the cap). */
  body?: Uint8Array<ArrayBuffer>;
}

export interface ExchangeLimits {
  maxBodyBytes: number;
  /** Redirects followed per operation, within the origin. */
  maxRedirects: number;
  timeoutMs: number;
}

/** A body larger than the cap (after decoding), or more redirects than allowed: the exchange stopped there. */
export class ExchangeRefused extends Error {
  override name = 'ExchangeRefused';
}

/** Takes each request and its answer as they happen (verify --record). */
export type Recorder = (request: Request, requestBody: string, response: Response, body: Uint8Array | undefined, started: Date, ms: number) => void;

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
const nullBodyStatuses = new Set([204, 205, 304]);

/**
 * A fetch for the generated client: `current()` is the running operation's exchange, `pace()`
 * waits for the rate before a request after the first, `sent()` counts each request that leaves.
 */
export function boundedFetch(limits: ExchangeLimits, current: () => Exchange, pace: () => Promise<void>, sent: () => void, record?: Recorder) {
  return async (request: Request): Promise<Response> => {
    const exchange = current();
    if (exchange.hops > limits.maxRedirects) {
      const last = exchange.redirects.at(-1);
      throw new ExchangeRefused(
        `redirected more than ${limits.maxRedirects} times within the origin (the last: ${last?.status} to ${last?.to}); not followed further`,
      );
    }
    if (exchange.hops > 0) await pace();
    exchange.hops += 1;
    sent();
    // What --record keeps of the request's body: verify sends `{}` or nothing, read from a copy.
    const requestBody = record && request.body ? await request.clone().text() : '';
    const started = new Date();
    // The signal and `manual` are given here, on the call itself: whatever Request the client built.
    const response = await globalThis.fetch(request, { signal: exchange.signal, redirect: 'manual' });
    const location = response.headers.get('location');
    if (redirectStatuses.has(response.status) && location !== null) {
      const target = URL.canParse(location, request.url) ? new URL(location, request.url) : undefined;
      // Printed in the verdict: a token or a key in its query is masked (hide-credentials.ts).
      exchange.redirects.push({ status: response.status, to: maskedUrl(target ? `${target.pathname}${target.search}` : location.slice(0, 200)) });
    }
    let body: Uint8Array<ArrayBuffer> | undefined;
    try {
      body = await readBounded(response, limits, exchange.signal);
    } finally {
      // Recorded whether the body was read whole or not (over the cap, past the deadline: then without it).
      record?.(request, requestBody, response, body, started, Date.now() - started.getTime());
    }
    exchange.body = body;
    return new Response(nullBodyStatuses.has(response.status) || body === undefined ? null : body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** The whole body, decoded, or a refusal once it passes the cap; the deadline ends the read. */
async function readBounded(response: Response, limits: ExchangeLimits, signal: AbortSignal): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (response.body === null) return undefined;
  const declared = Number(response.headers.get('content-length') ?? NaN);
  const encoded = (response.headers.get('content-encoding') ?? 'identity').toLowerCase() !== 'identity';
  if (!encoded && declared > limits.maxBodyBytes) {
    await response.body.cancel().catch(() => {});
    throw new ExchangeRefused(
      `answered ${response.status} with a body of ${declared} bytes, over the ${limits.maxBodyBytes}-byte limit (--max-body-bytes); not read`,
    );
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const stop = () => void reader.cancel(signal.reason).catch(() => {});
  signal.addEventListener('abort', stop, { once: true });
  try {
    for (;;) {
      signal.throwIfAborted();
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limits.maxBodyBytes) {
        await reader.cancel().catch(() => {});
        throw new ExchangeRefused(
          `answered ${response.status} with a body over the ${limits.maxBodyBytes}-byte limit (--max-body-bytes, decoded size); stopped reading`,
        );
      }
      chunks.push(value);
    }
  } catch (error) {
    // A read that ends because the deadline passed is a timeout, whatever the stream says.
    if (signal.aborted) throw signal.reason;
    throw error;
  } finally {
    signal.removeEventListener('abort', stop);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * A bounded, escaped-ready excerpt of a body: its first 200 characters as a JSON string, `…` when
 * cut; `shown` (the credentials masked) is applied before the cut, so a value across it shows no part.
 */
export function bodyExcerpt(body: Uint8Array | undefined, shown: (text: string) => string = (text) => text): string {
  if (!body || body.byteLength === 0) return 'an empty body';
  const text = shown(new TextDecoder('utf-8', { fatal: false }).decode(body.subarray(0, 800)));
  const cut = text.length > 200 || body.byteLength > 800;
  return `the body ${JSON.stringify(text.slice(0, 200))}${cut ? '…' : ''}`;
}
