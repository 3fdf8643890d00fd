// The nodes an overlay action's JSONPath (RFC 9535) selects, within bounds of time and memory:
// - the regular expressions of match() and search() must be I-Regexp (RFC 9485, i-regexp.ts), and
//   every regular expression the query runs, a literal or one read from the document, runs on
//   RE2JS, a linear-time engine: a backtracking pattern such as `(a+)+!` cannot take exponential
//   time. jsonpath-rfc9535 builds its regexes with the global `RegExp`, so that name is RE2JS's for
//   the duration of the (synchronous) query, and only then.
// - a query may select at most overlayLimits.selectedNodes nodes.
import { exec, type JsonValue } from 'jsonpath-rfc9535';
import parse from 'jsonpath-rfc9535/parser';
import { RE2JS } from 're2js';
import { iRegexpProblem } from './i-regexp.ts';
import { overlayLimits } from './overlay-limits.ts';

export type Path = (string | number)[];

class TooManyNodes extends Error {}

/**
 * Where the parser stopped, in words: its own message lists character classes (surrogate ranges
 * among them) that help nobody. A name after a dot holds only letters, digits and `_`, and starts
 * with no digit.
 */
function syntaxProblem(expression: string, error: unknown): string {
  const { location, found } = (error ?? {}) as { location?: { start?: { offset?: number } }; found?: unknown };
  const offset = location?.start?.offset;
  if (typeof offset !== 'number') return error instanceof Error ? error.message : String(error);
  const where = found === null || found === undefined ? 'it ends too soon' : `${JSON.stringify(found)} cannot come at character ${offset + 1}`;
  const dotted = /\.([^.[\]\s*]*[^\w.[\]\s*][^.[\]\s]*)/.exec(expression.slice(Math.max(0, expression.lastIndexOf('.', offset))));
  // A name after a dot cannot start with a digit either: `responses.200` is `responses['200']`.
  const numeric = /\.(\d[\w]*)/.exec(expression.slice(Math.max(0, expression.lastIndexOf('.', offset))));
  const bracketed = (name: string) => `['${name.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}']`;
  const hint = dotted
    ? `; a name with characters other than letters, digits and _ goes in brackets: ${bracketed(dotted[1])}`
    : numeric
      ? `; a name that starts with a digit goes in brackets: ${bracketed(numeric[1])}`
      : '';
  return `${where}${hint}`;
}

/** The normalized paths `expression` selects in `document`, each once; `fail` gets what is wrong with it. */
export function selectTargets(document: unknown, expression: string, fail: (message: string) => never): Path[] {
  let query: unknown;
  try {
    query = parse(expression);
  } catch (error) {
    return fail(`${JSON.stringify(expression)} is not an RFC 9535 JSONPath expression: ${syntaxProblem(expression, error)}`);
  }
  for (const { pattern, fn } of literalPatterns(query)) {
    const problem =
      iRegexpProblem(pattern) ?? linearProblem(pattern) ?? (fn === 'match' && topLevelAlternation(pattern) ? alternationProblem(pattern) : undefined);
    if (problem) fail(`the pattern ${JSON.stringify(pattern)} of ${fn}(): ${problem}`);
  }
  const found = new Map<string, Path>();
  try {
    withLinearRegExp(() =>
      exec(document as JsonValue, expression, (_value, path) => {
        found.set(JSON.stringify(path), [...path]);
        if (found.size > overlayLimits.selectedNodes) throw new TooManyNodes();
      }),
    );
  } catch (error) {
    if (!(error instanceof TooManyNodes)) throw error;
    fail(`the target selects more than ${overlayLimits.selectedNodes} nodes; select the ones you mean`);
  }
  return [...found.values()];
}

/** The string literals given as the pattern of match() and search() in the parsed query, with the function. */
type PatternUse = { pattern: string; fn: 'match' | 'search' };
function literalPatterns(node: unknown): PatternUse[] {
  if (Array.isArray(node)) return node.flatMap(literalPatterns);
  if (typeof node !== 'object' || node === null) return [];
  const record = node as { type?: unknown; name?: unknown; arguments?: { type?: unknown; value?: unknown }[] };
  const fn: PatternUse['fn'] | undefined = record.name === 'match' ? 'match' : record.name === 'search' ? 'search' : undefined;
  const value = record.arguments?.[1]?.type === 'Literal' ? record.arguments[1].value : undefined;
  const own: PatternUse[] = record.type === 'FunctionExpr' && fn && typeof value === 'string' ? [{ pattern: value, fn }] : [];
  return [...own, ...Object.values(node).flatMap(literalPatterns)];
}

/** Why RE2JS, which runs the query's patterns, cannot compile `pattern` (a repeat over 1000, say), if it cannot. */
function linearProblem(pattern: string): string | undefined {
  try {
    RE2JS.compile(pattern);
    return undefined;
  } catch (error) {
    return `the linear-time engine refuses it: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * Whether `pattern` has a `|` outside any group or class: jsonpath-rfc9535 1.3.0 anchors match()'s
 * pattern as `^a|b$`, which selects what starts with a or ends with b, not what matches a|b whole.
 */
function topLevelAlternation(pattern: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (char === '\\') i += 1;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === '|' && depth === 0) return true;
  }
  return false;
}

const alternationProblem = (pattern: string) =>
  `a choice at the top of a match() pattern is anchored on its first and last branch only by the JSONPath library; write it in a group: ${JSON.stringify(`(${pattern})`)}`;

/** What jsonpath-rfc9535 gets for `RegExp(pattern, flags)`: a pattern RE2JS compiled, with `test`. */
function linearRegExp(pattern: string): { test: (text: string) => boolean } {
  const compiled = RE2JS.compile(pattern);
  return { test: (text: string) => compiled.matcher(text).find() };
}

function withLinearRegExp(run: () => void): void {
  const native = globalThis.RegExp;
  globalThis.RegExp = linearRegExp as unknown as RegExpConstructor;
  try {
    run();
  } finally {
    globalThis.RegExp = native;
  }
}
