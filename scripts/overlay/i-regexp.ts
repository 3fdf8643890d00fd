// I-Regexp (RFC 9485), the regular expressions RFC 9535 JSONPath's match() and search() take: a
// checker of its syntax, so that a pattern outside it is refused with the place it goes wrong.
// (Patterns are run by a linear-time engine, select-targets.ts; this only says what may be written.)

/** Where `pattern` stops being I-Regexp, as a message; undefined when it is one. */
export function iRegexpProblem(pattern: string): string | undefined {
  const parser = new Parser([...pattern]);
  try {
    parser.alternatives();
    if (parser.at < parser.chars.length) parser.fail(parser.chars[parser.at] === ')' ? 'a `)` without its `(`' : 'this');
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxProblem) return error.message;
    throw error;
  }
}

class SyntaxProblem extends Error {}

/** The characters a `\` may escape outside a category (`\p{..}`, `\P{..}`). */
const singleEscapes = new Set(['(', ')', '*', '+', '-', '.', '?', '[', '\\', ']', '^', 'n', 'r', 't', '{', '|', '}']);
const special = new Set(['(', ')', '*', '+', '.', '?', '[', '\\', ']', '{', '|', '}']);

class Parser {
  at = 0;
  readonly chars: string[];
  constructor(chars: string[]) {
    this.chars = chars;
  }

  fail(what: string): never {
    const near = this.chars.slice(this.at, this.at + 12).join('');
    throw new SyntaxProblem(`it is not I-Regexp (RFC 9485) at character ${this.at + 1}${near ? ` (\`${near}\`)` : ''}: ${what}`);
  }

  alternatives(): void {
    this.branch();
    while (this.chars[this.at] === '|') {
      this.at += 1;
      this.branch();
    }
  }

  branch(): void {
    while (this.at < this.chars.length && this.chars[this.at] !== '|' && this.chars[this.at] !== ')') {
      this.atom();
      this.quantifier();
    }
  }

  atom(): void {
    const char = this.chars[this.at];
    if (char === '(') {
      this.at += 1;
      if (this.chars[this.at] === '?') this.fail('groups with `(?` (lookaround, named or non-capturing groups) are not I-Regexp; use a plain `( )`');
      this.alternatives();
      if (this.chars[this.at] !== ')') this.fail('a `(` without its `)`');
      this.at += 1;
    } else if (char === '[') this.characterClass();
    else if (char === '\\') this.escape();
    else if (special.has(char) && char !== '.') this.fail(`\`${char}\` must be escaped as \`\\${char}\``);
    else this.at += 1;
  }

  quantifier(): void {
    const char = this.chars[this.at];
    if (char === '*' || char === '+' || char === '?') this.at += 1;
    else if (char === '{') {
      const rest = this.chars.slice(this.at).join('');
      const range = /^\{\d+(,\d*)?\}/.exec(rest);
      if (!range) this.fail('a `{` must start a quantifier such as `{2}`, `{2,}` or `{2,5}`');
      this.at += [...range[0]].length;
    }
    const next = this.chars[this.at];
    if (next === '*' || next === '+' || next === '?' || next === '{')
      this.fail('a quantifier cannot follow a quantifier (lazy `*?` and possessive `*+` are not I-Regexp)');
  }

  escape(): void {
    const char = this.chars[this.at + 1];
    if (char === 'p' || char === 'P') {
      const rest = this.chars.slice(this.at).join('');
      const category = /^\\[pP]\{(?:L[ultmo]?|M[nce]?|N[dlo]?|P[cdseifo]?|Z[slp]?|S[mcko]?|C[cfon]?)\}/.exec(rest);
      if (!category) this.fail('`\\p{..}` takes a Unicode general category such as `\\p{L}` or `\\p{Nd}`');
      this.at += [...category[0]].length;
    } else if (char !== undefined && singleEscapes.has(char)) this.at += 2;
    else this.fail(`\`\\${char ?? ''}\` is not I-Regexp (no \`\\d\`, \`\\w\`, \`\\s\`, \`\\b\` or back-references); write a class such as \`[0-9]\``);
  }

  characterClass(): void {
    this.at += 1;
    if (this.chars[this.at] === '^') this.at += 1;
    if (this.chars[this.at] === ']') this.fail('a class must hold at least one character');
    while (this.chars[this.at] !== ']') {
      const char = this.chars[this.at];
      if (char === undefined) this.fail('a `[` without its `]`');
      if (char === '\\') this.escape();
      else if (char === '[') this.fail('`[` inside a class must be escaped as `\\[`');
      else this.at += 1;
    }
    this.at += 1;
  }
}
