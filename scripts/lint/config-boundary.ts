// The lint configs are part of a pull request too: before Redocly or Spectral loads one, this checks
// what it may name. redocly.yaml may extend only Redocly's built-in rulesets and load plugins only
// from files in the repository; .spectral.yaml may extend only Spectral's built-in rulesets and
// rulesets in the repository, with functions from a folder in the repository. A URL, an absolute
// path, a path that leaves the repository or passes a symbolic link is refused with the file and
// line, before anything is loaded or fetched.
import path from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument, type Scalar } from 'yaml';
import { type Project, ReportedError, shown } from '../project.ts';
import { assertReachable, readInside, sourceLimits } from './source-boundary.ts';

const redoclyBuiltIns = ['recommended', 'recommended-strict', 'minimal', 'all', 'spec'];
const spectralBuiltIns = ['spectral:oas', 'spectral:asyncapi', 'spectral:arazzo'];
const configBytes = 256 * 1024;

interface Named {
  key: string;
  value: Scalar;
}

/** Every scalar under a key in `keys`, anywhere in the document (a list's items included). */
function named(root: Node | null, keys: string[]): Named[] {
  const found: Named[] = [];
  const collect = (key: string, node: unknown) => {
    if (isScalar(node)) found.push({ key, value: node });
    else if (isSeq(node)) for (const item of node.items) collect(key, item);
  };
  const walk = (node: unknown) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : '';
        if (keys.includes(key)) collect(key, pair.value);
        else walk(pair.value);
      }
    } else if (isSeq(node)) for (const item of node.items) walk(item);
  };
  walk(root);
  return found;
}

/** Reads a config within the boundary; its syntax errors are left to the loader, which names them. */
async function readConfig(project: Pick<Project, 'root'>, file: string): Promise<{ root: Node | null; lines: LineCounter } | undefined> {
  let text: string;
  try {
    text = readInside(project.root, file, shown(project, file), configBytes);
  } catch (error) {
    throw new ReportedError(`${shown(project, file)}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines });
  if (document.errors.length > 0) return undefined;
  try {
    document.toJS({ maxAliasCount: sourceLimits.yamlAliases });
  } catch (error) {
    throw new ReportedError(`${shown(project, file)}: YAML aliases expand beyond what a config may hold (${error instanceof Error ? error.message : error})`);
  }
  return { root: document.contents, lines };
}

/** A path named in a config: relative, inside the repository, a regular file or folder reached through no link. */
async function checkRepositoryPath(project: Pick<Project, 'root'>, file: string, entry: Named, lines: LineCounter, what: string): Promise<void> {
  const value = String(entry.value.value);
  const { line, col } = lines.linePos(entry.value.range?.[0] ?? 0);
  const refuse = (why: string): never => {
    throw new ReportedError(`${shown(project, file)}:${line}:${col}: ${entry.key}: ${JSON.stringify(value)} ${why}`);
  };
  if (/^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('//')) refuse(`is a URL; ${what}, and nothing is fetched`);
  if (path.isAbsolute(value)) refuse(`is an absolute path; ${what}`);
  const target = path.resolve(path.dirname(file), value);
  try {
    assertReachable(project.root, target, value, entry.key === 'functionsDir' ? 'folder' : 'file', configBytes);
  } catch (error) {
    refuse(`is refused: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Checks what redocly.yaml names: only built-in rulesets, plugins only from files in the repository. */
export async function checkRedoclyConfig(project: Project): Promise<void> {
  const file = project.redoclyConfig;
  const config = await readConfig(project, file);
  if (!config) return;
  for (const entry of named(config.root, ['extends', 'plugins'])) {
    if (entry.key === 'extends') {
      if (redoclyBuiltIns.includes(String(entry.value.value))) continue;
      const { line, col } = config.lines.linePos(entry.value.range?.[0] ?? 0);
      throw new ReportedError(
        `${shown(project, file)}:${line}:${col}: extends: ${JSON.stringify(entry.value.value)} is not one of Redocly's built-in rulesets (${redoclyBuiltIns.join(', ')})`,
      );
    }
    await checkRepositoryPath(project, file, entry, config.lines, 'plugins are files in the repository');
  }
}

/** Checks what .spectral.yaml names: Spectral's built-in rulesets, or rulesets and functions in the repository. */
export async function checkSpectralRuleset(project: Pick<Project, 'root'>, file: string): Promise<void> {
  const config = await readConfig(project, file);
  if (!config) return;
  for (const entry of named(config.root, ['extends', 'functionsDir'])) {
    // `extends: [[spectral:oas, all]]`: the mode beside a ruleset is not a ruleset.
    if (entry.key === 'extends' && (spectralBuiltIns.includes(String(entry.value.value)) || ['all', 'recommended', 'off'].includes(String(entry.value.value))))
      continue;
    await checkRepositoryPath(project, file, entry, config.lines, 'rulesets and functions are files in the repository');
  }
}
