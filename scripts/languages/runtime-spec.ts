// The one spec of an SDK's runtime, as data: the defaults of a client's bounds, the retry policy,
// the redirects it follows, the outcome kinds and the error kinds by status, the User-Agent and the
// environment variables it reads, and the operation record every language's generated code is made
// of. Every language's writer reads it and writes its language's constants from it (Python's
// `_spec.py`, Go's `spec.gen.go`, and so on); no runtime writes one of these values itself, so a
// default changes here once and in every SDK at its next `npm run sdk`.
import type { OpenApiDocument } from '../openapi-document.ts';
import { listOperations, type Operation } from '../bundle-operations.ts';

/** The defaults of a client's bounds: a service that never finishes, or answers without end, cannot hold the caller. */
export const defaults = {
  /** The whole call (every try, redirect and wait, the body read whole), in seconds. */
  timeoutSeconds: 60,
  /** The most bytes of a body read, as it is decoded. */
  maxResponseBytes: 64 * 1024 * 1024,
  /** The most times a call that may be retried is sent again. */
  maxRetries: 2,
  /** The most redirects within the origin one call follows, as fetch does; the answer after them is the call's. */
  maxRedirects: 20,
} as const;

/**
 * When a call is sent again: a method that may be repeated (or a POST that carries an
 * idempotency key an overlay declares), after a connection failure or one of `statuses`; the
 * wait is the answer's `Retry-After` (delay-seconds or an HTTP date) when it is at most
 * `retryAfterCapSeconds`, else none is taken and the answer is the call's; without one,
 * `initialBackoffSeconds` doubled each retry, at most `maxBackoffSeconds`, less up to `jitter` of
 * it. No wait is begun that would end past the deadline.
 */
export const retryPolicy = {
  statuses: [429, 502, 503, 504],
  methods: ['GET', 'PUT', 'DELETE', 'HEAD', 'OPTIONS'],
  initialBackoffSeconds: 0.5,
  maxBackoffSeconds: 8,
  jitter: 0.25,
  retryAfterCapSeconds: 60,
} as const;

/** The statuses whose Location is followed (within the base URL's origin only). A 303, or a 301 or 302 after a POST, becomes a GET without a body. */
export const redirectStatuses = [301, 302, 303, 307, 308] as const;

/** The most characters of an error body an error's text quotes, its credentials redacted and its controls escaped. */
export const excerptCharacters = 1000;

/** What a call comes to, one kind each: a driver of the guarantees table reports these names. */
export const outcomeKinds = ['ok', 'api_error', 'timeout', 'too_large', 'redirect_refused', 'unsafe_path', 'connection_error', 'other'] as const;
export type OutcomeKind = (typeof outcomeKinds)[number];

/**
 * The kinds of an API error by the answer's status, as the generated SDKs users know name them
 * (openai-python's `NotFoundError`, openai-java's `NotFoundException`): a status none names is the
 * base kind's. `name` is the kind's stem; each language adds its suffix (`Error`, `Exception`).
 */
export const errorKinds: readonly { name: string; status: number | { from: number } }[] = [
  { name: 'BadRequest', status: 400 },
  { name: 'Authentication', status: 401 },
  { name: 'PermissionDenied', status: 403 },
  { name: 'NotFound', status: 404 },
  { name: 'Conflict', status: 409 },
  { name: 'UnprocessableEntity', status: 422 },
  { name: 'RateLimit', status: 429 },
  { name: 'InternalServer', status: { from: 500 } },
];

/** The kind's stem of an API error of `status`, or undefined for the base kind. */
export function errorKindOf(status: number): string | undefined {
  return errorKinds.find((kind) => (typeof kind.status === 'number' ? kind.status === status : status >= kind.status.from))?.name;
}

/** What an SDK sends as its User-Agent unless the caller sets one. */
export const userAgent = (language: string, version: string): string => `email-delivery-api-${language}/${version}`;

/** The environment variable that turns an SDK's debug log on (`debug`), without code. */
export const logVariable = 'EMAIL_DELIVERY_LOG';

/**
 * The environment variable a credential of a security scheme is read from when it is not passed:
 * `EMAIL_DELIVERY_`, then the scheme's name in capitals, with `_` before each capital that follows a
 * lower-case letter or a digit and for each run of characters that are not letters or digits (none
 * at either end): `ExampleApiKey` is `EMAIL_DELIVERY_EXAMPLE_API_KEY`. The MCP server's rule
 * (docs/mcp.md, scripts/mcp/tool-table.ts), one for every language.
 */
export function credentialVariable(scheme: string): string {
  const words = scheme
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `EMAIL_DELIVERY_${words.toUpperCase()}`;
}

/** The header parameter (its name in any case) whose value makes a POST or PATCH safe to send again: the IETF's `Idempotency-Key`. */
export const idempotencyKeyHeader = 'Idempotency-Key';

/**
 * The name, as the operation declares it, of its idempotency key: a header parameter named
 * `Idempotency-Key` in any case, one string, of an operation whose method is not retried
 * otherwise (a POST, a PATCH). An overlay declares it (examples/overlays/idempotency.yaml); the
 * description declares none. Such a call is retried as a GET is, with one key on every attempt:
 * the caller's, or one the SDK makes for the call (a UUID4).
 */
export function idempotencyKeyOf(method: string, parameters: readonly { name: string; in: string; shape: string; type?: string }[]): string | undefined {
  if ((retryPolicy.methods as readonly string[]).includes(method.toUpperCase())) return undefined;
  const key = parameters.find(
    (parameter) =>
      parameter.in === 'header' &&
      parameter.name.toLowerCase() === idempotencyKeyHeader.toLowerCase() &&
      parameter.shape === 'primitive' &&
      (parameter.type ?? 'string') === 'string',
  );
  return key?.name;
}

/** One parameter not in the path, as every runtime sends it. */
export interface SdkParameter {
  name: string;
  in: 'query' | 'header' | 'cookie';
  style: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'simple';
  explode: boolean;
  required: boolean;
  /** A primitive, an array of them, or an object of them (open name=value pairs, when it is the operation's open query). */
  shape: 'primitive' | 'array' | 'object';
}

/** One operation as every runtime calls it. */
export interface SdkOperation {
  id: string;
  method: string;
  path: string;
  /** The path parameters' names, in the order the path names them. */
  pathNames: string[];
  parameters: SdkParameter[];
  /** Whether the call sends a JSON body. */
  body: 'none' | 'optional' | 'required';
  /** The success status the description declares. */
  success: number;
  /** Whether its query is open name=value pairs (the description's `pairs`). */
  openQuery: boolean;
  /** The header of its idempotency key, as it declares it (idempotencyKeyOf), where it has one: it is then retried as a GET is. */
  idempotencyKey?: string;
}

/** The operation record of `operation` (bundle-operations.ts' shape, which the samples read too). */
export function sdkOperation(operation: Operation): SdkOperation {
  const idempotencyKey = idempotencyKeyOf(operation.method, operation.parameters);
  return {
    id: operation.operationId,
    method: operation.method.toUpperCase(),
    path: operation.path,
    pathNames: [...operation.pathParameters],
    parameters: operation.parameters.map((rule) => ({
      name: rule.name,
      in: rule.in,
      style: rule.style,
      explode: rule.explode,
      required: rule.required,
      shape: rule.shape,
    })),
    body: operation.body ? (operation.body.required ? 'required' : 'optional') : 'none',
    success: Number(operation.success.status),
    openQuery: operation.openQuery,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  };
}

/** The operation records of `document`, in its order. */
export const sdkOperations = (document: OpenApiDocument): SdkOperation[] => listOperations(document).map(sdkOperation);

/** The whole spec as one JSON value: what a language's constants are written from, and what the drift check compares. */
export const runtimeSpec = { defaults, retryPolicy, redirectStatuses, excerptCharacters, outcomeKinds, errorKinds, logVariable } as const;
