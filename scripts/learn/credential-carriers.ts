// Which parts of a request carry a credential, by their names only: the Authorization header (its
// first word says bearer or basic; the rest is never read), a header or query parameter whose name
// says key, token, secret, session, signature or password, and any cookie (a browser's session).
// A credential's value is never kept; what is learned is its carrier: where it goes and its name.

/** Where a credential was carried, as a security scheme would say it. */
export interface Carrier {
  kind: 'bearer' | 'basic' | 'apiKey';
  in: 'header' | 'query' | 'cookie';
  /** The header, query parameter or cookie name (for bearer and basic: Authorization). */
  name: string;
}

/** Headers that are the protocol's, a proxy's, a browser's or a tracer's, not the API's: never learned as parameters. */
const protocolHeaders = new Set([
  'accept',
  'accept-charset',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'cookie',
  'date',
  'dnt',
  'expect',
  'forwarded',
  'from',
  'host',
  'keep-alive',
  'max-forwards',
  'origin',
  'pragma',
  'priority',
  'range',
  'referer',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'upgrade-insecure-requests',
  'user-agent',
  'via',
  'warning',
  'baggage',
  'traceparent',
  'tracestate',
  'sentry-trace',
  'x-request-id',
  'x-correlation-id',
  'x-real-ip',
  'cdn-loop',
  'true-client-ip',
]);
const protocolPrefixes = ['if-', 'sec-', 'proxy-', 'x-forwarded-', 'x-amz-', 'x-amzn-', 'x-b3-', 'x-envoy-', 'cf-', 'x-cloud-trace', ':'];

/** Whether a request header is the protocol's (never a parameter of the API). */
export const isProtocolHeader = (name: string) => {
  const lower = name.toLowerCase();
  return protocolHeaders.has(lower) || protocolPrefixes.some((prefix) => lower.startsWith(prefix));
};

/** A name that says it carries a secret. An idempotency key, a page token or a sort key is not one. */
const secretName = /(^|[-_.])(api[-_]?key|apikey|access[-_]?token|auth[-_]?token|token|secret|session|signature|sig|password|passwd|auth|key)([-_.]|$)/i;
const notSecret = /idempotency|request[-_]?id|correlation|page|cursor|next|continuation|sort/i;

/**
 * A name that may carry a secret, for a recording (a header, a query, path or form parameter, a JSON
 * body's key: scripts/verify/hide-credentials.ts): every name learning takes for a credential's
 * carrier, and any of these words anywhere in it, with none of the exemptions learning makes (a
 * proxy's `X-Forwarded-Authorization`, a cloud's `X-Amz-Security-Token`, `X-Amz-Credential` or
 * `Cf-Access-Jwt-Assertion`, a `X-Next-Auth-Token`, a page token): what is recorded is kept, so a
 * value is masked wherever its name could say secret.
 */
export const recordsSecret = (name: string) =>
  secretName.test(name) || /auth|token|secret|key|session|sig|passw|pwd|jwt|assertion|credential|cookie|csrf|xsrf|bearer|private/i.test(name);

/** The schemes of an Authorization value a recording may keep, as its first word (the rest is never kept): IANA's HTTP authentication schemes and a few in wide use. */
const authorizationSchemes = new Set([
  'basic',
  'bearer',
  'digest',
  'dpop',
  'gnap',
  'hoba',
  'mutual',
  'negotiate',
  'ntlm',
  'oauth',
  'privatetoken',
  'scram-sha-1',
  'scram-sha-256',
  'vapid',
  'concealed',
  'token',
  'apikey',
  'aws4-hmac-sha256',
  'hawk',
]);

/** The first word of an Authorization value where it is a known scheme (`Bearer`), else undefined: an unknown first word may be the secret itself. */
export function authorizationScheme(value: string): string | undefined {
  const word = /^\s*([A-Za-z][A-Za-z0-9-]{0,19})(\s|$)/.exec(value)?.[1];
  return word !== undefined && authorizationSchemes.has(word.toLowerCase()) ? word : undefined;
}

/** The carrier a request header is, by its name (and, for Authorization, the first word of its value); else undefined. */
export function headerCarrier(name: string, value: string): Carrier | undefined {
  const lower = name.toLowerCase();
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    if (lower === 'proxy-authorization') return undefined;
    const scheme = /^\s*([A-Za-z][A-Za-z0-9-]{0,19})(\s|$)/.exec(value)?.[1]?.toLowerCase();
    if (scheme === 'bearer') return { kind: 'bearer', in: 'header', name: 'Authorization' };
    if (scheme === 'basic') return { kind: 'basic', in: 'header', name: 'Authorization' };
    return { kind: 'apiKey', in: 'header', name: 'Authorization' };
  }
  if (lower === 'cookie' || isProtocolHeader(lower)) return undefined;
  return secretName.test(name) && !notSecret.test(name) ? { kind: 'apiKey', in: 'header', name } : undefined;
}

/** The carrier a query parameter is, by its name; else undefined. */
export function queryCarrier(name: string): Carrier | undefined {
  return secretName.test(name) && !notSecret.test(name) ? { kind: 'apiKey', in: 'query', name } : undefined;
}

/** The cookie names of a Cookie header (`a=1; b=2`: a, b); the values are not read. */
export function cookieNames(value: string): string[] {
  return value
    .split(';')
    .map((pair) => pair.split('=')[0].trim())
    .filter((name) => name !== '');
}

/** A carrier's key: one scheme per kind, place and name (header names compared without case). */
export const carrierKey = (carrier: Carrier) => `${carrier.kind} ${carrier.in} ${carrier.in === 'header' ? carrier.name.toLowerCase() : carrier.name}`;

/** Whether the project's client can send it, and so the overlay may declare it: a bearer token, or an API key in a header. */
export const clientSends = (carrier: Carrier) => carrier.kind === 'bearer' || (carrier.kind === 'apiKey' && carrier.in === 'header');
