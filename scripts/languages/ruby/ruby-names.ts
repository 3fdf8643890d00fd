// How the Ruby SDK's writer names and quotes what comes from the description: snake_case method,
// keyword and attribute names that are never a Ruby keyword or a name the runtime has, constant
// names, string literals that interpolate nothing, and comments of one printable line.

/** Ruby's keywords: a keyword argument or local variable may not take one. */
const keywords = new Set(
  (
    '__ENCODING__ __LINE__ __FILE__ BEGIN END alias and begin break case class def defined? do else elsif end ensure false for if in ' +
    'module next nil not or redo rescue retry return self super then true undef unless until when while yield'
  ).split(' '),
);

/** `name` in snake_case, as a Ruby identifier: `getApiKey` → `get_api_key`, `Idempotency-Key` → `idempotency_key`, a keyword with `_` after. */
export function snakeCase(name: string): string {
  const words = name
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
  const identifier = words === '' ? 'value' : /^[0-9]/.test(words) ? `n_${words}` : words;
  return keywords.has(identifier) ? `${identifier}_` : identifier;
}

/** `name` as a Ruby constant: `listWebhooks` → `LIST_WEBHOOKS`. */
export const constantName = (name: string): string => snakeCase(name).replace(/_$/, '').toUpperCase();

/** Whether a code point is written as an escape in a literal: a C0 or C1 control, DEL, a line or paragraph separator. */
const needsEscape = (code: number) => code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) || code === 0x2028 || code === 0x2029;

/** A Ruby string literal of `text`: single-quoted where nothing needs an escape, else double-quoted, nothing interpolated, every control character escaped; a lone surrogate is refused. */
export function rubyString(text: string): string {
  if (!text.isWellFormed()) throw new Error(`${JSON.stringify(text)} is not well-formed Unicode, so no Ruby string literal holds it`);
  if (![...text].some((char) => char === "'" || char === '\\' || needsEscape(char.codePointAt(0)!))) return `'${text}'`;
  return `"${[...text]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if (char === '"' || char === '\\' || char === '#') return `\\${char}`;
      if (needsEscape(code)) return `\\u{${code.toString(16)}}`;
      return char;
    })
    .join('')}"`;
}

/** A Ruby string literal of `text` that a long text spreads over lines (adjacent literals, each at most 80 characters of it), continued at `indent`. */
export function rubyLongString(text: string, indent: string): string {
  const pieces = [...text].reduce<string[]>((all, char) => {
    // A piece never starts with a space (RuboCop's Layout/LineContinuationLeadingSpace): it ends the one before.
    if (all.length === 0 || ([...all[all.length - 1]].length >= 80 && char !== ' ')) all.push('');
    all[all.length - 1] += char;
    return all;
  }, []);
  return pieces.length <= 1 ? rubyString(text) : pieces.map(rubyString).join(` \\\n${indent}`);
}

/** An array of strings as Ruby: `%w[GET PUT]` where each is one word, else each a literal. */
export const rubyStrings = (texts: readonly string[]): string =>
  texts.length > 0 && texts.every((text) => /^[\w.-]+$/.test(text)) ? `%w[${texts.join(' ')}]` : `[${texts.map(rubyString).join(', ')}]`;

/** A text from the description as one line of a Ruby comment: printable, whitespace folded, at most 200 characters. */
export function commentText(text: unknown): string {
  const line = String(text ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** A schema's name as a Ruby class name: `SendBatchRequestBody` as it is, `send-batch.v2` → `SendBatchV2`. */
export function className(name: string): string {
  const camel = name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
  return /^[A-Z]/.test(camel) ? camel : `Schema${camel}`;
}
