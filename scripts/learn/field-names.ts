// Which names from traffic may be written into an overlay: a field of a body, a query or header
// parameter. A name is untrusted input twice over: it can be code (a quote, a backtick, `*/` or
// `</script>` reach the client's types, the docs and the MCP tools' schemas) and it can be a value
// (an object keyed by email addresses, ids or dates: private data that only looks like a name).
// So a name is written only when it is plain ASCII that reads as a name; an object with a key that
// looks like a value is learned as a map (its values typed, its keys never written); any other
// name is dropped, and the command says so.
import { invisibleCharacter } from '../invisible-characters.ts';

/** Why a name is not written as it is, or undefined when it is. */
export type NameVerdict = undefined | 'value' | 'unsafe';

/** A name as the overlay may carry it: a letter or `_`, then letters, digits, `_`, `-` or `.`, at most 64 characters. */
const plainName = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

/**
 * Keys that are values: a number, a run of 4 or more digits (ids, dates, phone numbers), a UUID or
 * a long hexadecimal string, an email address, a URL, a path.
 */
const valueLike = [/^-?\d+(\.\d+)?$/, /\d{4,}/, /^[0-9a-f]{8}-[0-9a-f]{4}-/i, /^[0-9a-f-]{16,}$/i, /^[^@\s]+@[^@\s]+$/, /^[a-z][a-z0-9+.-]*:\/\//i, /^\//];

/**
 * Names JavaScript objects give a meaning (a prototype) or that OpenAPI reads as a keyword where a
 * name stands (a `$ref` among properties): never written, whatever the traffic says.
 */
const reserved = new Set(['__proto__', 'constructor', 'prototype']);

/** Whether `name` (a body field's, a query parameter's) may be written; else whether it looks like a value or is unsafe. */
export function nameVerdict(name: string): NameVerdict {
  // The same names come back in every body: each is judged once (a bounded memo: most of learning's time was these patterns).
  const known = verdicts.get(name);
  if (known !== undefined || verdicts.has(name)) return known;
  const verdict = valueLike.some((pattern) => pattern.test(name)) ? 'value' : reserved.has(name) || !plainName.test(name) ? 'unsafe' : undefined;
  if (verdicts.size >= 50_000) verdicts.clear();
  if (name.length <= 256) verdicts.set(name, verdict);
  return verdict;
}
const verdicts = new Map<string, NameVerdict>();

/** An HTTP header name the overlay may carry: letters, digits and `-`, starting with a letter, at most 64. */
export const plainHeaderName = /^[A-Za-z][A-Za-z0-9-]{0,63}$/;

/**
 * A name as a message shows it: JSON-quoted, cut at 40 characters, and every invisible character
 * (a zero-width space, a bidirectional override) written as its `\\uXXXX` escape, so that what the
 * reader sees is the name; the caller escapes the line for its medium.
 */
export const shownName = (name: string) =>
  JSON.stringify([...name].slice(0, 40).join('') + ([...name].length > 40 ? '…' : '')).replace(
    new RegExp(invisibleCharacter.source, 'gu'),
    (char) => `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  );
