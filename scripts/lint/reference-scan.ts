// The `$ref`s of a source file's text, found by a scan in linear time: `$ref: value` as YAML writes
// it, in block or flow style, the key and the value quoted or not. A text scan, not a parse: it
// finds where each reference stands without parsing every file twice (Redocly parses them). It need
// not be complete to be safe: Redocly's resolver reads only the files the source boundary read, so a
// reference the scan misses cannot be followed. Each value is read for at most `maxLength`
// characters, so a line of any length costs at most that much per `$ref` on it; a longer value is
// returned as `tooLong`, for the boundary to refuse with its line.

export interface Reference {
  /** The file part of the reference ('' for one within its own file). */
  target: string;
  /** The JSON pointer part ('' for the whole file). */
  fragment: string;
  line: number;
  col: number;
  value: string;
}

export interface ScannedReferences {
  references: Reference[];
  /** Values longer than the limit: where each starts. */
  tooLong: { line: number; col: number }[];
}

const isBlank = (char: string | undefined) => char === ' ' || char === '\t';
/** What may stand before a `$ref` key (or its opening quote): the line's start, white space, `{` or `,`. */
const opensKey = (char: string | undefined) => char === undefined || /[\s{,]/.test(char);

/** True when `line` at `at` is where a value ends: the line's end, `,`, `}`, `]`, or a comment. */
function endsValue(line: string, at: number): boolean {
  let i = at;
  while (isBlank(line[i])) i += 1;
  return i >= line.length || ',}]'.includes(line[i]) || (i > at && line[i] === '#');
}

type Scalar = { raw: string; end: number } | 'too-long' | undefined;

/** A quoted scalar starting at `start` (its opening quote), read within `maxLength` characters. */
function quoted(line: string, start: number, maxLength: number): Scalar {
  const quote = line[start];
  const limit = Math.min(line.length, start + maxLength + 2);
  for (let i = start + 1; i < limit; i += 1) {
    if (quote === '"' && line[i] === '\\') i += 1;
    else if (line[i] === quote && quote === "'" && line[i + 1] === "'") i += 1;
    else if (line[i] === quote) return endsValue(line, i + 1) ? { raw: line.slice(start, i + 1), end: i + 1 } : undefined;
  }
  return limit < line.length ? 'too-long' : undefined;
}

/** A plain scalar starting at `start`: up to `,`, `}`, `]`, a comment or the line's end, trailing blanks dropped. */
function plain(line: string, start: number, maxLength: number): Scalar {
  if (/[\s,}\]#'"]/.test(line[start] ?? ' ')) return undefined;
  const limit = Math.min(line.length, start + maxLength + 1);
  let end = start;
  while (end < limit && !',}]'.includes(line[end]) && !(line[end] === '#' && isBlank(line[end - 1]))) end += 1;
  if (end - start > maxLength) return 'too-long';
  let last = end;
  while (last > start && /\s/.test(line[last - 1])) last -= 1;
  return { raw: line.slice(start, last), end };
}

/** A scalar as YAML quotes it, unquoted. */
function unquote(raw: string): string {
  if (raw.startsWith("'")) return raw.slice(1, -1).replaceAll("''", "'");
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as string;
    } catch {
      return raw.slice(1, -1);
    }
  }
  return raw;
}

/** Where the value of the `$ref` key found at `at` starts, or undefined when `at` is no such key. */
function valueStart(line: string, at: number): number | undefined {
  const quote = line[at - 1] === '"' || line[at - 1] === "'" ? line[at - 1] : '';
  if (!opensKey(line[at - 1 - quote.length])) return undefined;
  let i = at + '$ref'.length;
  if (quote !== '') {
    if (line[i] !== quote) return undefined;
    i += 1;
  }
  while (isBlank(line[i])) i += 1;
  if (line[i] !== ':') return undefined;
  i += 1;
  while (isBlank(line[i])) i += 1;
  return i;
}

/** The references on one line (1-based `lineNumber`), appended to `into`. */
function scanLine(line: string, lineNumber: number, maxLength: number, into: ScannedReferences): void {
  let from = 0;
  for (let at = line.indexOf('$ref', from); at >= 0; at = line.indexOf('$ref', from)) {
    from = at + 1;
    const start = valueStart(line, at);
    if (start === undefined) continue;
    const scalar = line[start] === '"' || line[start] === "'" ? quoted(line, start, maxLength) : plain(line, start, maxLength);
    if (scalar === 'too-long') {
      into.tooLong.push({ line: lineNumber, col: start + 1 });
      from = Math.max(from, start + maxLength);
      continue;
    }
    if (!scalar) continue;
    from = scalar.end;
    const value = unquote(scalar.raw);
    const hash = value.indexOf('#');
    into.references.push({
      target: hash < 0 ? value : value.slice(0, hash),
      fragment: hash < 0 ? '' : value.slice(hash + 1),
      line: lineNumber,
      col: start + 1,
      value,
    });
  }
}

/** The `$ref`s of a file's text, with where each value stands; values over `maxLength` characters apart. */
export function scanReferences(text: string, maxLength: number): ScannedReferences {
  const scanned: ScannedReferences = { references: [], tooLong: [] };
  let lineNumber = 1;
  let lineStart = 0;
  for (let at = text.indexOf('$ref'); at >= 0;) {
    // Move to the line holding `at`, counting the newlines passed (each is looked at once).
    for (let newline = text.indexOf('\n', lineStart); newline >= 0 && newline < at; newline = text.indexOf('\n', lineStart)) {
      lineNumber += 1;
      lineStart = newline + 1;
    }
    const lineEnd = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at);
    scanLine(text.slice(lineStart, lineEnd), lineNumber, maxLength, scanned);
    at = text.indexOf('$ref', lineEnd);
  }
  return scanned;
}
