import { type Client, type HeadersOptions, type Middleware } from 'openapi-fetch';
export interface EmailDeliveryClientOptions {
    /** The service's base URL; the interface document does not state one. Default: the description's `{base_url}` default. */
    baseUrl?: string;
    /** Headers sent with every request, e.g. your credentials (the interface document states no auth scheme). */
    headers?: HeadersOptions;
    /** A fetch implementation; default: `globalThis.fetch`. */
    fetch?: (input: Request) => Promise<Response>;
    /** openapi-fetch middleware, run in order after the client's own checks. */
    middleware?: Middleware[];
    /** How long a call may take, redirects and the body included, in ms (default 60 000; 0: no bound). A call past it rejects with a TimeoutError. */
    timeoutMs?: number;
    /** The most bytes of a response body the client reads (default 64 MiB; 0: no bound). A bigger body rejects with a ResponseTooLargeError. */
    maxResponseBytes?: number;
    /**
     * How many times a GET, PUT or DELETE (or HEAD, OPTIONS) is sent again after a connection
     * failure or a 429, 502, 503 or 504 (default 2; 0: never). A POST or PATCH is never sent again.
     * The wait honours `Retry-After` up to 60 s (a longer one is not waited for: the answer is
     * returned), else 0.5 s doubling up to 8 s; every try and wait is within `timeoutMs`.
     */
    maxRetries?: number;
}
/** The default bounds of a call: a service that never finishes, or answers without end, cannot hold the caller. */
export declare const defaultTimeoutMs: number;
export declare const defaultMaxResponseBytes: number;
export declare const defaultMaxRetries: number;
/** A response body bigger than the client's `maxResponseBytes`: the rest was not read. */
export declare class ResponseTooLargeError extends Error {
    name: string;
    readonly operation: string;
    readonly limit: number;
    constructor(operation: string, limit: number);
}
/** Per-call options of the operation functions. */
export interface CallOptions {
    headers?: HeadersOptions;
    signal?: AbortSignal;
    middleware?: Middleware[];
}
/** How one parameter that is not in the path travels, as the description states it (OpenAPI 3.1 `style` and `explode`). */
export interface ParameterStyle {
    name: string;
    in: 'query' | 'header' | 'cookie';
    style: 'form' | 'spaceDelimited' | 'pipeDelimited' | 'simple';
    explode: boolean;
}
/** What the runtime needs to know of a description: its default base URL, its operations and their parameters, by `METHOD /path`. */
export interface DescribedOperations {
    defaultBaseUrl: string;
    operationIds: Readonly<Record<string, string>>;
    /** The parameters not in the path of each operation that has any. */
    parameters?: Readonly<Record<string, readonly ParameterStyle[]>>;
    /** The User-Agent sent under Node unless the caller sets one (scripts/languages/runtime-spec.ts' userAgent). */
    userAgent?: string;
}
/**
 * A path parameter that cannot travel as one URL segment: not a string, empty, `.` or `..`, or
 * not well-formed Unicode (a lone surrogate has no percent-encoding). No request was sent.
 */
export declare class UnsafePathParameterError extends Error {
    name: string;
    readonly operation: string;
    readonly parameter: string;
    readonly value: unknown;
    constructor(operation: string, parameter: string, value: unknown);
}
/** A success response whose body is not JSON, although the description declares application/json. */
export declare class ResponseBodyError extends Error {
    name: string;
    readonly operation: string;
    readonly detail: string;
    /**
     * The response, where the body was read before openapi-fetch parsed it. Not enumerable: an error
     * printed whole (console.error, util.inspect) leaves it out, and with it the headers, where a
     * service may echo a credential.
     */
    readonly response?: Response;
    constructor(operation: string, detail: string, response?: Response);
}
/**
 * The service redirected to another origin. The redirect is not followed: a client follows it with
 * the caller's headers (an API key in a custom header included: fetch strips only Authorization
 * and Cookie), which would hand the caller's credentials to that origin. The response is not read.
 */
export declare class CrossOriginRedirectError extends Error {
    name: string;
    readonly operation: string;
    readonly status: number;
    /**
     * Where the service redirected to, whole (the message shows it without its query). Not
     * enumerable: an error printed whole (console.error, util.inspect) leaves it out, as its message does.
     */
    readonly target: string;
    /** `shown`: what the message makes of the target (the client's: its header values redacted, escaped). */
    constructor(operation: string, status: number, from: string, target: string, shown?: (text: string) => string);
}
/** A redirect the client did not follow because it could not check that it stays within the service's origin. */
export declare class RedirectRefusedError extends Error {
    name: string;
    readonly operation: string;
    constructor(operation: string, detail: string);
}
/** The keys the per-call options take (CallOptions). */
export declare const callOptionKeys: readonly string[];
/**
 * An operation function was given a key it does not take: in its arguments (`headers` where
 * `header` goes, a misspelt `qurey`) or in its call options. TypeScript refuses these; this catches
 * them in JavaScript, where they would be dropped silently. No request was sent.
 */
export declare class UnknownArgumentError extends Error {
    name: string;
    readonly operation: string;
    readonly key: string;
    constructor(operation: string, key: string, detail: string);
}
/**
 * Values shorter than this are not looked for in what a service sends: they would mark ordinary
 * words. The one rule of the client, the MCP server and verify.
 */
export declare const shortestEchoedSecret: number;
/**
 * The secrets one credential's header value holds: the value; with a scheme before it
 * (`Bearer <token>`), the token alone; for `Basic`, the pair it encodes and the password.
 */
export declare function secretsOfHeaderValue(value: string): string[];
/** Where a service may echo a credential, and what hides it: the client's errors, the MCP server's results and verify's records share it. */
export interface CredentialEchoes {
    /** `text` with every echo of a credential replaced by `mark`. */
    hide(text: string, mark: string): string;
    /** The most characters one echo takes: read this far past a cut, and an echo across it is found whole. */
    readonly longest: number;
}
/**
 * The echoes of the credentials in `values` (header values: see {@link secretsOfHeaderValue}) in
 * every form a service may send one back: as given, percent-encoded (either case of hex) or
 * form-encoded, JSON-escaped (any character as `\uXXXX`, `\/`), any mix of these, and in another
 * case (a service that lower-cases what it echoes); in base64, standard or URL-safe, padded or not,
 * whole or inside a longer run. With `bytes`, `hide` takes a body of any bytes as one character a
 * byte (latin1), a secret's own characters as their UTF-8 bytes.
 */
export declare function credentialEchoes(values: readonly string[], options?: {
    bytes?: boolean;
}): CredentialEchoes;
/**
 * An operation function called without a client, or without the arguments object it takes (or
 * with something else in its place). TypeScript refuses both; this names them in JavaScript,
 * where they would fail deep inside as a TypeError. No request was sent.
 */
export declare class MissingArgumentError extends Error {
    name: string;
    readonly operation: string;
    /** `client` or `args`. */
    readonly argument: 'client' | 'args';
    constructor(operation: string, argument: 'client' | 'args', detail: string);
}
/**
 * Refuses, before anything is sent, a client that is not one, arguments that are not an object
 * where the operation takes them, a key of `args` that is not among `argumentNames` (undefined:
 * the operation takes no arguments object) or a key of `options` that is not a call option,
 * naming the key and where it belongs.
 */
export declare function checkCall(operation: string, argumentNames: readonly string[] | undefined, client: unknown, args: unknown, options: unknown): void;
/**
 * Percent-encodes every character but RFC 3986's unreserved ones, as the description's parameters
 * ask (`allowReserved` is false): encodeURIComponent leaves `!'()*` as they are, so those too.
 */
export declare function encodeStrict(value: string): string;
/**
 * Fills each `{name}` of a path template with its parameter, one strictly encoded segment (style
 * simple). A value with a lone surrogate is left out (it has no encoding): the path safety
 * middleware refuses the call before anything is sent.
 */
export declare function serializePath(pathname: string, parameters: Record<string, unknown>): string;
/**
 * Serializes query parameters as the description declares them: a form-exploded object
 * (the open request parameters) becomes one plain `name=value` pair per property; names and
 * values are strictly percent-encoded ({@link encodeStrict}), arrays repeat the name.
 */
export declare function serializeQuery(query: Record<string, unknown>): string;
/**
 * The `name=value` pairs of one query parameter, as its style and explode say (OpenAPI 3.1 style
 * values, RFC 6570 form expansion): a primitive is `name=v`; an array repeats the name when
 * exploded (`name=a&name=b`), else joins its items (`name=a,b`, `%20` for spaceDelimited, `%7C`
 * for pipeDelimited); an object sends each property when exploded (`k=v&j=w`), else
 * `name=k,v,j,w`. Names and values are strictly percent-encoded ({@link encodeStrict}); an absent
 * value, an empty array or object sends nothing.
 */
export declare function serializeQueryParameter(parameter: ParameterStyle, value: unknown): string[];
/**
 * The value of one header parameter, style simple: a primitive as it is, an array's items joined
 * by `,`, an object as `k,v,j,w` (or `k=v,j=w` exploded). Not percent-encoded (OpenAPI 3.1.1:
 * header values are not); fetch refuses a value with a line break before anything is sent.
 */
export declare function serializeHeaderParameter(parameter: ParameterStyle, value: unknown): string | undefined;
/** One cookie parameter, style form: `name=value`, an array not exploded as `name=a,b`; strictly percent-encoded. */
export declare function serializeCookieParameter(parameter: ParameterStyle, value: unknown): string | undefined;
/** The query string of `query` for an operation whose parameters are `described`; a name it does not describe goes as style form, exploded. */
export declare function serializeDescribedQuery(described: readonly ParameterStyle[], query: Record<string, unknown>): string;
/** A cookie parameter that this fetch cannot send: a browser does not let a page set the Cookie header. */
export declare class CookieParameterError extends Error {
    name: string;
    constructor(operation: string, parameter: string);
}
/** The longest `Retry-After` a call waits for, in ms: a longer one is returned to the caller, not waited for. */
export declare const retryAfterCapMs: number;
/**
 * The wait before retry `retry` (from 1), in ms: the answer's `Retry-After` (seconds, or an HTTP
 * date) where it has one, else 0.5 s doubling up to 8 s, less up to a quarter at random so that
 * many clients do not come back at once; undefined when `Retry-After` asks for more than
 * {@link retryAfterCapMs} (the call does not wait that long).
 */
export declare function retryWait(retry: number, retryAfter: string | null, now?: number): number | undefined;
/**
 * An openapi-fetch client for a description's `Paths`, with the checks every generated client
 * makes: path safety, JSON success bodies, parameters sent as the description states them, redirects kept
 * within the service's origin, idempotent calls retried, errors naming the operation.
 */
export declare function createDescribedClient<Paths extends object>(options: EmailDeliveryClientOptions, described: DescribedOperations): Client<Paths, 'application/json'>;
