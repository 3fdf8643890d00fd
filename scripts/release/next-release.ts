// What the next release is, from the comparison with the last one: major when anything breaks
// callers or the package's client no longer exports a name, minor when anything is added (an
// operation, a parameter, a field, a name the client exports), patch when only prose or the
// toolchain's outputs changed (or nothing in the description did). And the changelog as it
// becomes: `[Unreleased]` moved into a dated section for the version, refused when it is empty or
// misses an operation the comparison says is affected.
import { everyOperationSentence, unnamedOperations } from './changelog-names.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import { type Comparison, compareBundles } from './compare.ts';
import { type Bump, bumps } from './last-release.ts';
import { type ExportChanges, exportChangesInWords, noExportChanges } from './package-exports.ts';

export interface BumpDecision {
  bump: Bump;
  /** Why, in words. */
  reason: string;
  comparison: Comparison;
}

/**
 * The bump the difference between `base` (the last release) and `head` needs, and the package's:
 * `exports`, the names its client or package.json no longer or newly exports (package-exports.ts),
 * needs at least major for a name gone and minor for a new one.
 */
export function requiredBump(base: OpenApiDocument, head: OpenApiDocument, exports: ExportChanges = noExportChanges): BumpDecision {
  const comparison = compareBundles(base, head);
  const described = descriptionBump(comparison);
  const words = exportChangesInWords(exports);
  if (words.length === 0) return { ...described, comparison };
  const needed: Bump = exports.removed.length > 0 ? 'major' : 'minor';
  const bump = atLeast(described.bump, needed) ? described.bump : needed;
  return { bump, reason: `in the description, ${described.reason}; ${bump === described.bump ? 'and' : 'but'} ${words.join(', and ')}`, comparison };
}

/** The bump the description's own changes need, and why. */
function descriptionBump(comparison: Comparison): { bump: Bump; reason: string } {
  if (comparison.breaking.length > 0) {
    const ids = [...new Set(comparison.breaking.map((change) => change.operationId))];
    return { bump: 'major', reason: `${comparison.breaking.length} change(s) break callers (${ids.join(', ')})` };
  }
  // info.version differs from release to release: not an addition.
  const isVersion = (path: (string | number)[]) => path.length === 2 && path[0] === 'info' && path[1] === 'version';
  const additions = comparison.diffs.filter((diff) => diff.type === 'non-breaking' && !isVersion(diff.path));
  if (comparison.added.length > 0 || additions.length > 0) {
    const what =
      comparison.added.length > 0
        ? `operation(s) added: ${comparison.added.join(', ')}`
        : `${additions.length} addition(s), such as ${additions[0].path.join('.')}`;
    return { bump: 'minor', reason: `nothing breaks callers; ${what}` };
  }
  const unchanged = comparison.diffs.every((diff) => isVersion(diff.path)) && comparison.changed.length === 0 && comparison.removed.length === 0;
  const what = unchanged ? 'nothing in the description changed' : "prose or the toolchain's outputs changed";
  return { bump: 'patch', reason: `nothing breaks callers and nothing is added: ${what}` };
}

/** Whether `asked` is at least `required`. */
export const atLeast = (asked: Bump, required: Bump) => bumps.indexOf(asked) >= bumps.indexOf(required);

/** The operationIds the comparison says are affected. */
export const affectedOperations = (comparison: Comparison) =>
  [...new Set([...comparison.added, ...comparison.removed, ...comparison.changed, ...comparison.breaking.map((c) => c.operationId)])].sort();

const unreleasedHeading = '## [Unreleased]';

/** The text of `[Unreleased]`, trimmed; undefined when the changelog has no such section. */
export function unreleasedSection(changelog: string): string | undefined {
  const lines = changelog.split('\n');
  const at = lines.indexOf(unreleasedHeading);
  if (at < 0) return undefined;
  const next = lines.findIndex((line, i) => i > at && line.startsWith('## '));
  return lines
    .slice(at + 1, next < 0 ? undefined : next)
    .join('\n')
    .trim();
}

/** What the release and the gate say when `[Unreleased]` does not name an affected operation. */
export function unnamedProblem(missing: string[]): string {
  return `CHANGELOG.md's [Unreleased] section does not name ${missing.map((id) => `\`${id}\``).join(', ')}, which the comparison with the last release says ${missing.length === 1 ? 'is' : 'are'} affected: name each operationId in a code span in an entry, or say "${everyOperationSentence}" (an operation added is named by its operationId)`;
}

/**
 * The changelog with `[Unreleased]` moved into `## [version] - date` under a fresh, empty
 * `[Unreleased]`; throws an Error saying what is missing.
 */
export function movedChangelog(changelog: string, version: string, date: string, affected: string[], added: readonly string[] = []): string {
  const section = unreleasedSection(changelog);
  if (section === undefined) throw new Error(`CHANGELOG.md has no '${unreleasedHeading}' section`);
  if (!/^- /m.test(section)) throw new Error(`CHANGELOG.md's [Unreleased] section has no entry: say what this release changes`);
  const missing = unnamedOperations(section, affected, added);
  if (missing.length > 0) throw new Error(unnamedProblem(missing));
  const lines = changelog.split('\n');
  const at = lines.indexOf(unreleasedHeading);
  const next = lines.findIndex((line, i) => i > at && line.startsWith('## '));
  const tail = next < 0 ? [] : lines.slice(next);
  return [...lines.slice(0, at), unreleasedHeading, '', `## [${version}] - ${date}`, '', section, '', ...tail].join('\n').replace(/\n*$/, '\n');
}
