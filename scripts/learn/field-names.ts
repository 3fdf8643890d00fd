// Which names from traffic may be written into an overlay: a field of a body, a query or header
// parameter. A name is untrusted input twice over: it can be code (a quote, a backtick, `*/` or
// `</script>` reach the client's types, the docs and the MCP tools' schemas) and it can be a value
// (an object keyed by email addresses, ids, host names, tokens or people's names: private data that
// only looks like a name, or an instruction to an agent that reads the MCP tools' descriptions).
// So a name is written only when it is short plain ASCII that reads as a name; an object with any
// other key is learned as a map (its values typed, its keys never written); the names JavaScript
// objects or OpenAPI give a meaning to are dropped. A message shows a name that is code (escaped,
// so that the reader knows which) or reserved, never one that reads as a value or as text.
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

/** Whether a run of letters and digits reads as random: at least 16 long, and changing between lower case, upper case and digits at half its places or more, or at least 20 long with 3 digits. */
function randomRun(run: string): boolean {
  if (run.length < 16) return false;
  const kind = (char: string) => (char >= '0' && char <= '9' ? 0 : char >= 'a' && char <= 'z' ? 1 : 2);
  let changes = 0;
  let digits = kind(run[0]) === 0 ? 1 : 0;
  for (let i = 1; i < run.length; i++) {
    if (kind(run[i]) !== kind(run[i - 1])) changes++;
    if (kind(run[i]) === 0) digits++;
  }
  return changes >= (run.length - 1) / 2 || (run.length >= 20 && digits >= 3);
}

/** Whether `name` reads as a value: a pattern above, more than 3 separators, or a random-looking run. */
const looksLikeValue = (name: string) =>
  valueLike.some((pattern) => pattern.test(name)) || (name.match(/[-_.]/g)?.length ?? 0) > 3 || (name.match(/[A-Za-z0-9]+/g) ?? []).some(randomRun);

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
  if (name.length <= 256) memo.set(name, verdict);
}

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
