// Which names from traffic may be written into an overlay: a field of a body, a query or header
// parameter. A name is untrusted input twice over: it can be code (a quote, a backtick, `*/` or
// `</script>` reach the client's types, the docs and the MCP tools' schemas) and it can be a value
// (an object keyed by email addresses, ids, host names, tokens or people's names: private data that
// only looks like a name, or an instruction to an agent that reads the MCP tools' descriptions).
// So a name is written only when it is short plain ASCII that reads as a name; an object with any
// other key is learned as a map (its values typed, its keys never written); the names JavaScript
// objects or OpenAPI give a meaning to are dropped. A message shows a reserved name, and of one
// that is code only the characters that make it so (escaped), never one that reads as a value or
// as text.
import { invisibleCharacter } from '../invisible-characters.ts';
import { reservedNames as objectNames } from '../overlay/read-overlay.ts';

/**
 * Why a name is not written as it is, or undefined when it is: it looks like a value or like text
 * (never shown), it is not a plain name, for a character that could be code (shown, escaped), or
 * it is reserved (shown). A body's object with a key of the first two kinds is a map.
 */
export type NameVerdict = undefined | 'value' | 'code' | 'reserved';

/** The longest name learned: a longer key reads as a sentence or a value more often than as a field. */
export const longestName = 32;

/** A name as the overlay may carry it: a letter or `_`, then letters, digits, `_` or `-`, at most longestName characters. */
const plainName = new RegExp(`^[A-Za-z_][A-Za-z0-9_-]{0,${longestName - 1}}$`);

/** An HTTP header name the overlay may carry: letters, digits and `-`, starting with a letter, at most longestName. */
const plainHeader = new RegExp(`^[A-Za-z][A-Za-z0-9-]{0,${longestName - 1}}$`);

/** Known prefixes of secrets (Stripe, GitHub, Slack, AWS, a JWT, GitLab, Google, webhooks, npm, Shopify, Hugging Face). */
const tokenPrefixes =
  /^(?:[spr]k_(?:live|test)_|gh[pousr]_|github_pat_|xox[abposr]-|xapp-|A[KS]IA[A-Z0-9]{8}|eyJ|glpat-|AIza|whsec_|npm_[A-Za-z0-9]{8}|shp(?:at|ss|ca|pa)_|hf_[A-Za-z]{8}|dop_v1_)/;

/**
 * Keys that are values: a number, a run of 4 or more digits (ids, dates, phone numbers), a UUID or
 * a long hexadecimal string, an email address, a URL, a path, a host or file name (a dot), a known
 * token's prefix.
 */
const valueLike = [/^-?\d+(\.\d+)?$/, /\d{4,}/, /^[0-9a-f]{8}-[0-9a-f]{4}-/i, /^[0-9a-f-]{16,}$/i, /@/, /^[a-z][a-z0-9+.-]*:\/\//i, /^\//, /\./, tokenPrefixes];

/** Hexadecimal digits of one case (a hash, an id), which a name's letters and digits are not from 10 long. */
const hexadecimal = /^(?:[0-9a-f]+|[0-9A-F]+)$/;

/**
 * Letters in words, camelCase or PascalCase (each capital followed by a small letter), one of them
 * 3 letters or more: a name of short words changes case often (`isUpToDate`, `onUserSignUp`,
 * `msgIdToUse`), where an id's letters put capitals side by side or make no longer word (`XyPqMnRtZwAb`).
 */
const camelWords = /^(?=[a-z]*(?:[A-Z][a-z]+)*$)(?:[a-z]{3}|.*[A-Z][a-z]{2})/;

/** Each character's kind: 0 a digit, 1 a lower-case letter, 2 anything else (upper case). */
const kindOf = (code: number) => (code >= 0x30 && code <= 0x39 ? 0 : code >= 0x61 && code <= 0x7a ? 1 : 2);

/**
 * Whether a run of letters and digits (a part of a name between `_`, `-` and `.`) reads as an id or
 * a token rather than a word: a name's parts are words, acronyms and numbers, and change between
 * lower case, upper case and digits where a word or a number starts (`unsubscribeGroupId` four times
 * in 18, `html2text` and `ipv6Address` twice), where a random run changes at every other place.
 * A run reads as random when it changes kind at more than half its places from 10 long, half from
 * 16 (`NffrFeUfNV2Hib`; `iPhoneModelId`, short words, at half), unless its letters are words
 * (camelWords); goes between letters and digits 4
 * times or more (`a1b2c3`), or 3 times from 8 long in one case (`a008dbbdda68`, `3ax6xnjp29jd6fds`;
 * `ipv4ToIpv6` is two words); starts with a digit and goes on with 4 more letters and digits
 * (`3anjsy`: a part that starts with a digit is a number, or short: `2fa`, `4k`); is 20 long with
 * 3 digits; or is 10 long, hexadecimal, with a digit and a letter (`aac88adfcedb`).
 */
function randomRun(run: string): boolean {
  if (run.length < 5) return false;
  let changes = 0;
  let digitTurns = 0;
  let upper = false;
  let digits = kindOf(run.charCodeAt(0)) === 0 ? 1 : 0;
  for (let i = 1; i < run.length; i++) {
    const kind = kindOf(run.charCodeAt(i));
    const before = kindOf(run.charCodeAt(i - 1));
    if (kind !== before) changes++;
    if ((kind === 0) !== (before === 0)) digitTurns++;
    if (kind === 0) digits++;
    upper ||= kind === 2 || before === 2;
  }
  return (
    (run.length >= 10 && changes * 2 > run.length - 1 && !camelWords.test(run)) ||
    (run.length >= 16 && changes * 2 >= run.length - 1 && !camelWords.test(run)) ||
    digitTurns >= 4 ||
    (digitTurns >= 3 && run.length >= 8 && !upper) ||
    (digits < run.length && kindOf(run.charCodeAt(0)) === 0) ||
    (run.length >= 20 && digits >= 3) ||
    (run.length >= 10 && digits > 0 && digits < run.length && hexadecimal.test(run))
  );
}

/**
 * An id after a short prefix, as services write theirs (`cus_NffrFeUfNV2Hib`, `key-3ax6xnjp29jd6fds`,
 * `usr_a8f3k2`): a prefix of lower-case letters, `_` or `-`, then 6 or more letters and digits, at
 * least one of each, but for a word and its number (a name's last part is a word, a number or
 * both: `utm_source`, `address_line_2`, `billing_address2`, `file_sha256`, `auth_oauth2`).
 */
const prefixedId = /^[a-z]{1,8}[_-](?![a-z]{3,}[0-9]{1,3}$)(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{6,}$/;

/** Whether `name` reads as a value: a pattern above, an id after a prefix, more than 3 separators, or a random-looking run. */
const looksLikeValue = (name: string) =>
  valueLike.some((pattern) => pattern.test(name)) ||
  prefixedId.test(name) ||
  (name.match(/[-_.]/g)?.length ?? 0) > 3 ||
  (name.match(/[A-Za-z0-9]+/g) ?? []).some(randomRun);

/**
 * Whether the keys of one object are values by their shape together, as ids written side by side
 * are: two or more, of one length, each a run of 4 or more letters and digits, at least one of each,
 * after one prefix (`cus_`, `key-`, or none), and each differing from the first at half its places
 * or more (`{"ab12cd": ..., "xy34zw": ...}`). Names of one length share most of their letters
 * (`address1`, `address2`) or hold no digit (`createdAt`, `updatedAt`).
 */
export function keysShareValueShape(keys: string[]): boolean {
  if (keys.length < 2) return false;
  const first = keys[0];
  const prefix = /^[a-z]{1,8}[_-]/.exec(first)?.[0] ?? '';
  const tail = (key: string) => (key.length === first.length && key.startsWith(prefix) ? key.slice(prefix.length) : '');
  const idTail = /^(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{4,}$/;
  const firstTail = tail(first);
  if (!idTail.test(firstTail)) return false;
  for (let k = 1; k < keys.length; k++) {
    const other = tail(keys[k]);
    if (!idTail.test(other)) return false;
    let differing = 0;
    for (let i = 0; i < other.length; i++) if (other[i] !== firstTail[i]) differing++;
    if (differing * 2 < other.length) return false;
  }
  return true;
}

/** A character of a name that reads as code rather than text: printable ASCII but a space, a tab or line break, or an invisible one (shown as its escape). */
const codeCharacter = new RegExp(`[\\t\\n\\r\\x21-\\x7e]|${invisibleCharacter.source}`, 'u');

/**
 * Why a name that is not plain is not: `value` where it reads as a value or as text (a pattern
 * above; a space, a letter of another script; only plain characters, but longer than
 * longestName: a sentence), else `code` (a quote, a bracket, `*` `/`, an invisible character).
 */
function notPlain(name: string): 'value' | 'code' {
  if (looksLikeValue(name) || (name.length > longestName && /^[A-Za-z0-9_-]+$/.test(name))) return 'value';
  return [...name].every((char) => codeCharacter.test(char)) ? 'code' : 'value';
}

/**
 * Names JavaScript objects give a meaning (every name Object.prototype has: `constructor`,
 * `hasOwnProperty`, `toString`, `__proto__`..., which the overlay reader refuses in any overlay:
 * the linters, the generators and the tools read a schema's properties as plain objects) or that
 * OpenAPI reads as a keyword where a name stands (a `$ref` among properties): never written,
 * whatever the traffic says. Headers are compared without case.
 */
export const reservedNames: ReadonlySet<string> = new Set([...objectNames, '$ref']);
const reservedLower = new Set([...reservedNames].map((name) => name.toLowerCase()));

/** Whether `name` (a body field's, a query parameter's) may be written; else why not. */
export function nameVerdict(name: string): NameVerdict {
  // The same names come back in every body: each is judged once (a bounded memo: most of learning's time was these patterns).
  const known = verdicts.get(name);
  if (known !== undefined || verdicts.has(name)) return known;
  const verdict: NameVerdict = reservedNames.has(name) ? 'reserved' : looksLikeValue(name) ? 'value' : plainName.test(name) ? undefined : notPlain(name);
  remember(verdicts, name, verdict);
  return verdict;
}
const verdicts = new Map<string, NameVerdict>();

/** Whether a request header's name may be written (as a parameter, or a credential's header); else why not. */
export function headerVerdict(name: string): NameVerdict {
  const known = headerVerdicts.get(name);
  if (known !== undefined || headerVerdicts.has(name)) return known;
  const verdict: NameVerdict = reservedLower.has(name.toLowerCase())
    ? 'reserved'
    : looksLikeValue(name)
      ? 'value'
      : plainHeader.test(name)
        ? undefined
        : notPlain(name);
  remember(headerVerdicts, name, verdict);
  return verdict;
}
const headerVerdicts = new Map<string, NameVerdict>();

function remember(memo: Map<string, NameVerdict>, name: string, verdict: NameVerdict): void {
  if (memo.size >= 50_000) memo.clear();
  if (name.length <= 2 * longestName) memo.set(name, verdict);
}

/**
 * A name that is not written, as a message shows it: a reserved one whole (`"constructor"`: the
 * same for everyone); one that is code by its offending characters only, never whole (it may be a
 * value that holds them: `hunter2!`, `P4ss:w0rd`): `with "!"`, `starting with "2"`; the first
 * three in code-unit order, not the name's (a key of punctuation alone, `*&^%$#!~`, would be
 * spelt out). In a header's name `_` offends too (`Jane_Doe`).
 */
export function shownDropped(name: string, verdict: 'reserved' | 'code', header = false): string {
  if (verdict === 'reserved') return shownName(name);
  const plain = header ? /[A-Za-z0-9-]/ : /[A-Za-z0-9_-]/;
  const offending = [...new Set([...name].filter((char) => !plain.test(char)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (offending.length === 0) return `starting with ${shownName([...name][0])}`;
  const shown = offending.slice(0, 3).map(shownName);
  return `with ${shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`}${offending.length > 3 ? ' (and more)' : ''}`;
}

/** Why a name shown by shownDropped is not written. */
export const droppedWhy = (shown: string) => (shown.startsWith('"') ? 'a name JavaScript or OpenAPI reserves' : 'not a plain name');

/**
 * A name as a message shows it: JSON-quoted, cut at 40 characters, and every invisible character
 * (a zero-width space, a bidirectional override) written as its `\\uXXXX` escape, so that what the
 * reader sees is the name; the caller escapes the line for its medium. Only for names a message may
 * show: plain ones, reserved ones, and the description's own.
 */
export const shownName = (name: string) =>
  JSON.stringify([...name].slice(0, 40).join('') + ([...name].length > 40 ? '…' : '')).replace(
    new RegExp(invisibleCharacter.source, 'gu'),
    (char) => `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );

/** A segment of a URL's path as a message shows it: itself when it reads as a plain name, else `{…}` (an id, an address, a token). */
export const shownSegment = (segment: string) => (segment === '' || nameVerdict(segment) === undefined ? segment : '{…}');
