// The release gate: a change that breaks callers needs a CHANGELOG.md entry marked **BREAKING**
// that names every affected operationId. Before its release (a pull request: info.version is still
// the base's), that entry is under `[Unreleased]`, and `npm run release` then makes the major
// release; once released (info.version a new major), it is under that version's section.
import semver from 'semver';
import { changelogEntries, entryNames, unnamedOperations } from './changelog-names.ts';
import { changelogProblems } from './changelog-text.ts';
import type { Comparison } from './compare.ts';
import { affectedOperations, unnamedProblem, unreleasedSection } from './next-release.ts';

/** The lines of the changelog section under `heading` (`## [Unreleased]`, `## [2.0.0]`), or undefined. */
function section(changelog: string, heading: string): string[] | undefined {
  const lines = changelog.split('\n');
  // Found by plain comparison: a version from the description is never a pattern.
  const at = lines.findIndex((line) => line === heading || line.startsWith(`${heading} `));
  if (at < 0) return undefined;
  const rest = lines.slice(at + 1);
  const next = rest.findIndex((line) => line.startsWith('## '));
  return next < 0 ? rest : rest.slice(0, next);
}

/**
 * What the release gate finds missing, one line each: before the release (info.version still the
 * base's), an `[Unreleased]` entry naming each affected operation, as `npm run release` requires
 * after the merge; and for a breaking change, an entry marked **BREAKING** naming each one it affects.
 */
export function gateProblems(comparison: Comparison, baseVersion: string, headVersion: string, changelog: string): string[] {
  const unnamed = headVersion === baseVersion ? unnamedAffected(comparison, changelog) : [];
  return [...changelogProblems(changelog), ...unnamed, ...breakingProblems(comparison, baseVersion, headVersion, changelog)];
}

/** The release's own check, run before the merge: each affected operation named under `[Unreleased]`. */
function unnamedAffected(comparison: Comparison, changelog: string): string[] {
  // The breaking ones are the BREAKING check's, which asks more of their entry.
  const breaking = new Set(comparison.breaking.map((change) => change.operationId));
  const affected = affectedOperations(comparison).filter((operationId) => !breaking.has(operationId));
  if (affected.length === 0) return [];
  const unreleased = unreleasedSection(changelog);
  if (unreleased === undefined) return ["CHANGELOG.md has no '## [Unreleased]' section"];
  const missing = unnamedOperations(unreleased, affected, comparison.added);
  return missing.length > 0 ? [unnamedProblem(missing)] : [];
}

/** What the gate finds missing for the breaking changes. */
function breakingProblems(comparison: Comparison, baseVersion: string, headVersion: string, changelog: string): string[] {
  if (comparison.breaking.length === 0) return [];
  const ids = [...new Set(comparison.breaking.map((change) => change.operationId))];
  const base = semver.valid(baseVersion);
  const head = semver.valid(headVersion);
  if (!base || !head) return [`info.version must be a semantic version (base ${baseVersion}, working tree ${headVersion})`];
  const released = semver.major(head) > semver.major(base);
  if (!released && head !== base)
    return [
      `info.version is ${head} and the base's ${base}: a breaking change leaves info.version as it is (npm run release makes the major release after the merge)`,
    ];
  const where = released ? `## [${head}]` : '## [Unreleased]';
  const name = released ? `CHANGELOG.md's section ${head}` : "CHANGELOG.md's [Unreleased] section";
  const lines = section(changelog, where);
  if (!lines) return [`CHANGELOG.md has no '${where}' section`];
  const breaking = changelogEntries(lines.join('\n')).filter((entry) => /\*\*BREAKING\*\*|\bBREAKING\b/.test(entry));
  if (breaking.length === 0) return [`${name} has no entry marked **BREAKING**; the change breaks callers of ${ids.map((id) => `\`${id}\``).join(', ')}`];
  return ids
    .filter((id) => !breaking.some((entry) => entryNames(entry, id)))
    .map((id) => `${name}'s **BREAKING** entries do not name \`${id}\`, which the breaking change affects`);
}

/** The gate's verdict in words, given what it found missing. */
export function gateVerdict(comparison: Comparison, problems: string[]): string {
  if (problems.length > 0)
    return comparison.breaking.length > 0
      ? 'the change breaks callers without a changelog entry marked BREAKING that names each affected operation'
      : "the changelog's [Unreleased] section does not name each affected operation, which npm run release would refuse after the merge";
  return comparison.breaking.length > 0
    ? 'the breaking changes have a changelog entry marked BREAKING naming each affected operation'
    : 'nothing breaks callers';
}
