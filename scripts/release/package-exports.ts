// What the package offers its users by name, for the release's bump: each subpath of package.json's
// `exports` (`./openapi.json`) and each name the client's entry exports (the file the `.` export's
// `types` condition points at, generated/dist/client.d.ts), read by TypeScript's own parser. The
// package's version is the client's, so a name gone needs a major release and a new name a minor
// one, whatever the description did (next-release.ts). Text in, names out: the reading is
// package-exports-read.ts.
import path from 'node:path';
import ts from 'typescript';
import { forTerminal } from '../escape.ts';

export interface ExportChanges {
  /** Names the last release exported and the working tree does not; subpaths start with `.`. */
  removed: string[];
  /** Names the working tree exports and the last release did not. */
  added: string[];
}

export const noExportChanges: ExportChanges = { removed: [], added: [] };

/** The name a declaration exports: its own, or `default`. */
function declaredName(statement: ts.Statement): string[] {
  const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
  if (!modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)) return [];
  if (modifiers.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) return ['default'];
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.flatMap((declaration) => (ts.isIdentifier(declaration.name) ? [declaration.name.text] : []));
  const name = (statement as ts.DeclarationStatement).name;
  return name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? [name.text] : [];
}

/**
 * The names a module's text exports, sorted: declarations (`export function f`, `export declare
 * const c`, types and interfaces too), `export { a, b as c } from`, `export * as ns`, `export
 * default`. An `export * from './x.js'` is not followed: it counts as the name `* from ./x.js`.
 */
export function exportedNames(source: string, fileName = 'client.d.ts'): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (ts.isExportAssignment(statement)) names.add('default');
    else if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) for (const element of clause.elements) names.add(element.name.text);
      else if (clause) names.add(clause.name.text);
      else if (statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) names.add(`* from ${statement.moduleSpecifier.text}`);
    } else for (const name of declaredName(statement)) names.add(name);
  }
  return [...names].sort();
}

type ExportTarget = string | null | { [condition: string]: ExportTarget } | ExportTarget[];

/** The file a target names for a type checker: its `types` condition first, then `import`, `default`, `require`. */
function targetFile(target: ExportTarget | undefined): string | undefined {
  if (typeof target === 'string') return target;
  if (!target || Array.isArray(target)) return undefined;
  for (const condition of ['types', 'import', 'default', 'require']) {
    const file = targetFile(target[condition]);
    if (file) return file;
  }
  return undefined;
}

/**
 * package.json's public entries: each subpath of `exports` (`.` for a single target), and the file
 * of the `.` entry, relative to the package (undefined when it has none, or one outside it).
 */
export function packageEntries(packageJson: string): { subpaths: string[]; client?: string } {
  const parsed: unknown = JSON.parse(packageJson);
  const data = (parsed !== null && typeof parsed === 'object' ? parsed : {}) as { exports?: ExportTarget; types?: string; main?: string };
  const exports = data.exports ?? data.types ?? data.main;
  const bySubpath: Record<string, ExportTarget> =
    exports && typeof exports === 'object' && !Array.isArray(exports) && Object.keys(exports).every((key) => key.startsWith('.'))
      ? exports
      : { '.': exports ?? null };
  const subpaths = Object.keys(bySubpath).filter((subpath) => bySubpath[subpath] !== null);
  const file = targetFile(bySubpath['.']);
  const client = file === undefined ? undefined : path.posix.normalize(file);
  const inside = client !== undefined && !path.posix.isAbsolute(client) && client !== '..' && !client.startsWith('../');
  return { subpaths: subpaths.sort(), client: inside ? client : undefined };
}

/** The names gone and the names new, from `base`'s (the last release) to `head`'s. */
export function compareExports(base: string[], head: string[]): ExportChanges {
  const [before, after] = [new Set(base), new Set(head)];
  return { removed: base.filter((name) => !after.has(name)), added: head.filter((name) => !before.has(name)) };
}

/**
 * The changes in words, escaped for a terminal: `the client no longer exports a, b`, `the client
 * exports c, new`; a subpath (`./openapi.json`) as the package's.
 */
export function exportChangesInWords(changes: ExportChanges): string[] {
  const words: string[] = [];
  const listed = (names: string[], subpaths: boolean) => forTerminal(names.filter((name) => name.startsWith('.') === subpaths).join(', '));
  for (const [whose, subpaths] of [
    ['the client', false],
    ['the package', true],
  ] as const) {
    const removed = listed(changes.removed, subpaths);
    const added = listed(changes.added, subpaths);
    if (removed) words.push(`${whose} no longer exports ${removed}`);
    if (added) words.push(`${whose} exports ${added}, new`);
  }
  return words;
}
