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

/** The normalized paths `expression` selects in `document`, each once; `fail` gets what is wrong with it. */
export function selectTargets(document: unknown, expression: string, fail: (message: string) => never): Path[] {
  let query: unknown;
  try {
    query = parse(expression);
  } catch (error) {
    return fail(`${JSON.stringify(expression)} is not an RFC 9535 JSONPath expression: ${error instanceof Error ? error.message : String(error)}`);
  }
  for (const pattern of literalPatterns(query)) {
    const problem = iRegexpProblem(pattern);
    if (problem) fail(`the pattern ${JSON.stringify(pattern)} of match() or search(): ${problem}`);
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

/** The string literals given as the pattern of match() and search() in the parsed query. */
function literalPatterns(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(literalPatterns);
  if (typeof node !== 'object' || node === null) return [];
  const record = node as { type?: unknown; name?: unknown; arguments?: { type?: unknown; value?: unknown }[] };
  const own =
    record.type === 'FunctionExpr' && (record.name === 'match' || record.name === 'search') && record.arguments?.[1]?.type === 'Literal'
      ? [record.arguments[1].value].filter((value): value is string => typeof value === 'string')
      : [];
  return [...own, ...Object.values(node).flatMap(literalPatterns)];
}

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
