// Copied from scripts/pipeline/client-runtime.ts by `npm run build`, the runtime spec's values written in. Do not edit: change that file and rebuild.
// The typed client's runtime: what every generated client shares, whatever the description says.
// The build copies this file beside the generated client (generated/client-runtime.ts) and
// compiles both; the generated part (client.ts) holds only what the description decides: the
// operation table, the default base URL and one function per operation.
import createClient from 'openapi-fetch';
// The runtime spec's values, the one home of every SDK default and of the retry policy (the build
// writes them into the copy beside the generated client: generate-client.ts, clientRuntimeSource).
const defaults = { "timeoutSeconds": 60, "maxResponseBytes": 67108864, "maxRetries": 2, "maxRedirects": 20 };
const redirectStatuses = [301, 302, 303, 307, 308];
const retryPolicy = { "statuses": [429, 502, 503, 504], "methods": ["GET", "PUT", "DELETE", "HEAD", "OPTIONS"], "initialBackoffSeconds": 0.5, "maxBackoffSeconds": 8, "jitter": 0.25, "retryAfterCapSeconds": 60 };
/** The default bounds of a call: a service that never finishes, or answers without end, cannot hold the caller. */
export const defaultTimeoutMs = defaults.timeoutSeconds * 1000;
export const defaultMaxResponseBytes = defaults.maxResponseBytes;
export const defaultMaxRetries = defaults.maxRetries;
/** A response body bigger than the client's `maxResponseBytes`: the rest was not read. */
export class ResponseTooLargeError extends Error {
    name = 'ResponseTooLargeError';
    operation;
    limit;
    constructor(operation, limit) {
        super(`${operation}: the response body is bigger than ${limit} bytes (maxResponseBytes), so the rest was not read; raise maxResponseBytes to read it`);
        this.operation = operation;
        this.limit = limit;
    }
}
/**
 * `signal`, also aborted with a TimeoutError after `ms`. By hand, not with AbortSignal.any: Node
 * 20's composite signal can be garbage-collected while a call waits, and the deadline with it. The
 * timer holds the signal (and through it what the call sent) until it fires or is released at the
 * call's end; it keeps no process alive.
 */
function withDeadline(signal, ms) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(`no complete answer within ${ms} ms (timeoutMs)`, 'TimeoutError')), ms);
    timer.unref?.();
    if (signal === undefined)
        return { signal: controller.signal, release: () => clearTimeout(timer) };
    const follow = () => {
        clearTimeout(timer);
        controller.abort(signal.reason);
    };
    if (signal.aborted)
        follow();
    else
        signal.addEventListener('abort', follow, { once: true });
    return {
        signal: controller.signal,
        release: () => {
            clearTimeout(timer);
            signal.removeEventListener('abort', follow);
        },
    };
}
/**
 * `response` with a body that errors with a ResponseTooLargeError past `limit` bytes (at once when
 * its Content-Length says so), and with the deadline's reason when `deadline` aborts before the
 * body is read: undici passes an abort on through signals it holds weakly, so a garbage collection
 * during the read could lose it.
 */
function boundedResponse(response, limit, operation, deadline) {
    if (response.body === null)
        return response;
    const declared = Number(response.headers.get('content-length') ?? NaN);
    // A body whose Content-Length is within the bound cannot pass it (fetch fails one longer than it
    // says), and the request's signal, followed for the whole call (sameOriginRedirects), ends its read
    // at the deadline: it goes as it came, without a stream around it (a tenth of a call's CPU).
    // Unless it is encoded: its Content-Length counts the compressed bytes, and fetch decodes them.
    const encoding = response.headers.get('content-encoding');
    const encoded = encoding !== null && !/^\s*(identity\s*)?$/i.test(encoding);
    if (limit > 0 && declared <= limit && !encoded && !deadline.aborted)
        return response;
    const reader = response.body.getReader();
    let read = 0;
    let stop;
    const done = () => deadline.removeEventListener('abort', stop);
    const body = new ReadableStream({
        start(controller) {
            // The body is given up either way: a cancel that fails (the stream errored first, when the
            // abort reached undici too) says nothing more, and must not be an unhandled rejection.
            stop = () => {
                reader.cancel(deadline.reason).catch(() => { });
                controller.error(deadline.reason);
            };
            if (limit > 0 && declared > limit) {
                reader.cancel().catch(() => { });
                controller.error(new ResponseTooLargeError(operation, limit));
            }
            else if (deadline.aborted)
                stop();
            else
                deadline.addEventListener('abort', stop, { once: true });
        },
        async pull(controller) {
            const { done: end, value } = await reader.read();
            if (end) {
                done();
                return controller.close();
            }
            read += value.byteLength;
            if (limit > 0 && read > limit) {
                done();
                await reader.cancel();
                return controller.error(new ResponseTooLargeError(operation, limit));
            }
            controller.enqueue(value);
        },
        cancel: (reason) => {
            done();
            return reader.cancel(reason);
        },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
/** Whether this is Node (or a runtime that passes for it), where fetch sends `node` as the User-Agent and a client may set its own; a browser's is the browser's. */
const underNode = () => typeof process !== 'undefined' && typeof process.versions?.node === 'string' && typeof globalThis.window === 'undefined';
/** Sets `agent` as the User-Agent of `request` where it has none from the caller (a header, or a middleware). */
function withUserAgent(request, agent) {
    if (agent !== undefined && !request.headers.has('user-agent'))
        request.headers.set('user-agent', agent);
}
/**
 * A path parameter that cannot travel as one URL segment: not a string, empty, `.` or `..`, or
 * not well-formed Unicode (a lone surrogate has no percent-encoding). No request was sent.
 */
export class UnsafePathParameterError extends Error {
    name = 'UnsafePathParameterError';
    operation;
    parameter;
    value;
    constructor(operation, parameter, value) {
        const reason = value === undefined
            ? 'missing: give it as a string'
            : typeof value !== 'string'
                ? `${kindOf(value)}, not a string: give it as a string`
                : `${JSON.stringify(value)}, which cannot be sent as one path segment (an empty, "." or ".." segment would address another resource, and a lone surrogate has no encoding)`;
        super(`${operation}: path parameter '${parameter}' is ${reason}; no request was sent`);
        this.operation = operation;
        this.parameter = parameter;
        this.value = value;
    }
}
/** A success response whose body is not JSON, although the description declares application/json. */
export class ResponseBodyError extends Error {
    name = 'ResponseBodyError';
    operation;
    detail;
    constructor(operation, detail, response) {
        super(`${operation}: the success response body is not JSON: ${detail}`);
        this.operation = operation;
        this.detail = detail;
        Object.defineProperty(this, 'response', { value: response, enumerable: false });
    }
}
/**
 * The service redirected to another origin. The redirect is not followed: a client follows it with
 * the caller's headers (an API key in a custom header included: fetch strips only Authorization
 * and Cookie), which would hand the caller's credentials to that origin. The response is not read.
 */
export class CrossOriginRedirectError extends Error {
    name = 'CrossOriginRedirectError';
    operation;
    status;
    /** `shown`: what the message makes of the target (the client's: its header values redacted, escaped). */
    constructor(operation, status, from, target, shown = escapeText) {
        // The message leaves out the target's query and fragment: a service may put what it was sent (a key) there.
        const url = new URL(target);
        const trimmed = shown(`${url.origin}${url.pathname}${url.search || url.hash ? '?…' : ''}`);
        super(`${operation}: the service answered ${status} with a redirect to ${trimmed}, another origin than ${new URL(from).origin}; it was not followed, so your headers and credentials were not sent there`);
        this.operation = operation;
        this.status = status;
        Object.defineProperty(this, 'target', { value: target, enumerable: false });
    }
}
/** A redirect the client did not follow because it could not check that it stays within the service's origin. */
export class RedirectRefusedError extends Error {
    name = 'RedirectRefusedError';
    operation;
    constructor(operation, detail) {
        super(`${operation}: ${detail}`);
        this.operation = operation;
    }
}
/** The keys the per-call options take (CallOptions). */
export const callOptionKeys = ['headers', 'signal', 'middleware'];
/**
 * An operation function was given a key it does not take: in its arguments (`headers` where
 * `header` goes, a misspelt `qurey`) or in its call options. TypeScript refuses these; this catches
 * them in JavaScript, where they would be dropped silently. No request was sent.
 */
export class UnknownArgumentError extends Error {
    name = 'UnknownArgumentError';
    operation;
    key;
    constructor(operation, key, detail) {
        super(`${operation}: ${detail}; no request was sent`);
        this.operation = operation;
        this.key = key;
    }
}
/**
 * `text` with every character that would move a terminal's cursor or reorder what it shows
 * (controls, format characters, separators but the space, lone surrogates) written as its escape
 * (`\n`, `\x1b`, `\u202e`), as the Python and Go SDKs write them.
 */
function escapeText(text) {
    return text.replace(/(?! )[\p{C}\p{Z}]/gu, (char) => {
        const named = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
        const code = char.codePointAt(0);
        const hex = (digits) => code.toString(16).padStart(digits, '0');
        return named[char] ?? (code < 0x100 ? `\\x${hex(2)}` : code < 0x10000 ? `\\u${hex(4)}` : `\\U${hex(8)}`);
    });
}
/**
 * Values shorter than this are not looked for in what a service sends: they would mark ordinary
 * words. The one rule of the client, the MCP server and verify.
 */
export const shortestEchoedSecret = 4;
/**
 * The secrets one credential's header value holds: the value; with a scheme before it
 * (`Bearer <token>`), the token alone; for `Basic`, the pair it encodes and the password.
 */
export function secretsOfHeaderValue(value) {
    const whole = value.trim();
    const space = whole.search(/\s/);
    if (space === -1)
        return [whole];
    const token = whole.slice(space).trim();
    if (whole.slice(0, space).toLowerCase() !== 'basic')
        return [whole, token];
    let pair;
    try {
        pair = new TextDecoder().decode(Uint8Array.from(atob(token), (char) => char.charCodeAt(0)));
    }
    catch {
        return [whole, token];
    }
    return [whole, token, pair, pair.slice(pair.indexOf(':') + 1)];
}
/** Bytes as a string of one character each (latin1), as btoa takes them. */
const byteString = (bytes) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
/** A character's JSON short escape, where it has one (`\/` too, which JSON allows and some encoders write). */
const jsonShortEscapes = {
    '"': '\\"',
    '\\': '\\\\',
    '/': '\\/',
    '\b': '\\b',
    '\f': '\\f',
    '\n': '\\n',
    '\r': '\\r',
    '\t': '\\t',
};
/**
 * The forms one character of a secret may take in what a service echoes, the longest first (so a
 * match never stops inside an escape): as it is (its UTF-8 bytes, one character each, when `bytes`),
 * percent-encoded (unless unreserved; either case of hex, as the pattern ignores case), JSON-escaped
 * (`\u002b`, `\/`, `\"`) and form-encoded (`+` for a space).
 */
function characterForms(char, bytes) {
    const utf8 = new TextEncoder().encode(char);
    const hex = (code, digits) => code.toString(16).toUpperCase().padStart(digits, '0');
    const forms = [
        bytes ? byteString(utf8) : char,
        ...(/^[A-Za-z0-9._~-]$/.test(char) ? [] : [Array.from(utf8, (byte) => `%${hex(byte, 2)}`).join('')]),
        Array.from({ length: char.length }, (_, at) => `\\u${hex(char.charCodeAt(at), 4)}`).join(''),
        ...(jsonShortEscapes[char] ? [jsonShortEscapes[char]] : []),
        ...(char === ' ' ? ['+'] : []),
    ];
    return [...new Set(forms)].sort((a, b) => b.length - a.length);
}
/**
 * The runs of `bytes`' base64 (standard and URL-safe) that do not depend on the bytes around them,
 * for each of the three places a run can start, and the whole of it padded: a secret a service
 * encodes inside a longer text (`user:key`) is found too.
 */
function base64Forms(bytes) {
    const runs = [btoa(byteString(bytes))];
    for (const shift of [0, 1, 2]) {
        const shifted = new Uint8Array(shift + bytes.length);
        shifted.set(bytes, shift);
        const encoded = btoa(byteString(shifted)).replace(/=+$/, '');
        const total = shift + bytes.length;
        runs.push(encoded.slice([0, 2, 3][shift], Math.floor(total / 3) * 4 + [0, 1, 2][total % 3]));
    }
    return runs.flatMap((run) => [run, run.replace(/\+/g, '-').replace(/\//g, '_')]);
}
const escapeRegExp = (text) => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
/**
 * The echoes of the credentials in `values` (header values: see {@link secretsOfHeaderValue}) in
 * every form a service may send one back: as given, percent-encoded (either case of hex) or
 * form-encoded, JSON-escaped (any character as `\uXXXX`, `\/`), any mix of these, and in another
 * case (a service that lower-cases what it echoes); in base64, standard or URL-safe, padded or not,
 * whole or inside a longer run. With `bytes`, `hide` takes a body of any bytes as one character a
 * byte (latin1), a secret's own characters as their UTF-8 bytes.
 */
export function credentialEchoes(values, options = {}) {
    const bytes = options.bytes ?? false;
    // The patterns take a millisecond or more to make (a JWT's, tens): a client made per call (the
    // MCP server's) with the same headers reuses them.
    const key = JSON.stringify([bytes, values]);
    const made = recentEchoes.get(key);
    if (made)
        return made;
    const echoes = madeEchoes(values, bytes);
    recentEchoes.set(key, echoes);
    if (recentEchoes.size > maxRecentEchoes)
        recentEchoes.delete(recentEchoes.keys().next().value);
    return echoes;
}
/** The last few {@link credentialEchoes} made, by their values. */
const recentEchoes = new Map();
const maxRecentEchoes = 8;
function madeEchoes(values, bytes) {
    const secrets = [...new Set(values.flatMap(secretsOfHeaderValue))].filter((secret) => secret.length >= shortestEchoedSecret);
    // The longest first: a secret that starts another is replaced only where the other is not.
    secrets.sort((a, b) => b.length - a.length);
    let longest = 0;
    const spelled = secrets.map((secret) => {
        const characters = [...secret].map((char) => characterForms(char, bytes));
        longest = Math.max(longest, characters.reduce((sum, forms) => sum + forms[0].length, 0));
        return characters.map((forms) => `(?:${forms.map(escapeRegExp).join('|')})`).join('');
    });
    const encoded = [...new Set(secrets.flatMap((secret) => base64Forms(new TextEncoder().encode(secret))))]
        .filter((form) => form.length >= shortestEchoedSecret)
        .sort((a, b) => b.length - a.length);
    // Two patterns: a spelling in any case, base64 only in its own (another case is other bytes).
    const anyCase = spelled.length === 0 ? undefined : new RegExp(spelled.join('|'), 'gi');
    const exact = encoded.length === 0 ? undefined : new RegExp(encoded.map(escapeRegExp).join('|'), 'g');
    return {
        hide: (text, mark) => {
            const once = anyCase ? text.replace(anyCase, () => mark) : text;
            return exact ? once.replace(exact, () => mark) : once;
        },
        longest: Math.max(longest, ...encoded.map((form) => form.length)),
    };
}
/**
 * How the errors of a client show a service's text (a body, a redirect's target): every echo of a
 * header value it was given replaced by `[redacted]` ({@link credentialEchoes}), then escaped
 * ({@link escapeText}), then bounded.
 */
function shownText(echoes) {
    return (text, limit = Infinity) => {
        // Enough of the text for an echo that starts among the characters shown.
        const redacted = echoes.hide(text.slice(0, limit + echoes.longest), '[redacted]');
        const cut = redacted.length > limit || text.length > limit + echoes.longest;
        return escapeText(cut ? `${redacted.slice(0, limit - 1)}…` : redacted);
    };
}
/** The most levels of causes {@link withoutEchoes} goes down. */
const maxCauses = 8;
/**
 * `error` (and its causes, and an AggregateError's errors) with every echo of a credential in its
 * text replaced by `[redacted]`: its message, stack and every other text it holds. The errors of
 * the platform's fetch quote what the service sent: undici's HTTPParserError keeps the bytes it
 * refused as `data` (a malformed answer that echoes a key, printed whole by console.error). Such
 * bytes may end inside a key (where a read ended), so `data` is also made not enumerable: not
 * printed, still there to read.
 */
function withoutEchoes(error, echoes) {
    const seen = new Set();
    const visit = (value, depth) => {
        if (!(value instanceof Error) || seen.has(value) || depth > maxCauses)
            return;
        seen.add(value);
        const record = value;
        for (const key of Object.getOwnPropertyNames(value)) {
            const descriptor = Object.getOwnPropertyDescriptor(value, key);
            // An accessor is read only for the stack (V8 may define it so); any other could run code.
            const item = 'value' in descriptor ? descriptor.value : key === 'stack' ? record[key] : undefined;
            if (typeof item === 'string') {
                const hidden = echoes.hide(item, '[redacted]');
                const enumerable = key === 'data' ? false : descriptor.enumerable;
                if ((hidden !== item || enumerable !== descriptor.enumerable) && descriptor.configurable)
                    Object.defineProperty(value, key, { value: hidden, writable: true, configurable: true, enumerable });
            }
            else if (key === 'data' && typeof item === 'object' && item !== null && descriptor.configurable) {
                Object.defineProperty(value, key, { ...descriptor, enumerable: false });
            }
            else if (Array.isArray(item))
                for (const each of item)
                    visit(each, depth + 1);
            else
                visit(item, depth + 1);
        }
        visit(record.cause, depth + 1);
    };
    visit(error, 0);
    return error;
}
/** The values of `headers`, in any of the shapes the client takes them. */
function headerValues(headers) {
    const values = [];
    const add = (value) => {
        if (value === null || value === undefined)
            return;
        for (const item of Array.isArray(value) ? value : [value])
            values.push(String(item));
    };
    if (headers instanceof Headers)
        headers.forEach((value) => add(value));
    else if (Array.isArray(headers))
        for (const [, value] of headers)
            add(value);
    else
        for (const value of Object.values(headers ?? {}))
            add(value);
    return values;
}
/** What a value is, for a message: its kind, and a short form of it where that helps. */
function kindOf(value) {
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return 'an array';
    if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
        return `a ${typeof value} (${String(value)})`;
    return typeof value === 'object' ? 'an object' : typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`;
}
/**
 * An operation function called without a client, or without the arguments object it takes (or
 * with something else in its place). TypeScript refuses both; this names them in JavaScript,
 * where they would fail deep inside as a TypeError. No request was sent.
 */
export class MissingArgumentError extends Error {
    name = 'MissingArgumentError';
    operation;
    /** `client` or `args`. */
    argument;
    constructor(operation, argument, detail) {
        super(`${operation}: ${detail}; no request was sent`);
        this.operation = operation;
        this.argument = argument;
    }
}
const shownKey = (key) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);
/**
 * Refuses, before anything is sent, a client that is not one, arguments that are not an object
 * where the operation takes them, a key of `args` that is not among `argumentNames` (undefined:
 * the operation takes no arguments object) or a key of `options` that is not a call option,
 * naming the key and where it belongs.
 */
export function checkCall(operation, argumentNames, client, args, options) {
    if (typeof client !== 'object' || client === null || typeof client.GET !== 'function')
        throw new MissingArgumentError(operation, 'client', `the first argument must be a client from createEmailDeliveryClient(), not ${kindOf(client)}`);
    // An operation whose arguments are all optional defaults them to {}: undefined here means they were required.
    if (argumentNames !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args)))
        throw new MissingArgumentError(operation, 'args', `the second argument must be the arguments object ({ ${argumentNames.join(', ')} }), not ${kindOf(args)}`);
    // What the messages say, made only for a key that is refused (every call passes here).
    const takes = () => argumentNames === undefined || argumentNames.length === 0 ? 'takes no arguments' : `takes ${argumentNames.map((n) => `'${n}'`).join(', ')}`;
    const options_ = () => `the call options (${callOptionKeys.join(', ')})`;
    if (argumentNames !== undefined && typeof args === 'object' && args !== null) {
        for (const key of Object.keys(args)) {
            if (argumentNames.includes(key))
                continue;
            const where = callOptionKeys.includes(key)
                ? `: '${key}' is a call option, which goes in the next argument`
                : `; call options go in the next argument: ${options_()}`;
            throw new UnknownArgumentError(operation, key, `${shownKey(key)} is not an argument of ${operation} (it ${takes()})${where}`);
        }
    }
    if (typeof options === 'object' && options !== null) {
        for (const key of Object.keys(options)) {
            if (callOptionKeys.includes(key))
                continue;
            const hint = argumentNames?.includes(key)
                ? `; '${key}' is an argument of ${operation}, which goes in the arguments object before the options`
                : ` (${operation} ${takes()})`;
            throw new UnknownArgumentError(operation, key, `${shownKey(key)} is not one of ${options_()}${hint}`);
        }
    }
}
/**
 * Percent-encodes every character but RFC 3986's unreserved ones, as the description's parameters
 * ask (`allowReserved` is false): encodeURIComponent leaves `!'()*` as they are, so those too.
 */
export function encodeStrict(value) {
    return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
/** A UTF-16 surrogate without its pair: no URL can carry it. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * Fills each `{name}` of a path template with its parameter, one strictly encoded segment (style
 * simple). A value with a lone surrogate is left out (it has no encoding): the path safety
 * middleware refuses the call before anything is sent.
 */
export function serializePath(pathname, parameters) {
    return pathname.replace(/\{([^}]+)\}/g, (template, name) => name in parameters && !loneSurrogate.test(String(parameters[name])) ? encodeStrict(String(parameters[name])) : template);
}
/**
 * Serializes query parameters as the description declares them: a form-exploded object
 * (the open request parameters) becomes one plain `name=value` pair per property; names and
 * values are strictly percent-encoded ({@link encodeStrict}), arrays repeat the name.
 */
export function serializeQuery(query) {
    const pairs = [];
    const add = (name, value) => {
        if (value !== undefined && value !== null)
            pairs.push(`${encodeStrict(name)}=${encodeStrict(String(value))}`);
    };
    for (const [name, value] of Object.entries(query)) {
        if (Array.isArray(value))
            for (const item of value)
                add(name, item);
        else if (typeof value === 'object' && value !== null)
            for (const [key, item] of Object.entries(value))
                add(key, item);
        else
            add(name, value);
    }
    return pairs.join('&');
}
const present = (value) => value !== undefined && value !== null;
/** The items of an array value, or the name/value pairs of an object value, that are present. */
const itemsOf = (value) => value.filter(present).map(String);
const entriesOf = (value) => Object.entries(value).filter(([, item]) => present(item));
/** What joins an array's items in one query value, by style: RFC 6570's comma, or OpenAPI 3.1.1's encoded space and pipe. */
const delimiters = { form: ',', spaceDelimited: '%20', pipeDelimited: '%7C' };
/**
 * The `name=value` pairs of one query parameter, as its style and explode say (OpenAPI 3.1 style
 * values, RFC 6570 form expansion): a primitive is `name=v`; an array repeats the name when
 * exploded (`name=a&name=b`), else joins its items (`name=a,b`, `%20` for spaceDelimited, `%7C`
 * for pipeDelimited); an object sends each property when exploded (`k=v&j=w`), else
 * `name=k,v,j,w`. Names and values are strictly percent-encoded ({@link encodeStrict}); an absent
 * value, an empty array or object sends nothing.
 */
export function serializeQueryParameter(parameter, value) {
    const name = encodeStrict(parameter.name);
    if (!present(value))
        return [];
    if (Array.isArray(value)) {
        const items = itemsOf(value).map(encodeStrict);
        if (items.length === 0)
            return [];
        return parameter.explode ? items.map((item) => `${name}=${item}`) : [`${name}=${items.join(delimiters[parameter.style] ?? ',')}`];
    }
    if (typeof value === 'object') {
        const entries = entriesOf(value).map(([key, item]) => [encodeStrict(key), encodeStrict(String(item))]);
        if (entries.length === 0)
            return [];
        return parameter.explode ? entries.map(([key, item]) => `${key}=${item}`) : [`${name}=${entries.flat().join(',')}`];
    }
    return [`${name}=${encodeStrict(String(value))}`];
}
/**
 * The value of one header parameter, style simple: a primitive as it is, an array's items joined
 * by `,`, an object as `k,v,j,w` (or `k=v,j=w` exploded). Not percent-encoded (OpenAPI 3.1.1:
 * header values are not); fetch refuses a value with a line break before anything is sent.
 */
export function serializeHeaderParameter(parameter, value) {
    if (!present(value))
        return undefined;
    if (Array.isArray(value))
        return itemsOf(value).join(',') || undefined;
    if (typeof value === 'object') {
        const entries = entriesOf(value).map(([key, item]) => (parameter.explode ? [`${key}=${String(item)}`] : [key, String(item)]));
        return entries.flat().join(',') || undefined;
    }
    return String(value);
}
/** One cookie parameter, style form: `name=value`, an array not exploded as `name=a,b`; strictly percent-encoded. */
export function serializeCookieParameter(parameter, value) {
    if (!present(value))
        return undefined;
    const values = Array.isArray(value) ? itemsOf(value) : [String(value)];
    return values.length === 0 ? undefined : `${encodeStrict(parameter.name)}=${values.map(encodeStrict).join(',')}`;
}
/** The query string of `query` for an operation whose parameters are `described`; a name it does not describe goes as style form, exploded. */
export function serializeDescribedQuery(described, query) {
    const styles = new Map(described.filter((p) => p.in === 'query').map((p) => [p.name, p]));
    const pairs = Object.entries(query).flatMap(([name, value]) => serializeQueryParameter(styles.get(name) ?? { name, in: 'query', style: 'form', explode: true }, value));
    return pairs.join('&');
}
/** A cookie parameter that this fetch cannot send: a browser does not let a page set the Cookie header. */
export class CookieParameterError extends Error {
    name = 'CookieParameterError';
    constructor(operation, parameter) {
        super(`${operation}: cookie parameter '${parameter}' cannot be sent: this fetch (a browser's) does not let a page set the Cookie header, and sends the browser's own cookies; no request was sent`);
    }
}
/** Whether this runtime's Request keeps a Cookie header that a caller sets (Node does; a browser drops it). */
let cookiesSettable;
const canSetCookies = () => (cookiesSettable ??= new Request('http://127.0.0.1/', { headers: { cookie: 'a=b' } }).headers.has('cookie'));
/**
 * A call's options with its header and cookie parameters serialized as `described` says, and a
 * query serializer for its query parameters: what openapi-fetch then sends as it is.
 */
function withDescribedParameters(described, init, operation) {
    const params = (init.params ?? {});
    // Nothing described, no header or cookie given and no query serializer of the call's (the
    // described one replaces it): the client's (serializeQuery, each parameter in the default style,
    // as serializeDescribedQuery would send it) and the options as they are.
    if (described.length === 0 && params.header === undefined && params.cookie === undefined && init.querySerializer === undefined)
        return init;
    const header = {};
    for (const [name, value] of Object.entries(params.header ?? {})) {
        const style = described.find((p) => p.in === 'header' && p.name.toLowerCase() === name.toLowerCase()) ?? {
            name,
            in: 'header',
            style: 'simple',
            explode: false,
        };
        const text = serializeHeaderParameter(style, value);
        if (text !== undefined)
            header[name] = text;
    }
    const cookies = Object.entries(params.cookie ?? {}).flatMap(([name, value]) => {
        const text = serializeCookieParameter(described.find((p) => p.in === 'cookie' && p.name === name) ?? { name, in: 'cookie', style: 'form', explode: false }, value);
        if (text !== undefined && !canSetCookies())
            throw new CookieParameterError(operation, name);
        return text === undefined ? [] : [text];
    });
    if (cookies.length > 0)
        header.Cookie = cookies.join('; ');
    return {
        ...init,
        params: { ...params, header, cookie: undefined },
        querySerializer: (query) => serializeDescribedQuery(described, query),
    };
}
const pathParameterNames = new Map();
/** Refuses, before anything is sent (before any middleware), a path parameter the URL parser would turn into another path. */
function checkPathParameters(operation, schemaPath, params) {
    let names = pathParameterNames.get(schemaPath);
    if (!names) {
        names = [...schemaPath.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
        pathParameterNames.set(schemaPath, names);
    }
    if (names.length === 0)
        return;
    const path = (params?.path ?? {});
    for (const name of names) {
        const value = path[name];
        if (typeof value !== 'string' || value === '' || value === '.' || value === '..' || loneSurrogate.test(value)) {
            throw new UnsafePathParameterError(operation, name, value);
        }
    }
}
/**
 * A success body whose content type is not JSON is read here: not JSON, it becomes a
 * {@link ResponseBodyError}; JSON (or empty), the response again, its body read. A body labelled
 * JSON goes to openapi-fetch untouched (undefined: no second read); if it does not parse,
 * {@link describedCalls} turns the SyntaxError into a ResponseBodyError.
 */
async function jsonBodyChecked(response, operation, shown) {
    if (!bodyToCheck(response))
        return undefined;
    const type = response.headers.get('content-type') ?? '';
    const text = await response.text();
    if (text !== '') {
        try {
            JSON.parse(text);
        }
        catch {
            const detail = `the ${response.status} response (content-type: ${shown(type || 'none', 200)}) reads "${shown(text, 200)}"`;
            throw new ResponseBodyError(operation, detail, response);
        }
    }
    return new Response(text === '' ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
}
/** Whether jsonBodyChecked reads `response`: a success with a body whose content type is not JSON. */
function bodyToCheck(response) {
    return response.ok && response.status !== 204 && response.body !== null && !/[/+]json\b/i.test(response.headers.get('content-type') ?? '');
}
/**
 * jsonBodyChecked as openapi-fetch's first middleware, where a call has any: its onResponse then
 * runs last, on what the caller's middlewares made of the response.
 */
function jsonBodies(operationName, shown) {
    return {
        onResponse: ({ request, response, schemaPath }) => jsonBodyChecked(response, operationName(request.method, schemaPath), shown),
    };
}
/** The redirects a call follows (within the origin), at most as many hops as fetch itself follows. */
const followedStatuses = new Set(redirectStatuses);
const maxRedirects = defaults.maxRedirects;
/** The methods a call sends again: sending one twice does what sending it once does (RFC 9110's idempotent methods). */
const retriedMethods = new Set(retryPolicy.methods);
/** The answers that say "try again later": too many requests, and a gateway's or an overloaded server's. */
const retriedStatuses = new Set(retryPolicy.statuses);
/** The longest `Retry-After` a call waits for, in ms: a longer one is returned to the caller, not waited for. */
export const retryAfterCapMs = retryPolicy.retryAfterCapSeconds * 1000;
/**
 * The wait before retry `retry` (from 1), in ms: the answer's `Retry-After` (seconds, or an HTTP
 * date) where it has one, else 0.5 s doubling up to 8 s, less up to a quarter at random so that
 * many clients do not come back at once; undefined when `Retry-After` asks for more than
 * {@link retryAfterCapMs} (the call does not wait that long).
 */
export function retryWait(retry, retryAfter, now = Date.now()) {
    const text = retryAfter?.trim() ?? '';
    // Delay-seconds, or an HTTP date, which starts with its day's name (RFC 9110 5.6.7): anything
    // else (`-1`, `1.5`, which Date.parse would take for dates long past) is as if none were given.
    const asked = /^\d+$/.test(text) ? Number(text) * 1000 : /^[a-z]{3}/i.test(text) ? Date.parse(text) - now : NaN;
    if (Number.isFinite(asked))
        return asked > retryAfterCapMs ? undefined : Math.max(0, asked);
    const backoff = Math.min(retryPolicy.maxBackoffSeconds, retryPolicy.initialBackoffSeconds * 2 ** (retry - 1)) * 1000;
    return backoff * (1 - Math.random() * retryPolicy.jitter);
}
/** Waits `ms`, or rejects with `signal`'s reason when it aborts first. */
function pause(ms, signal) {
    return new Promise((resolve, reject) => {
        if (signal.aborted)
            return reject(signal.reason);
        const stop = () => {
            clearTimeout(timer);
            reject(signal.reason);
        };
        const timer = setTimeout(() => {
            signal.removeEventListener('abort', stop);
            resolve();
        }, ms);
        signal.addEventListener('abort', stop, { once: true });
    });
}
/** The fetch implementation rejected (refused, reset, closed before an answer) while the call's signal had not aborted. */
class ConnectionFailure {
    cause;
    constructor(cause) {
        this.cause = cause;
    }
    /**
     * Whether trying again cannot help: Node's fetch refuses a "bad port" of the Fetch standard (6000,
     * 6665-6669 and others) before it connects, every time.
     */
    get final() {
        return (this.cause?.cause?.message ?? '') === 'bad port';
    }
}
/** The platform's fetch, as a client uses it where the caller gives none (looked up at each call). */
const platformFetch = (input) => globalThis.fetch(input);
/**
 * Sends `url` with `init` through `fetchImpl`. The platform's fetch takes them as they are and makes
 * the one Request it sends, whose signal follows `init.signal` and which the fetch holds while it
 * runs. A caller's fetch takes a Request: made here, and given to `hold` (see sameOriginRedirects).
 */
function sendRequest(fetchImpl, url, init, hold) {
    if (fetchImpl === platformFetch)
        return globalThis.fetch(url, init);
    const outgoing = new Request(url, init);
    hold(outgoing);
    return fetchImpl(outgoing);
}
/**
 * What openapi-fetch makes of a call that no middleware sees (its `Request` option: see
 * requestOrPlan): the URL and what the call sends, not a Request. The call's fetch makes the one
 * Request that goes (sameOriginRedirects); one built here too, with its own signal and a copy of
 * the headers, was work and garbage the call does not need.
 */
class PlannedRequest {
    url;
    method;
    headers;
    /** A JSON body as openapi-fetch serialized it, sent as it is by every try and hop. */
    body;
    signal;
    // What a Request has and the fetch's options take: the platform's defaults.
    credentials = undefined;
    mode = undefined;
    constructor(url, method, headers, body, signal) {
        this.url = url;
        this.method = method;
        this.headers = headers;
        this.body = body;
        this.signal = signal;
    }
}
/** The options openapi-fetch gives a Request that a PlannedRequest takes (`redirect` is not kept: every hop goes with `redirect: 'manual'`); any other makes a Request. */
const plannedOptions = new Set(['method', 'headers', 'body', 'signal', 'redirect']);
/** The methods a PlannedRequest sends; another (one fetch refuses, like TRACE, or an extension) makes a Request, which checks it. */
const plannedMethods = new Set(['GET', 'HEAD', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'PATCH']);
/** The URL requestOrPlan last checked, and what it made of it: calls of the same URL again (an operation without parameters, say) parse it once. */
const lastPlanned = { url: '', href: undefined };
/**
 * `url` as a PlannedRequest holds it (parsed and written out again, as a Request would), or
 * undefined where a Request must decide: a URL that does not parse alone (a relative one, which a
 * browser's Request resolves against the page) or that holds credentials, which fetch refuses.
 */
function plannedUrl(url) {
    if (url !== lastPlanned.url) {
        let parsed;
        try {
            parsed = new URL(url); // not URL.canParse: browsers before 2023 lack it
        }
        catch {
            parsed = undefined;
        }
        lastPlanned.href = parsed !== undefined && parsed.username === '' && parsed.password === '' ? parsed.href : undefined;
        lastPlanned.url = url;
    }
    return lastPlanned.href;
}
/**
 * openapi-fetch's `Request` for a call no middleware sees (it calls it with `new`, so this is a
 * function, which may return either): a PlannedRequest where the options are ones it holds, with
 * the checks a Request would make first (a URL that parses, without credentials); else the
 * Request itself, which refuses what fetch would refuse as it always did, before anything is sent.
 */
function requestOrPlan(url, init) {
    const { method = 'GET', headers, body, signal, redirect } = init;
    let plain = headers instanceof Headers && plannedMethods.has(method) && (signal === undefined || signal instanceof AbortSignal);
    plain &&= body === undefined || (typeof body === 'string' && method !== 'GET' && method !== 'HEAD');
    plain &&= redirect === undefined || redirect === 'follow' || redirect === 'manual' || redirect === 'error';
    for (const key in init)
        plain &&= plannedOptions.has(key) || init[key] === undefined;
    const href = plain ? plannedUrl(url) : undefined;
    if (href === undefined)
        return new Request(url, init);
    return new PlannedRequest(href, method, headers, body, signal ?? undefined);
}
/**
 * What sends a call's request through a fetch (the function it returns takes the fetch, the
 * request and the call), with redirects followed only within the request's origin: every request goes with
 * `redirect: 'manual'`, and what fetch returns decides, never what globals the runtime has (a
 * jsdom or server-side rendering `document` under Node changes nothing):
 * - a redirect status with a Location (Node, Deno, Bun): followed within the origin, else a
 *   {@link CrossOriginRedirectError};
 * - an opaque redirect (`type: 'opaqueredirect'`: a browser or a worker, which hide the target from
 *   the page): a {@link RedirectRefusedError}, since where it leads cannot be checked;
 * - a response that a fetch implementation reached by following a redirect itself, despite
 *   `manual`, at another origin: a {@link RedirectRefusedError}, and its answer is not used.
 * A GET, PUT or DELETE that fails to connect (except to a port fetch never calls), or is answered 429,
 * 502, 503 or 504, is sent again (`maxRetries` times at most, after {@link retryWait}); one deadline
 * holds every try and wait.
 */
function sameOriginRedirects(bounds, shown, userAgent) {
    return async (fetchImpl, request, call) => {
        // After every middleware, as the last one: a User-Agent the caller set stays.
        withUserAgent(request, userAgent);
        // The body is read once, so that a 307 or 308, or a retry, can send it again (a planned one is text).
        const body = request instanceof PlannedRequest ? request.body : request.body ? await request.arrayBuffer() : undefined;
        // One deadline for the whole call: every try, wait and hop, and the body. Without a bound or
        // the caller's signal, a planned call's signal is one that never aborts.
        const deadline = bounds.timeoutMs > 0 ? withDeadline(request.signal, bounds.timeoutMs) : undefined;
        const signal = deadline?.signal ?? request.signal ?? new AbortController().signal;
        // The Requests handed to a caller's fetch, held while `signal` may abort: undici links the
        // signal to the request it sends only through that Request, weakly, so a garbage collection
        // while the call waits would lose the abort. Let go at the call's end: a strong path from the
        // signal to them outlives them (undici's FinalizationRegistry holds the signal until they are
        // collected).
        const sent = [];
        const held = () => sent;
        const hold = (outgoing) => {
            if (sent.length === 0)
                signal.addEventListener('abort', held, { once: true });
            sent.push(outgoing);
        };
        // A middleware may send a call's request twice: each send's deadline ends at the call's end.
        const earlier = call.release;
        call.release = () => {
            earlier?.();
            deadline?.release();
            if (sent.length > 0)
                signal.removeEventListener('abort', held);
        };
        const ends = bounds.timeoutMs > 0 ? Date.now() + bounds.timeoutMs : Infinity;
        const retries = retriedMethods.has(request.method) ? bounds.maxRetries : 0;
        for (let retry = 1;; retry += 1) {
            let response;
            try {
                response = await followWithinOrigin(fetchImpl, request, body, signal, hold, call.operation, shown);
            }
            catch (error) {
                if (!(error instanceof ConnectionFailure))
                    throw error;
                const wait = retryWait(retry, null);
                if (error.final || retry > retries || wait === undefined || Date.now() + wait >= ends)
                    throw error.cause;
                await pause(wait, signal);
                continue;
            }
            if (retry <= retries && retriedStatuses.has(response.status)) {
                const wait = retryWait(retry, response.headers.get('retry-after'));
                if (wait !== undefined && Date.now() + wait < ends) {
                    await response.body?.cancel().catch(() => { });
                    await pause(wait, signal);
                    continue;
                }
            }
            const bounded = boundedResponse(response, bounds.maxResponseBytes, call.operation, signal);
            if (call.checkJson !== true || !bodyToCheck(bounded))
                return bounded;
            return (await jsonBodyChecked(bounded, call.operation, shown)) ?? bounded;
        }
    };
}
/**
 * One try of `request`: its redirects followed within its origin (see sameOriginRedirects); a
 * rejection of `fetchImpl` that is not the signal's is a ConnectionFailure.
 */
async function followWithinOrigin(fetchImpl, request, body, signal, hold, operation, shown) {
    let method = request.method;
    let url = request.url;
    for (let hop = 0;; hop += 1) {
        const init = {
            method,
            headers: request.headers,
            signal,
            credentials: request.credentials,
            mode: request.mode,
            redirect: 'manual',
        };
        const sending = method === 'GET' || method === 'HEAD' ? init : { ...init, body };
        const response = await sendRequest(fetchImpl, url, sending, hold).catch((error) => {
            throw signal.aborted ? error : new ConnectionFailure(error);
        });
        if (response.type === 'opaqueredirect')
            throw new RedirectRefusedError(operation, `the service answered with a redirect from ${url}, whose target this fetch hides (a browser's), so it cannot be checked to stay within the origin; it was not followed`);
        if (response.redirected && response.url !== '' && new URL(response.url).origin !== new URL(url).origin) {
            await response.body?.cancel();
            throw new RedirectRefusedError(operation, `the fetch implementation followed a redirect from ${url} to ${shown(response.url)}, another origin, although the client asked it not to; its answer was not used, but your headers may have reached it`);
        }
        const location = response.headers.get('location');
        if (!followedStatuses.has(response.status) || location === null || hop === maxRedirects)
            return response;
        const target = new URL(location, url);
        await response.body?.cancel();
        if (target.origin !== new URL(url).origin)
            throw new CrossOriginRedirectError(operation, response.status, url, target.href, shown);
        // As fetch does: a 303, or a 301 or 302 after a POST, becomes a GET without a body.
        if (response.status === 303 ? method !== 'HEAD' : [301, 302].includes(response.status) && method === 'POST')
            method = 'GET';
        url = target.href;
    }
}
const methods = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'];
/**
 * Each call's parameters serialized as the description states them (query, header and cookie
 * parameters by their style and explode), sent through `send` (the caller's per-call fetch, if
 * the path-based API was given one, else `fetchImpl`), and a JSON body that does not parse
 * rejected with a ResponseBodyError naming the operation. A call whose body was read (or had
 * none) ends its deadline then, not when its timer would fire.
 */
function describedCalls(client, described, operationName, shown, scrub, send, fetchImpl, middlewares) {
    // The parser's message, without the start of the body V8 quotes in it (which may hold the start of a credential).
    const parserSaid = (error) => shown(error.message.replace(/, "[\s\S]*" is not valid JSON$|, "[\s\S]*"\.\.\. is not valid JSON$/, ' is not valid JSON'), 200);
    const explain = (operation, error) => {
        // Whatever a call rejects with passes here: the platform's errors too, made safe to print.
        throw error instanceof SyntaxError ? new ResponseBodyError(operation, `it does not parse (${parserSaid(error)})`) : scrub(error);
    };
    // The options openapi-fetch gets: the parameters serialized, and the call's own fetch. A call
    // that no middleware sees gets no Request (requestOrPlan) and its fetch checks its body's type;
    // one with middlewares of its own alone has the check as their first.
    const prepared = (method, path, init, call) => {
        const given = typeof init === 'object' && init !== null ? init : {};
        checkPathParameters(call.operation, path, given.params);
        const own = typeof given.fetch === 'function' ? given.fetch : fetchImpl;
        const fetch = (request) => send(own, request, call);
        // A path the description does not have, or a parameter it does not state: the location's default style.
        const parameters = described.parameters?.[`${method} ${path}`] ?? [];
        const options = { ...withDescribedParameters(parameters, given, call.operation), fetch };
        const ownMiddlewares = Array.isArray(given.middleware) && given.middleware.length > 0;
        call.checkJson = !middlewares.used && !ownMiddlewares;
        if (call.checkJson && given.Request === undefined)
            options.Request = requestOrPlan;
        if (!middlewares.used && ownMiddlewares)
            options.middleware = [middlewares.json, ...given.middleware];
        return options;
    };
    const call = (method, path, sent) => {
        const scope = { operation: operationName(method, path) };
        // Sent at once; a refusal thrown before anything is sent rejects the call as a failed send does.
        return new Promise((resolve) => resolve(sent(scope))).then((result) => {
            const { response, data } = result;
            // Read to its end, or none: not a body the caller still reads as a stream (parseAs:
            // 'stream', which a middleware may have begun to read: bodyUsed then, but not over).
            if (response.body === null || (response.bodyUsed && data !== response.body))
                scope.release?.();
            return result;
        }, (error) => {
            scope.release?.();
            return explain(scope.operation, error);
        });
    };
    const guarded = { ...client, use: middlewares.use };
    for (const method of methods) {
        const sendAs = client[method];
        guarded[method] = (path, init, ...rest) => call(method, path, (scope) => sendAs(path, prepared(method, path, init, scope), ...rest));
    }
    const request = client.request;
    guarded.request = (method, path, init, ...rest) => call(method.toUpperCase(), path, (scope) => request(method, path, prepared(method.toUpperCase(), path, init, scope), ...rest));
    return guarded;
}
/**
 * An openapi-fetch client for a description's `Paths`, with the checks every generated client
 * makes: path safety, JSON success bodies, parameters sent as the description states them, redirects kept
 * within the service's origin, idempotent calls retried, errors naming the operation.
 */
export function createDescribedClient(options, described) {
    const operationName = (method, schemaPath) => described.operationIds[`${method} ${schemaPath}`] ?? `${method} ${schemaPath}`;
    const echoes = credentialEchoes(headerValues(options.headers));
    const shown = shownText(echoes);
    const scrub = (error) => withoutEchoes(error, echoes);
    const bounds = {
        timeoutMs: checkedCount('timeoutMs', options.timeoutMs ?? defaultTimeoutMs),
        maxResponseBytes: checkedCount('maxResponseBytes', options.maxResponseBytes ?? defaultMaxResponseBytes),
        maxRetries: checkedCount('maxRetries', options.maxRetries ?? defaultMaxRetries),
    };
    const userAgent = described.userAgent !== undefined && underNode() ? described.userAgent : undefined;
    const send = sameOriginRedirects(bounds, shown, userAgent);
    const fetchImpl = options.fetch ?? platformFetch;
    const client = createClient({
        baseUrl: options.baseUrl ?? described.defaultBaseUrl,
        headers: options.headers,
        // Each call gives its own (describedCalls); this one only where none is given.
        fetch: (request) => send(fetchImpl, request, { operation: `${request.method} ${request.url}` }),
        querySerializer: serializeQuery,
        pathSerializer: serializePath,
    });
    // The path's parameters are checked, and the User-Agent set, by each call (describedCalls,
    // sameOriginRedirects): as two middlewares they cost a call about a tenth of fetch's time.
    const middlewares = {
        used: false,
        json: jsonBodies(operationName, shown),
        use: (...added) => {
            if (!middlewares.used && added.some(Boolean)) {
                client.use(middlewares.json);
                middlewares.used = true;
            }
            client.use(...added);
        },
    };
    middlewares.use(...(options.middleware ?? []));
    return printedAs(describedCalls(client, described, operationName, shown, scrub, send, fetchImpl, middlewares), options.baseUrl ?? described.defaultBaseUrl, options.headers);
}
/** `value` of the client option `name` when it is a whole number from 0 (0: no bound, or no retry); else a RangeError naming the option. */
function checkedCount(name, value) {
    if (Number.isSafeInteger(value) && value >= 0)
        return value;
    throw new RangeError(`createEmailDeliveryClient: ${name} must be a whole number from 0, not ${String(value)}`);
}
/**
 * `client`, printed (String(), console.log, util.inspect) as its base URL and the names of its
 * headers: never their values, which hold the caller's credentials.
 */
function printedAs(client, baseUrl, headers) {
    const names = [];
    if (headers instanceof Headers)
        headers.forEach((_, name) => names.push(name));
    else if (Array.isArray(headers))
        names.push(...headers.map(([name]) => String(name)));
    else
        names.push(...Object.keys(headers ?? {}));
    const text = `EmailDeliveryClient { baseUrl: ${JSON.stringify(baseUrl)}, headers: [${names.map((name) => JSON.stringify(name)).join(', ')}] }`;
    Object.defineProperty(client, 'toString', { value: () => text });
    Object.defineProperty(client, Symbol.for('nodejs.util.inspect.custom'), { value: () => text });
    return client;
}
