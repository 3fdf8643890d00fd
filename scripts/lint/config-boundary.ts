// The lint configs are part of a pull request too: before Redocly or Spectral loads one, this checks
// it. Each config is closed-world (config-shape.ts: only the keys this project uses), so no key this
// check does not know can name a file. redocly.yaml may extend only Redocly's built-in rulesets and
// load plugins only from files in the repository; a Spectral ruleset may extend only Spectral's
// built-in rulesets and YAML or JSON rulesets in the repository, each checked the same way at every
// level, with functions from a folder in the repository. A URL, an absolute path, a path that leaves
// the repository or passes a symbolic link is refused with the file and line, before anything is
// loaded or fetched. Each config is parsed by the parser its linter has already loaded (no third
// YAML library on the way to a lint), which also says where a key stands.
import path from 'node:path';
import { type Project, ReportedError, shown } from '../project.ts';
import { redoclyShape, type Shape, shapeProblem, spectralShape } from './config-shape.ts';
import { aliasBomb, assertReachable, readInside } from './source-boundary.ts';

const redoclyBuiltIns = ['recommended', 'recommended-strict', 'minimal', 'all', 'spec'];
const spectralBuiltIns = ['spectral:oas', 'spectral:asyncapi', 'spectral:arazzo'];
/** What stands beside a ruleset in `extends: [[spectral:oas, all]]`: a mode, not a ruleset. */
const spectralModes = ['all', 'recommended', 'off'];
export const configBytes = 256 * 1024;
/** Rulesets extending rulesets: far above what a project needs. */
const spectralLimits = { depth: 8, files: 32 };

/** A config as its linter's parser read it: the data, and where a key or item stands (1-based). */
export interface ParsedConfig {
  file: string;
  text: string;
  data: unknown;
  locate: (at: (string | number)[]) => { line: number; col: number };
}

interface Named {
  key: string;
  value: string;
  at: (string | number)[];
}

/** Every string under a key in `keys`, anywhere in a parsed config (a list's items, and lists in lists, included). */
function named(data: unknown, keys: string[]): Named[] {
  const found: Named[] = [];
  const seen = new Set<unknown>(); // a node YAML shares through an alias is walked once
  const collect = (key: string, node: unknown, at: (string | number)[]) => {
    if (typeof node === 'string') found.push({ key, value: node, at });
    else if (Array.isArray(node)) node.forEach((item, index) => collect(key, item, [...at, index]));
  };
  const walk = (node: unknown, at: (string | number)[]) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...at, index]));
    else
      for (const [key, child] of Object.entries(node)) {
        if (keys.includes(key)) collect(key, child, [...at, key]);
        else walk(child, [...at, key]);
      }
  };
  walk(data, []);
  return found;
}

/** Reads a config within the boundary, refusing an alias bomb; the text, for the caller's parser. */
export async function readConfig(project: Pick<Project, 'root'>, file: string): Promise<string> {
  let text: string;
  try {
    text = readInside(project.root, file, shown(project, file), configBytes);
  } catch (error) {
    throw new ReportedError(`${shown(project, file)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const bomb = await aliasBomb(text);
  if (bomb) throw new ReportedError(`${shown(project, file)}: YAML aliases expand beyond what a config may hold (${bomb})`);
  return text;
}

/** `file:line:col` of a place in a parsed config. */
function where(project: Pick<Project, 'root'>, config: ParsedConfig, at: (string | number)[]): string {
  const { line, col } = config.locate(at);
  return `${shown(project, config.file)}:${line}:${col}`;
}

/** Refuses a config that leaves its closed world, naming the key. */
function checkShape(project: Pick<Project, 'root'>, config: ParsedConfig, shape: Shape): void {
  const problem = shapeProblem(config.data, shape);
  if (problem) throw new ReportedError(`${where(project, config, problem.at)}: ${problem.at.join('.') || 'the config'} ${problem.why}`);
}

/**
 * A path named in a config: relative, inside the repository, a regular file or folder reached
 * through no link (`kind`); its absolute path.
 */
function checkRepositoryPath(project: Pick<Project, 'root'>, config: ParsedConfig, entry: Named, what: string, kind: 'file' | 'folder'): string {
  const refuse = (why: string): never => {
    throw new ReportedError(`${where(project, config, entry.at)}: ${entry.key}: ${JSON.stringify(entry.value)} ${why}`);
  };
  if (/^[a-z][a-z\d+.-]*:/i.test(entry.value) || entry.value.startsWith('//')) refuse(`is a URL; ${what}, and nothing is fetched`);
  if (path.isAbsolute(entry.value)) refuse(`is an absolute path; ${what}`);
  const target = path.resolve(path.dirname(config.file), entry.value);
  try {
    assertReachable(project.root, target, entry.value, kind, configBytes);
  } catch (error) {
    refuse(`is refused: ${error instanceof Error ? error.message : String(error)}`);
  }
  return target;
}

/**
 * Checks redocly.yaml, as Redocly's own parser read it: its closed world, built-in rulesets only,
 * plugins and the API's root only from files in the repository. Its syntax errors are left to Redocly.
 */
export function checkRedoclyConfig(project: Pick<Project, 'root'>, config: ParsedConfig): void {
  checkShape(project, config, redoclyShape);
  // `root` names a file only as an API's root (apis.<name>.root).
  for (const entry of named(config.data, ['extends', 'plugins', 'root']).filter(({ key, at }) => key !== 'root' || (at[0] === 'apis' && at.length === 3))) {
    if (entry.key === 'extends') {
      if (redoclyBuiltIns.includes(entry.value)) continue;
      throw new ReportedError(
        `${where(project, config, entry.at)}: extends: ${JSON.stringify(entry.value)} is not one of Redocly's built-in rulesets (${redoclyBuiltIns.join(', ')})`,
      );
    }
    checkRepositoryPath(project, config, entry, `${entry.key === 'root' ? 'the description' : 'plugins'} are files in the repository`, 'file');
  }
}

/** The files and folders one Spectral ruleset names, checked; the rulesets it extends, to check next. */
function checkOneRuleset(project: Pick<Project, 'root'>, config: ParsedConfig): string[] {
  checkShape(project, config, spectralShape);
  const what = 'rulesets and functions are files in the repository';
  const extended: string[] = [];
  for (const entry of named(config.data, ['extends'])) {
    const isMode = entry.at.length === 3 && entry.at[2] === 1; // the second item of `[ruleset, mode]`
    if ((spectralBuiltIns.includes(entry.value) && !isMode) || (isMode && spectralModes.includes(entry.value))) continue;
    const file = checkRepositoryPath(project, config, entry, what, 'file');
    if (!/\.(ya?ml|json)$/.test(file))
      throw new ReportedError(`${where(project, config, entry.at)}: extends: ${JSON.stringify(entry.value)} is not a YAML or JSON ruleset`);
    extended.push(file);
  }
  const data = config.data as { functionsDir?: string; functions?: string[] };
  const functionsDir = data.functionsDir ?? 'functions';
  if (data.functionsDir !== undefined) checkRepositoryPath(project, config, { key: 'functionsDir', value: functionsDir, at: ['functionsDir'] }, what, 'folder');
  for (const [index, name] of (data.functions ?? []).entries())
    checkRepositoryPath(project, config, { key: 'functions', value: path.join(functionsDir, `${name}.js`), at: ['functions', index] }, what, 'file');
  return extended;
}

/**
 * Checks a Spectral ruleset and, at every level, each ruleset file it extends (`parse` reads one
 * with Spectral's own parser), before Spectral's loader reads any of them.
 */
export async function checkSpectralRulesets(
  project: Pick<Project, 'root'>,
  top: ParsedConfig,
  parse: (file: string, text: string) => ParsedConfig,
): Promise<void> {
  const seen = new Set<string>([top.file]);
  let level = [top];
  for (let depth = 0; level.length > 0; depth += 1) {
    const next: ParsedConfig[] = [];
    for (const config of level)
      for (const file of checkOneRuleset(project, config)) {
        if (seen.has(file)) continue;
        seen.add(file);
        if (depth >= spectralLimits.depth || seen.size > spectralLimits.files)
          throw new ReportedError(
            `${shown(project, config.file)}: rulesets extend rulesets beyond ${spectralLimits.depth} levels or ${spectralLimits.files} files`,
          );
        next.push(parse(file, await readConfig(project, file)));
      }
    level = next;
  }
}
