// Loads .spectral.yaml for Spectral. Spectral's own loader (spectral-ruleset-bundler) runs the
// file through rollup: about 0.4 s on every lint. A ruleset that only extends Spectral's built-in
// rulesets and calls its core functions, as ours does, is turned into a Ruleset directly instead;
// any other ruleset still goes through Spectral's loader. The lint tests check that both loaders
// give the same results.
import { createRequire } from 'node:module';
import path from 'node:path';
import spectralCore from '@stoplight/spectral-core';
import spectralFunctions from '@stoplight/spectral-functions';
import spectralParsers from '@stoplight/spectral-parsers';
import { type Project, ReportedError, shown } from '../project.ts';
import { checkSpectralRulesets, configBytes, type ParsedConfig, readConfig } from './config-boundary.ts';
import { readInside } from './source-boundary.ts';

// CommonJS packages: their exports come as the default import.
const { Ruleset } = spectralCore;
const { Yaml } = spectralParsers; // Spectral's own YAML parser, already loaded with Spectral
// Each built-in ruleset is loaded only when named: the package's index would load all three, and
// the AsyncAPI one alone takes 0.1 s. (require, because these CommonJS modules' `default` export
// is what Spectral's index re-exports.)
const require = createRequire(import.meta.url);
const builtInRulesets: Record<string, () => unknown> = {
  'spectral:oas': () => require('@stoplight/spectral-rulesets/dist/oas').default,
  'spectral:asyncapi': () => require('@stoplight/spectral-rulesets/dist/asyncapi').default,
  'spectral:arazzo': () => require('@stoplight/spectral-rulesets/dist/arazzo').default,
};
const coreFunctions: Record<string, unknown> = { ...spectralFunctions };
// What a ruleset may use and still be loaded directly.
const directKeys = new Set(['description', 'documentationUrl', 'extends', 'rules']);
const directRuleKeys = new Set(['description', 'message', 'severity', 'recommended', 'given', 'then', 'resolved', 'documentationUrl']);

export type LoadedRuleset = InstanceType<typeof Ruleset>;

/** A ruleset file read by Spectral's own parser; a syntax error is a ReportedError naming the file and line. */
function parseRuleset(project: Pick<Project, 'root'>, file: string, text: string): ParsedConfig {
  const parsed = Yaml.parse(text);
  const syntaxError = parsed.diagnostics.find((diagnostic) => diagnostic.severity === 0);
  if (syntaxError) {
    const { line, character } = syntaxError.range.start;
    throw new ReportedError(`${shown(project, file)}:${line + 1}:${character + 1}: YAML syntax error: ${syntaxError.message}`);
  }
  const lines = text.split('\n');
  // Spectral's parser gives where a value starts; a key stands before it on its line.
  const locate = (at: (string | number)[]) => {
    const start = Yaml.getLocationForJsonPath(parsed, at, true)?.range.start ?? { line: 0, character: 0 };
    const key = at.at(-1);
    const keyAt = typeof key === 'string' ? (lines[start.line] ?? '').lastIndexOf(key, start.character) : -1;
    return { line: start.line + 1, col: (keyAt >= 0 ? keyAt : start.character) + 1 };
  };
  return { file, text, data: parsed.data, locate };
}

/** Loads the ruleset `file` (a project's .spectral.yaml); a problem in it is a ReportedError naming the file. */
export async function loadRuleset(project: Pick<Project, 'root'>, file: string): Promise<LoadedRuleset> {
  // Read within the boundary (inside the repository, no link, bounded, no alias bomb), then checked
  // for what it and every ruleset it extends name.
  const top = parseRuleset(project, file, await readConfig(project, file));
  await checkSpectralRulesets(project, top, (extended, text) => parseRuleset(project, extended, text));
  const definition = directDefinition(top.data);
  try {
    return definition ? new Ruleset(definition as never, { source: file }) : await spectralLoader(project, file);
  } catch (error) {
    if (error instanceof ReportedError) throw error;
    // Spectral's validation throws an AggregateError of one error per problem, each with its path.
    const problems: unknown[] = error instanceof AggregateError ? error.errors : [error];
    const lines = problems.map((problem) => {
      const at = (problem as { path?: unknown })?.path;
      const where = Array.isArray(at) && at.length > 0 ? `${at.join('.')}: ` : '';
      return `  ${where}${problem instanceof Error ? problem.message : String(problem)}`;
    });
    throw new ReportedError(`${shown(project, file)}: invalid Spectral ruleset:\n${lines.join('\n')}`);
  }
}

/**
 * Spectral's own loader, for rulesets that extend files in the repository or bring their own
 * functions. It reads through a filesystem limited to the repository (the rulesets, through the
 * migrator's `fs`; the functions' code and what it imports by path, through a rollup plugin that
 * loads every file itself), and its fetch refuses: checkSpectralRulesets allows no URL, and should
 * one slip through, it is refused here, not fetched.
 */
async function spectralLoader(project: Pick<Project, 'root'>, file: string): Promise<LoadedRuleset> {
  const { bundleAndLoadRuleset } = await import('@stoplight/spectral-ruleset-bundler/with-loader');
  const read = async (target: unknown): Promise<string> => {
    const name = String(target);
    if (/^[a-z][a-z\d+.-]*:/i.test(name) && !name.startsWith('file:')) throw new ReportedError(`${name}: the lint fetches nothing`);
    try {
      return readInside(project.root, path.resolve(name.replace(/^file:\/\//, '')), name, configBytes);
    } catch (error) {
      throw new ReportedError(
        `${shown(project, file)}: Spectral's loader asked for ${JSON.stringify(name)}, which is refused: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  const fs = { promises: { readFile: read } };
  const fetch = (url: unknown) => Promise.reject(new ReportedError(`${String(url)}: the lint fetches nothing`));
  // Loads every file rollup asks for that no plugin before it (Spectral's own: the migrated ruleset) served.
  const repositoryOnly = { name: 'email-delivery/repository-only', load: (id: string) => (id.startsWith('\0') ? null : read(id)) };
  return bundleAndLoadRuleset(file, { fs: fs as never, fetch: fetch as never }, [repositoryOnly]);
}

type Definition = Record<string, unknown>;

/**
 * The definition with built-in ruleset names and function names replaced by what they name, or
 * undefined when it uses anything else.
 */
function directDefinition(raw: unknown): Definition | undefined {
  if (!isObject(raw) || !Object.keys(raw).every((key) => directKeys.has(key))) return undefined;
  const extendsList: unknown[] = Array.isArray(raw.extends) ? raw.extends : raw.extends === undefined ? [] : [raw.extends];
  const resolvedExtends: unknown[] = [];
  for (const entry of extendsList) {
    const [name, mode] = Array.isArray(entry) ? entry : [entry];
    if (typeof name !== 'string' || !(name in builtInRulesets)) return undefined;
    const ruleset = builtInRulesets[name]();
    resolvedExtends.push(mode === undefined ? ruleset : [ruleset, mode]);
  }
  const rules: Definition = {};
  for (const [name, rule] of Object.entries(isObject(raw.rules) ? raw.rules : {})) {
    if (!isObject(rule)) {
      rules[name] = rule; // a severity or on/off for an inherited rule
      continue;
    }
    if (!Object.keys(rule).every((key) => directRuleKeys.has(key))) return undefined;
    const thens: Definition[] = [];
    for (const then of Array.isArray(rule.then) ? rule.then : [rule.then]) {
      if (!isObject(then) || typeof then.function !== 'string' || !(then.function in coreFunctions)) return undefined;
      thens.push({ ...then, function: coreFunctions[then.function] });
    }
    rules[name] = { ...rule, then: Array.isArray(rule.then) ? thens : thens[0] };
  }
  return { ...raw, extends: resolvedExtends, rules };
}

function isObject(value: unknown): value is Definition {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `spectral:oas` as it comes (its recommended rules): the standard lint of a description with overlays. */
export function standardRuleset(): LoadedRuleset {
  return new Ruleset({ extends: [builtInRulesets['spectral:oas']()] } as never, { source: 'spectral:oas' });
}
