// The lint configs are part of a pull request too: before Redocly or Spectral loads one, this checks
// what it may name. redocly.yaml may extend only Redocly's built-in rulesets and load plugins only
// from files in the repository; .spectral.yaml may extend only Spectral's built-in rulesets and
// rulesets in the repository, with functions from a folder in the repository. A URL, an absolute
// path, a path that leaves the repository or passes a symbolic link is refused with the file and
// line, before anything is loaded or fetched. Each config is parsed by the parser its linter has
// already loaded (no third YAML library on the way to a lint).
import path from 'node:path';
import { type Project, ReportedError, shown } from '../project.ts';
import { aliasBomb, assertReachable, readInside } from './source-boundary.ts';

const redoclyBuiltIns = ['recommended', 'recommended-strict', 'minimal', 'all', 'spec'];
const spectralBuiltIns = ['spectral:oas', 'spectral:asyncapi', 'spectral:arazzo'];
const configBytes = 256 * 1024;

interface Named {
  key: string;
  value: string;
}

/** Every string under a key in `keys`, anywhere in a parsed config (a list's items, and lists in lists, included). */
function named(data: unknown, keys: string[]): Named[] {
  const found: Named[] = [];
  const seen = new Set<unknown>(); // a node YAML shares through an alias is walked once
  const collect = (key: string, node: unknown) => {
    if (typeof node === 'string') found.push({ key, value: node });
    else if (Array.isArray(node)) for (const item of node) collect(key, item);
  };
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) for (const item of node) walk(item);
    else
      for (const [key, child] of Object.entries(node)) {
        if (keys.includes(key)) collect(key, child);
        else walk(child);
      }
  };
  walk(data);
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

/** `file:line:col` of the first place `value` stands in `text` (a config names each path once or so). */
function where(project: Pick<Project, 'root'>, file: string, text: string, value: string): string {
  const offset = Math.max(0, text.indexOf(value));
  const before = text.slice(0, offset).split('\n');
  return `${shown(project, file)}:${before.length}:${before.at(-1)!.length + 1}`;
}

/** A path named in a config: relative, inside the repository, a regular file or folder reached through no link. */
function checkRepositoryPath(project: Pick<Project, 'root'>, file: string, text: string, entry: Named, what: string): void {
  const refuse = (why: string): never => {
    throw new ReportedError(`${where(project, file, text, entry.value)}: ${entry.key}: ${JSON.stringify(entry.value)} ${why}`);
  };
  if (/^[a-z][a-z\d+.-]*:/i.test(entry.value) || entry.value.startsWith('//')) refuse(`is a URL; ${what}, and nothing is fetched`);
  if (path.isAbsolute(entry.value)) refuse(`is an absolute path; ${what}`);
  try {
    assertReachable(project.root, path.resolve(path.dirname(file), entry.value), entry.value, entry.key === 'functionsDir' ? 'folder' : 'file', configBytes);
  } catch (error) {
    refuse(`is refused: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Checks what redocly.yaml names (only built-in rulesets, plugins only from files in the
 * repository), parsed by Redocly's own parser, `parseYaml`. Its syntax errors are left to Redocly.
 */
export async function checkRedoclyConfig(project: Project, parseYaml: (text: string) => unknown): Promise<void> {
  const file = project.redoclyConfig;
  const text = await readConfig(project, file);
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch {
    return;
  }
  for (const entry of named(data, ['extends', 'plugins'])) {
    if (entry.key === 'plugins') {
      checkRepositoryPath(project, file, text, entry, 'plugins are files in the repository');
    } else if (!redoclyBuiltIns.includes(entry.value)) {
      throw new ReportedError(
        `${where(project, file, text, entry.value)}: extends: ${JSON.stringify(entry.value)} is not one of Redocly's built-in rulesets (${redoclyBuiltIns.join(', ')})`,
      );
    }
  }
}

/** Checks what .spectral.yaml names (Spectral's built-in rulesets, or rulesets and functions in the repository), as Spectral's parser read it. */
export function checkSpectralRuleset(project: Pick<Project, 'root'>, file: string, text: string, data: unknown): void {
  for (const entry of named(data, ['extends', 'functionsDir'])) {
    // `extends: [[spectral:oas, all]]`: the mode beside a ruleset is not a ruleset.
    if (entry.key === 'extends' && (spectralBuiltIns.includes(entry.value) || ['all', 'recommended', 'off'].includes(entry.value))) continue;
    checkRepositoryPath(project, file, text, entry, 'rulesets and functions are files in the repository');
  }
}
