// The lint of a description with overlays: the standard rules (Redocly's `recommended-strict`,
// Spectral's `spectral:oas`), not the house rules or the faithfulness contract, because the facts
// the overlays add are the user's. Every problem of the whole description is returned; the
// description with overlays (overlaid-description.ts) puts each on the overlay action that touched
// the node it is about (or a node that node references), so the message names the overlay file and
// line. Run in the command's process, or in a child process of its own (lint-apart.ts).
import { type Config, createConfig, lintFromString } from '@redocly/openapi-core';
import { lint as lintMarkdown } from 'markdownlint/sync';
import { invisibleCharacter } from '../invisible-characters.ts';
import { eachOperation, isRef, nodeAt, type OpenApiDocument, pointer } from '../openapi-document.ts';
import { runSpectral } from '../lint/spectral.ts';
import { type LoadedRuleset, standardRuleset } from '../lint/spectral-ruleset.ts';
import type { AppliedAction } from './apply-overlay.ts';

/**
 * The rules redocly.yaml switches off because the interface document is silent there (its
 * "Switched off" section); they stay off with overlays, except `security-defined` once an overlay
 * declares a security scheme or requirement: then the part is no longer silent, every operation
 * must say what it needs, and every scheme it names must be declared.
 */
export const silentPartRules = ['info-license', 'info-license-strict', 'operation-4xx-response', 'security-defined'];

export interface OverlaidProblem {
  severity: 'error' | 'warning';
  linter: 'redocly' | 'spectral' | 'overlay-text';
  rule: string;
  message: string;
  /** Where in the overlaid description, as a JSON pointer. */
  at: string;
  /** The action the problem is about, when one touched that node. */
  action?: AppliedAction;
}

/** A problem of the standard lint, before it is put on an action. */
export type StandardProblem = Omit<OverlaidProblem, 'action'>;

/** Lints `document` (the description with overlays applied, as the text `json`) with the standard rules: every problem. */
export async function standardProblems(document: OpenApiDocument, json: string): Promise<StandardProblem[]> {
  const declaresSecurity =
    Object.keys(document.components?.securitySchemes ?? {}).length > 0 ||
    document.security !== undefined ||
    [...eachOperation(document)].some(({ operation }) => operation.security !== undefined);
  const [redocly, spectral] = await Promise.all([
    lintFromString({ source: json, absoluteRef: 'openapi.json', config: await standardConfig(declaresSecurity) }),
    runSpectral(sharedStandardRuleset(), json, 'openapi.json'),
  ]);
  const problems: StandardProblem[] = [
    ...redocly.map((problem) => ({
      severity: problem.severity === 'error' ? ('error' as const) : ('warning' as const),
      linter: 'redocly' as const,
      rule: problem.ruleId,
      message: problem.message,
      at: problem.location[0]?.pointer ?? '#',
    })),
    ...spectral
      .filter((diagnostic) => diagnostic.severity <= 1)
      .map((diagnostic) => ({
        severity: diagnostic.severity === 0 ? ('error' as const) : ('warning' as const),
        linter: 'spectral' as const,
        rule: String(diagnostic.code),
        // Spectral ends a suggestion `Did you mean "object"?.`: the question mark ends it.
        message: diagnostic.message.replace(/([?!])\.$/, '$1'),
        at: pointer(...diagnostic.path),
      })),
  ];
  problems.push(...textProblems(document));
  return problems;
}

/**
 * Redocly's config for the standard lint, one per value of `declaresSecurity` (the only thing it
 * depends on), made once per process: a lint reads its config and changes nothing in it, as the
 * build's lint reuses the loaded redocly.yaml. Making it each time was a third of a Redocly lint.
 */
function standardConfig(declaresSecurity: boolean): Promise<Config> {
  let config = standardConfigs.get(declaresSecurity);
  if (config === undefined) {
    const rules = Object.fromEntries(silentPartRules.filter((rule) => !(declaresSecurity && rule === 'security-defined')).map((rule) => [rule, 'off']));
    config = createConfig({ extends: ['recommended-strict'], rules } as never);
    // A config that failed to load is made again next time, not kept as a failure.
    config.catch(() => standardConfigs.delete(declaresSecurity));
    standardConfigs.set(declaresSecurity, config);
  }
  return config;
}
const standardConfigs = new Map<boolean, Promise<Config>>();

/** `spectral:oas`, loaded once per process: a Spectral run reads its ruleset, as the build's lint reuses the house one. */
function sharedStandardRuleset(): LoadedRuleset {
  sharedRuleset ??= standardRuleset();
  return sharedRuleset;
}
let sharedRuleset: LoadedRuleset | undefined;

/**
 * Texts no description may hold, whatever the linters think: raw HTML (a `<meta http-equiv=refresh>`
 * redirects the rendered docs, and lands in the Markdown reference and llms.txt) and control
 * characters (an ESC, a line starting `::error::` after one). Every string of the document is read;
 * the description's own pass the project's lint, so what is found here came with the overlays. And
 * keys beside a `$ref` (an update merged into a referencing node): valid in OpenAPI 3.1, read by no
 * tool here, so the fact would be in the bundle and nowhere else.
 */
function textProblems(document: OpenApiDocument): StandardProblem[] {
  const problems: StandardProblem[] = [];
  const markdown: { at: string[]; text: string }[] = [];
  const walk = (node: unknown, at: string[]) => {
    if (typeof node === 'string') {
      const key = at.at(-1) ?? '';
      if (invisibleCharacter.test(node) || invisibleCharacter.test(key))
        problems.push(textProblem('no-control-characters', 'a control, bidirectional or invisible character: write plain text', at));
      else if (['description', 'summary', 'title'].includes(key)) markdown.push({ at, text: node });
      return;
    }
    if (Array.isArray(node)) node.forEach((item, i) => walk(item, [...at, String(i)]));
    else if (typeof node === 'object' && node !== null) {
      const ref = (node as { $ref?: unknown }).$ref;
      const beside = typeof ref === 'string' ? Object.keys(node).filter((key) => !refSiblings.has(key) && !key.startsWith('x-')) : [];
      if (beside.length > 0)
        problems.push({
          severity: 'error',
          linter: 'overlay-text',
          rule: 'no-ref-siblings',
          message: `${beside.join(', ')} beside a $ref: the generators, the reference and verify read only the $ref; ${insteadOfRefSiblings(document, String(ref), at)}`,
          at: pointer(...at),
        });
      for (const [key, value] of Object.entries(node)) {
        if (invisibleCharacter.test(key))
          problems.push(textProblem('no-control-characters', 'a control, bidirectional or invisible character in a name: write plain text', [...at, key]));
        walk(value, [...at, key]);
      }
    }
  };
  walk(document, []);
  // Raw HTML as a Markdown renderer reads it (markdownlint's no-inline-html, on CommonMark's own
  // parse: a backslash-escaped backtick opens no code span), and any HTML comment, which hides its
  // text from a reader but not from an agent.
  const html = holdsRawHtml(markdown.map(({ text }) => text));
  for (const { at, text } of markdown)
    if (html.get(text) || text.includes('<!--'))
      problems.push(
        textProblem(
          'no-raw-html',
          'raw HTML or an HTML comment: the docs would render it (a script, a redirect); write Markdown, or the text in backticks',
          at,
        ),
      );
  return problems;
}

/**
 * Whether markdownlint finds raw HTML in each of `texts`. Its answer for a text depends on nothing
 * else, and most texts are the description's own, the same in every lint: each is parsed once
 * (markdownlint's parse is most of this lint's time), and kept in a bounded memo.
 */
function holdsRawHtml(texts: string[]): Map<string, boolean> {
  if (rawHtmlMemo.size + texts.length > rawHtmlMemoSize) rawHtmlMemo.clear();
  const fresh = [...new Set(texts.filter((text) => !rawHtmlMemo.has(text)))];
  if (fresh.length > 0) {
    const found = lintMarkdown({ strings: Object.fromEntries(fresh.map((text, i) => [String(i), text])), config: { default: false, MD033: true } });
    for (const [i, text] of fresh.entries()) rawHtmlMemo.set(text, found[String(i)].length > 0);
  }
  return new Map(texts.map((text) => [text, rawHtmlMemo.get(text) !== false]));
}
const rawHtmlMemo = new Map<string, boolean>();
const rawHtmlMemoSize = 20_000;

/**
 * What to target instead of keys beside the `$ref` to `ref` at `at`: what it references (and the
 * schema that holds, if it is a response, a request body or a parameter). When more than one `$ref`
 * points there, updating it changes every operation that uses it (the shared `ErrorResponse` is
 * every operation's `default`): the other way, for this place alone, is to replace the node with a
 * `$ref` to a component of the overlay's own.
 */
function insteadOfRefSiblings(document: OpenApiDocument, ref: string, at: string[]): string {
  const target = nodeAt(document, ref) as { content?: Record<string, { schema?: unknown }>; schema?: unknown } | undefined;
  const schema = [target?.schema, ...Object.values(target?.content ?? {}).map((media) => media?.schema)].find(isRef)?.$ref;
  const named = schema ? `${ref} (its schema: ${schema})` : ref;
  if (refsTo(document, ref) < 2) return `change what it references instead (${named})`;
  const key = at.at(-1) ?? '';
  const here = at[0] === 'paths' && at.length > 3 ? 'this operation' : 'this place';
  return `${ref} is shared: to change every operation that uses it, update it${schema ? ` (its schema: ${schema})` : ''}; to change ${here} alone, replace \`${key}\`: remove it, then add \`${key}\` as a $ref to a component of your own`;
}

/** How many `$ref`s in `document` point to `ref`. */
function refsTo(document: OpenApiDocument, ref: string): number {
  let count = 0;
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object' && node !== null) {
      if ((node as { $ref?: unknown }).$ref === ref) count++;
      Object.values(node).forEach(walk);
    }
  };
  walk(document);
  return count;
}

/** The keys OpenAPI 3.1 gives a Reference Object beside `$ref`, which every tool reads. */
const refSiblings = new Set(['$ref', 'summary', 'description']);

const textProblem = (rule: string, message: string, at: string[]): StandardProblem => ({
  severity: 'error',
  linter: 'overlay-text',
  rule,
  message: `the text holds ${message}`,
  at: pointer(...at),
});
