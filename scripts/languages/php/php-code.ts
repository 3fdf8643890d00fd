// How the PHP writer writes text of the description into PHP source: string literals, docblock
// lines, identifiers. Nothing the description holds can end a literal or a comment early.

/** A PHP string literal of `text`: single-quoted where it is printable, else double-quoted with escapes. */
export function phpString(text: string): string {
  if (!text.isWellFormed()) throw new Error(`${JSON.stringify(text)} is not well-formed Unicode, so no PHP string literal holds it as UTF-8`);
  if (!/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(text)) return `'${text.replace(/[\\']/g, (char) => `\\${char}`)}'`;
  const escaped = [...text]
    .map((char) => {
      if (char === '\\' || char === '"' || char === '$') return `\\${char}`;
      if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(char)) return `\\u{${char.codePointAt(0)!.toString(16)}}`;
      return char;
    })
    .join('');
  return `"${escaped}"`;
}

/** A text of the description as one line of a docblock: printable, whitespace folded, no `*` `/` that would end it, at most 200 characters. */
export function docText(text: unknown): string {
  const line = String(text ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .replace(/\*\//g, '* /')
    .replace(/@/g, '(at)')
    .trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** A summary as a sentence: a full stop where it ends without one. */
export const sentence = (text: string): string => (text === '' || /[.!?]$/.test(text) ? text : `${text}.`);

/** Whether `name` is a PHP identifier (ASCII: what the SDK's names are made of). */
export const isIdentifier = (name: string): boolean => /^[A-Za-z_][A-Za-z0-9_]*$/.test(name);

/** `name` as a lowerCamelCase PHP identifier: `Idempotency-Key` → `idempotencyKey`, `2fa` → `_2fa`. */
export function camelName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const joined = words.map((word, index) => (index === 0 ? word[0].toLowerCase() + word.slice(1) : word[0].toUpperCase() + word.slice(1))).join('');
  if (joined === '') return 'value';
  return /^[0-9]/.test(joined) ? `_${joined}` : joined;
}

/** A PHP value of JSON `value` (arrays in short syntax), for the operation records and the spec's constants. */
export function phpValue(value: unknown, indent = ''): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return phpString(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map((item) => phpValue(item, indent)).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '[]';
  return `[${entries.map(([key, item]) => `${phpString(key)} => ${phpValue(item, indent)}`).join(', ')}]`;
}

/** A float constant as PHP writes one: `60.0`, `0.25`. */
export const phpFloat = (value: number): string => (Number.isInteger(value) ? `${value}.0` : String(value));
