// Sends the plan's requests through the generated client, one at a time, at most `rate` a second
// (redirects included), each operation's whole exchange under one deadline and a body-size cap
// (bounded-exchange.ts), and gives each operation its verdict. Nothing is retried and nothing else
// is sent: no probing, no method the description does not declare; a redirect to another origin is
// not followed (the client refuses it), and at most `maxRedirects` within the origin.
import type { BodyCheck } from './body-check.ts';
import { bodyExcerpt, boundedFetch, type Exchange, type Recorder } from './bounded-exchange.ts';
import { credentialHider, type CredentialHider, maskedBodyText, maskedUrl } from './hide-credentials.ts';
import type { NotCalledGroup, PlannedOperation } from './plan.ts';
import type { VerifyOptions } from './verify-options.ts';

/** Connection failures in a row after which the service is taken to be down. */
export const downAfter = 3;

export type VerdictKind = 'contradicts' | 'server error' | 'refused' | 'unreachable' | 'not confirmed' | 'as described' | 'not called';

export interface Verdict {
  operationId: string;
  method: string;
  url?: string;
  kind: VerdictKind;
  /** What was seen, in words: the status, what does not match, or why it was not called. */
  detail: string;
  /** How long the request took. */
  ms?: number;
  /** For an operation not called: the kind of reason. */
  group?: NotCalledGroup;
}

/** The generated client's module (generated/dist/client.js, or a build with overlays). */
export interface ClientModule {
  createEmailDeliveryClient(options: {
    baseUrl: string;
    headers: Record<string, string>;
    fetch: (request: Request) => Promise<Response>;
    maxRetries: number;
  }): unknown;
  [operationId: string]: unknown;
}

type OperationFunction = (client: unknown, ...rest: unknown[]) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export interface VerificationRun {
  verdicts: Verdict[];
  /** Every request that left this process, redirects followed within the origin included. */
  requestsSent: number;
  /** With --traffic: the exchanges read from the recorded traffic (and nothing was sent). */
  exchangesRead?: number;
  ms: number;
}

export async function runVerification(
  plan: PlannedOperation[],
  options: VerifyOptions,
  client: ClientModule,
  checkBody: BodyCheck,
  progress: (verdict: Verdict) => void = () => {},
  record?: Recorder,
): Promise<VerificationRun> {
  const started = performance.now();
  let requestsSent = 0;
  const interval = 1000 / options.rate;
  let nextStart = performance.now();
  const pace = async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextStart - performance.now())));
    nextStart = performance.now() + interval;
  };
  let exchange: Exchange = { signal: AbortSignal.abort(), hops: 0, redirects: [] };
  const fetch = boundedFetch(
    options,
    () => exchange,
    pace,
    () => (requestsSent += 1),
    record,
  );
  const hide = credentialHider(options.headers);
  // Each operation is sent once: verify judges the service's first answer, and paces its own requests.
  const api = client.createEmailDeliveryClient({ baseUrl: options.baseUrl, headers: Object.fromEntries(options.headers), fetch, maxRetries: 0 });
  const verdicts: Verdict[] = [];
  let connectionFailures = 0;
  for (const entry of plan) {
    const { operationId, method, success } = entry.operation;
    const base = { operationId, method: method.toUpperCase(), url: entry.url };
    if (!entry.url) {
      verdicts.push({ ...base, kind: 'not called', detail: entry.notCalled ?? '', group: entry.group });
      continue;
    }
    // A service that refused the connection this many times in a row is down: the rest would only repeat it.
    if (connectionFailures >= downAfter) {
      verdicts.push({ ...base, kind: 'not called', detail: `not sent: the ${downAfter} calls before it could not connect`, group: 'service down' });
      continue;
    }
    await pace();
    exchange = { signal: AbortSignal.timeout(options.timeoutMs), hops: 0, redirects: [] };
    const call = client[operationId] as OperationFunction;
    const sent = performance.now();
    let verdict: Verdict;
    try {
      // The function takes an arguments object when the operation has any request part (see generate-client.ts).
      const { pathParameters, openQuery, body } = entry.operation;
      const args = pathParameters.length > 0 || openQuery || body ? [entry.args ?? {}] : [];
      const { data, response } = await call(api, ...args, { signal: exchange.signal });
      verdict = { ...base, ...judge(response, data, success, checkBody, exchange, hide) };
    } catch (error) {
      verdict = { ...base, ...explainFailure(error, options) };
    }
    // What the service sent is printed (an excerpt, a redirect's target): never a credential it echoed.
    verdict.detail = hide.text(verdict.detail);
    verdict.ms = Math.round(performance.now() - sent);
    connectionFailures = verdict.kind === 'unreachable' && verdict.detail.startsWith('connection failed') ? connectionFailures + 1 : 0;
    verdicts.push(verdict);
    progress(verdict);
  }
  return { verdicts, requestsSent, ms: Math.round(performance.now() - started) };
}

/** The verdict on a response that arrived. */
function judge(
  response: Response,
  data: unknown,
  success: { status: string; schema: string },
  checkBody: BodyCheck,
  exchange: Exchange,
  hide: CredentialHider,
): Pick<Verdict, 'kind' | 'detail'> {
  const status = String(response.status);
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  // Masked as a recording is, before the excerpt's cut.
  const excerpt = bodyExcerpt(exchange.body, (text) => maskedBodyText(text, type, hide));
  if (response.status >= 500) return { kind: 'server error', detail: `answered ${status}: ${excerpt}` };
  if (response.status === 401 || response.status === 403)
    return { kind: 'refused', detail: `answered ${status}: the credentials (--header) are missing or refused: ${excerpt}` };
  if (response.status >= 200 && response.status < 300 && status !== success.status)
    return { kind: 'contradicts', detail: `answered ${status}; the description states ${success.status}` };
  if (status !== success.status)
    return { kind: 'not confirmed', detail: `answered ${status}, which the description allows (default), but the operation was not shown to work: ${excerpt}` };
  if (exchange.redirects.length > 0) {
    const hops = exchange.redirects.map((r) => `${r.status} to ${r.to}`).join(', then ');
    return {
      kind: 'not confirmed',
      detail: `answered ${status} only after a redirect (${hops}); the description states no redirect, so the operation was not shown to answer at its path`,
    };
  }
  if (type !== 'application/json')
    return { kind: 'contradicts', detail: `answered ${status} with media type ${type || 'none'}; the description states application/json` };
  const mismatch = checkBody(success.schema, data);
  if (mismatch) return { kind: 'contradicts', detail: `answered ${status}, but ${mismatch}` };
  return { kind: 'as described', detail: `${status} with a JSON body that matches ${success.schema}` };
}

/** The verdict when no usable response came: a body that is not JSON, a redirect elsewhere, or no answer. */
function explainFailure(error: unknown, options: VerifyOptions): Pick<Verdict, 'kind' | 'detail'> {
  const name = error instanceof Error ? error.name : '';
  if (name === 'ResponseBodyError')
    return { kind: 'contradicts', detail: (error as { detail: string }).detail.replace(/^the /, 'the success body is not JSON: the ') };
  if (name === 'CrossOriginRedirectError') {
    const { status, target } = error as unknown as { status: number; target: string };
    return {
      kind: 'not confirmed',
      detail: `answered ${status} with a redirect to ${maskedUrl(target)}, another origin: not followed, so the operation was not shown to work`,
    };
  }
  if (name === 'ExchangeRefused') return { kind: 'not confirmed', detail: (error as Error).message };
  if (name === 'TimeoutError') return { kind: 'unreachable', detail: `no whole answer within the ${options.timeoutMs / 1000} s timeout` };
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? '';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code)) return { kind: 'unreachable', detail: `TLS failed: ${code}` };
  if (code) return { kind: 'unreachable', detail: `connection failed: ${code}${cause?.message ? ` (${cause.message})` : ''}` };
  // fetch refuses the Fetch standard's "bad ports" (6000, 6665-6669, 9 and others) before connecting.
  if (cause?.message === 'bad port')
    return { kind: 'unreachable', detail: 'connection failed: fetch never calls this port (a "bad port" of the Fetch standard): serve the service on another' };
  if (cause?.message) return { kind: 'unreachable', detail: `connection failed: ${cause.message}` };
  return { kind: 'unreachable', detail: `the request failed: ${error instanceof Error ? error.message : String(error)}` };
}
