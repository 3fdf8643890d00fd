// The Python SDK's constants, written from the one spec of every SDK's runtime
// (scripts/languages/runtime-spec.ts): `_spec.py` (the defaults, the retry policy, the redirects, the
// excerpt's length, the shortest secret redacted, the User-Agent, the log variable), and `_kinds.py`, the ApiError class of each
// error kind by status. The runtime (runtime/*.py) writes none of these values itself.
import { defaults, errorKinds, excerptCharacters, logVariable, redirectStatuses, retryPolicy, userAgent } from '../runtime-spec.ts';
import { shortestEchoedSecret } from '../../credential-echoes.ts';
import { pythonVersion } from './python-package.ts';

const literal = (text: string) => JSON.stringify(text);
/** A Python float literal: `60.0`, `0.5`. */
const float = (value: number) => (Number.isInteger(value) ? `${value}.0` : String(value));
const ints = (values: readonly number[]) => `frozenset({${values.join(', ')}})`;
const strings = (values: readonly string[]) => `frozenset({${values.map(literal).join(', ')}})`;

/** The class name of an error kind's stem: `NotFound` → `NotFoundError`. */
export const errorClass = (stem: string) => `${stem}Error`;

/** The statuses an error kind covers, as Python's (low, high) bounds; high None: no end. */
const statusRange = (status: number | { from: number }) => (typeof status === 'number' ? `${status}, ${status}` : `${status.from}, None`);

/** `_spec.py`: every value the runtime takes from the spec, `version` the SDK's (its User-Agent's). */
export function specModule(header: string, version: string): string {
  return [
    header,
    '"""The runtime\'s constants, written from scripts/languages/runtime-spec.ts, the one spec of every SDK\'s runtime."""',
    '',
    'from __future__ import annotations',
    '',
    "#: The defaults of a client's bounds: the whole call in seconds, the bytes of a body as it is decoded, the retries.",
    `DEFAULT_TIMEOUT = ${float(defaults.timeoutSeconds)}`,
    `DEFAULT_MAX_RESPONSE_BYTES = ${defaults.maxResponseBytes}`,
    `DEFAULT_MAX_RETRIES = ${defaults.maxRetries}`,
    "#: The most redirects within the origin one call follows; the answer after them is the call's.",
    `MAX_REDIRECTS = ${defaults.maxRedirects}`,
    '',
    '#: When a call is sent again: one of these methods, after a connection failure or one of these statuses.',
    `RETRY_METHODS = ${strings(retryPolicy.methods)}`,
    `RETRY_STATUSES = ${ints(retryPolicy.statuses)}`,
    '#: The wait without a Retry-After: the first, doubled each retry, at most the most, less up to the jitter of it.',
    `INITIAL_BACKOFF_SECONDS = ${float(retryPolicy.initialBackoffSeconds)}`,
    `MAX_BACKOFF_SECONDS = ${float(retryPolicy.maxBackoffSeconds)}`,
    `BACKOFF_JITTER = ${float(retryPolicy.jitter)}`,
    '#: The longest Retry-After a call waits for; a longer one ends the call with that answer.',
    `RETRY_AFTER_CAP_SECONDS = ${float(retryPolicy.retryAfterCapSeconds)}`,
    '',
    "#: The statuses whose Location is followed, within the base URL's origin only.",
    `REDIRECT_STATUSES = ${ints(redirectStatuses)}`,
    "#: The most characters of an error body an error's text quotes.",
    `EXCERPT_CHARACTERS = ${excerptCharacters}`,
    "#: A header value's secrets shorter than this are not looked for in what a service sends (they would mark ordinary words).",
    `SHORTEST_ECHOED_SECRET = ${shortestEchoedSecret}`,
    '#: What the SDK sends as its User-Agent unless the caller sets one.',
    `USER_AGENT = ${literal(userAgent('python', pythonVersion(version)))}`,
    '#: The environment variable that turns the debug log on (``debug``), without code.',
    `LOG_VARIABLE = ${literal(logVariable)}`,
    '',
  ].join('\n');
}

/** Which statuses a kind covers, in words, for its docstring. */
const statusWords = (status: number | { from: number }) => (typeof status === 'number' ? String(status) : `${status.from} or above`);

/** `_kinds.py`: an ApiError subclass a kind, and the kind of a status. */
export function kindsModule(header: string): string {
  return [
    header,
    '"""The kinds of an API error by the answer\'s status (scripts/languages/runtime-spec.ts\' errorKinds), each an',
    '``ApiError``: catch ``NotFoundError`` for a 404, ``ApiError`` for any status."""',
    '',
    'from __future__ import annotations',
    '',
    'from .errors import ApiError',
    ...errorKinds.flatMap((kind) => [
      '',
      '',
      `class ${errorClass(kind.name)}(ApiError):`,
      `    """The service answered ${statusWords(kind.status)} (after any retries)."""`,
    ]),
    '',
    '',
    "#: Each kind's class and the statuses it covers, lowest and highest (None: no end).",
    'KINDS: tuple[tuple[type[ApiError], int, int | None], ...] = (',
    ...errorKinds.map((kind) => `    (${errorClass(kind.name)}, ${statusRange(kind.status)}),`),
    ')',
    '',
    '',
    'def kind_of(status: int) -> type[ApiError]:',
    '    """The class of an API error of ``status``: its kind\'s, or ``ApiError`` where no kind names it."""',
    '    for kind, low, high in KINDS:',
    '        if low <= status and (high is None or status <= high):',
    '            return kind',
    '    return ApiError',
    '',
  ].join('\n');
}

/** The kinds' class names, which the package exports. */
export const errorKindClasses = errorKinds.map((kind) => errorClass(kind.name));
