// The typed client's runtime: what every generated client shares, whatever the description says.
// The build copies this file beside the generated client (generated/client-runtime.ts) and
// compiles both; the generated part (client.ts) holds only what the description decides: the
// operation table, the default base URL and one function per operation.
import createClient, { type Client, type HeadersOptions, type Middleware } from 'openapi-fetch';

export interface EmailDeliveryClientOptions {
  /** The service's base URL; the interface document does not state one. Default: the description's `{base_url}` default. */
  baseUrl?: string;
  /** Headers sent with every request, e.g. your credentials (the interface document states no auth scheme). */
  headers?: HeadersOptions;
  /** A fetch implementation; default: `globalThis.fetch`. */
  fetch?: (input: Request) => Promise<Response>;
  /** openapi-fetch middleware, run in order after the client's own checks. */
  middleware?: Middleware[];
}

/** Per-call options of the operation functions. */
export interface CallOptions {
  headers?: HeadersOptions;
  signal?: AbortSignal;
  middleware?: Middleware[];
}

/** What the runtime needs to know of a description: its default base URL and its operations by `METHOD /path`. */
export interface DescribedOperations {
  defaultBaseUrl: string;
  operationIds: Readonly<Record<string, string>>;
}

/**
 * A path parameter that cannot travel as one URL segment: not a string, empty, `.` or `..`, or
 * not well-formed Unicode (a lone surrogate has no percent-encoding). No request was sent.
 */
export class UnsafePathParameterError extends Error {
  override name = 'UnsafePathParameterError';
  readonly operation: string;
  readonly parameter: string;
  readonly value: unknown;
  constructor(operation: string, parameter: string, value: unknown) {
    super(
      `${operation}: path parameter '${parameter}' is ${JSON.stringify(value)}, which cannot be sent as one path segment (an empty, "." or ".." segment would address another resource, and a lone surrogate has no encoding); no request was sent`,
    );
    this.operation = operation;
    this.parameter = parameter;
    this.value = value;
  }
}

/** A success response whose body is not JSON, although the description declares application/json. */
export class ResponseBodyError extends Error {
  override name = 'ResponseBodyError';
  readonly operation: string;
  readonly detail: string;
  /** The response, where the body was read before openapi-fetch parsed it. */
  readonly response?: Response;
  constructor(operation: string, detail: string, response?: Response) {
    super(`${operation}: the success response body is not JSON: ${detail}`);
    this.operation = operation;
    this.detail = detail;
    this.response = response;
  }
}

/**
 * The service redirected to another origin. The redirect is not followed: a client follows it with
 * the caller's headers (an API key in a custom header included: fetch strips only Authorization
 * and Cookie), which would hand the caller's credentials to that origin. The response is not read.
 */
export class CrossOriginRedirectError extends Error {
  override name = 'CrossOriginRedirectError';
  readonly operation: string;
  readonly status: number;
  /** Where the service redirected to. */
  readonly target: string;
  constructor(operation: string, status: number, from: string, target: string) {
    super(
      `${operation}: the service answered ${status} with a redirect to ${target}, another origin than ${new URL(from).origin}; it was not followed, so your headers and credentials were not sent there`,
    );
    this.operation = operation;
    this.status = status;
    this.target = target;
  }
}

/**
 * Percent-encodes every character but RFC 3986's unreserved ones, as the description's parameters
 * ask (`allowReserved` is false): encodeURIComponent leaves `!'()*` as they are, so those too.
 */
export function encodeStrict(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A UTF-16 surrogate without its pair: no URL can carry it. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Fills each `{name}` of a path template with its parameter, one strictly encoded segment (style
 * simple). A value with a lone surrogate is left out (it has no encoding): the path safety
 * middleware refuses the call before anything is sent.
 */
export function serializePath(pathname: string, parameters: Record<string, unknown>): string {
  return pathname.replace(/\{([^}]+)\}/g, (template, name: string) =>
    name in parameters && !loneSurrogate.test(String(parameters[name])) ? encodeStrict(String(parameters[name])) : template,
  );
}

/**
 * Serializes query parameters as the description declares them: a form-exploded object
 * (the open request parameters) becomes one plain `name=value` pair per property; names and
 * values are strictly percent-encoded ({@link encodeStrict}), arrays repeat the name.
 */
export function serializeQuery(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (name: string, value: unknown) => {
    if (value !== undefined && value !== null) pairs.push(`${encodeStrict(name)}=${encodeStrict(String(value))}`);
  };
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) add(name, item);
    else if (typeof value === 'object' && value !== null) for (const [key, item] of Object.entries(value)) add(key, item);
    else add(name, value);
  }
  return pairs.join('&');
}

type OperationName = (method: string, schemaPath: string) => string;

const pathParameterNames = new Map<string, string[]>();

/** Refuses, before anything is sent, a path parameter the URL parser would turn into another path. */
function pathSafety(operationName: OperationName): Middleware {
  return {
    onRequest({ request, schemaPath, params }) {
      let names = pathParameterNames.get(schemaPath);
      if (!names) {
        names = [...schemaPath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
        pathParameterNames.set(schemaPath, names);
      }
      if (names.length === 0) return;
      const path = (params.path ?? {}) as Record<string, unknown>;
      for (const name of names) {
        const value = path[name];
        if (typeof value !== 'string' || value === '' || value === '.' || value === '..' || loneSurrogate.test(value)) {
          throw new UnsafePathParameterError(operationName(request.method, schemaPath), name, value);
        }
      }
    },
  };
}

/**
 * A success body whose content type is not JSON is read here: not JSON, it becomes a
 * {@link ResponseBodyError}. A body labelled JSON goes to openapi-fetch untouched (no second read);
 * if it does not parse, {@link guardJson} turns the SyntaxError into a ResponseBodyError.
 */
function jsonBodies(operationName: OperationName): Middleware {
  return {
    async onResponse({ request, response, schemaPath }) {
      if (!response.ok || response.status === 204 || response.body === null) return undefined;
      const type = response.headers.get('content-type') ?? '';
      if (/[/+]json\b/i.test(type)) return undefined;
      const text = await response.text();
      if (text !== '') {
        try {
          JSON.parse(text);
        } catch {
          const detail = `the ${response.status} response (content-type: ${type || 'none'}) reads ${JSON.stringify(text.slice(0, 200))}`;
          throw new ResponseBodyError(operationName(request.method, schemaPath), detail, response);
        }
      }
      return new Response(text === '' ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
    },
  };
}

const redirectStatuses = [301, 302, 303, 307, 308];
/** As many hops as fetch itself follows. */
const maxRedirects = 20;

/**
 * `fetchImpl` with redirects followed only within the request's origin; a redirect to another
 * origin rejects with a {@link CrossOriginRedirectError}. A browser keeps its own redirect handling:
 * it hides a redirect's target from the page, and its CORS checks already keep a custom header from
 * reaching another origin that has not agreed to it.
 */
function sameOriginRedirects(fetchImpl: (input: Request) => Promise<Response>, nameOf: (request: Request) => string): (input: Request) => Promise<Response> {
  if (typeof (globalThis as { document?: unknown }).document !== 'undefined' || 'WorkerGlobalScope' in globalThis) return fetchImpl;
  return async (request) => {
    // The body is read once, so that a 307 or 308 can send it again.
    const body = request.body ? await request.arrayBuffer() : undefined;
    let method = request.method;
    let url = request.url;
    for (let hop = 0; ; hop += 1) {
      const init: RequestInit = { method, headers: request.headers, signal: request.signal, redirect: 'manual' };
      const response = await fetchImpl(new Request(url, method === 'GET' || method === 'HEAD' ? init : { ...init, body }));
      const location = response.headers.get('location');
      if (!redirectStatuses.includes(response.status) || location === null || hop === maxRedirects) return response;
      const target = new URL(location, url);
      await response.body?.cancel();
      if (target.origin !== new URL(url).origin) throw new CrossOriginRedirectError(nameOf(request), response.status, url, target.href);
      // As fetch does: a 303, or a 301 or 302 after a POST, becomes a GET without a body.
      if (response.status === 303 ? method !== 'HEAD' : [301, 302].includes(response.status) && method === 'POST') method = 'GET';
      url = target.href;
    }
  };
}

const methods = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

/** Makes a JSON body that does not parse reject with a ResponseBodyError naming the operation. */
function guardJson<Paths extends object>(client: Client<Paths, 'application/json'>, operationName: OperationName): Client<Paths, 'application/json'> {
  const explain = (method: string, path: string) => (error: unknown) => {
    throw error instanceof SyntaxError ? new ResponseBodyError(operationName(method, path), `it does not parse (${error.message})`) : error;
  };
  const guarded = { ...client } as Record<string, unknown>;
  for (const method of methods) {
    const call = client[method] as (path: string, ...rest: unknown[]) => Promise<unknown>;
    guarded[method] = (path: string, ...rest: unknown[]) => call(path, ...rest).catch(explain(method, path));
  }
  const request = client.request as (method: string, path: string, ...rest: unknown[]) => Promise<unknown>;
  guarded.request = (method: string, path: string, ...rest: unknown[]) => request(method, path, ...rest).catch(explain(method.toUpperCase(), path));
  return guarded as unknown as Client<Paths, 'application/json'>;
}

/**
 * An openapi-fetch client for a description's `Paths`, with the checks every generated client
 * makes: path safety, JSON success bodies, plain `name=value` query pairs, errors naming the operation.
 */
export function createDescribedClient<Paths extends object>(
  options: EmailDeliveryClientOptions,
  described: DescribedOperations,
): Client<Paths, 'application/json'> {
  const operationName: OperationName = (method, schemaPath) => described.operationIds[`${method} ${schemaPath}`] ?? `${method} ${schemaPath}`;
  // The operation each request is for, as the last middleware sees it, for a redirect's error.
  const operationOf = new WeakMap<Request, string>();
  const remember: Middleware = {
    onRequest({ request, schemaPath }) {
      operationOf.set(request, operationName(request.method, schemaPath));
    },
  };
  const nameOf = (request: Request) => operationOf.get(request) ?? `${request.method} ${request.url}`;
  const client = createClient<Paths, 'application/json'>({
    baseUrl: options.baseUrl ?? described.defaultBaseUrl,
    headers: options.headers,
    fetch: sameOriginRedirects(options.fetch ?? ((input) => globalThis.fetch(input)), nameOf),
    querySerializer: serializeQuery,
    pathSerializer: serializePath,
  });
  client.use(pathSafety(operationName), jsonBodies(operationName), ...(options.middleware ?? []), remember);
  return guardJson(client, operationName);
}
