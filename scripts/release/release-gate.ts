// The release gate: a change that breaks callers ships only as a new major version of
// info.version, with a CHANGELOG.md entry marked BREAKING that names every affected operationId.
import type { Comparison } from './compare.ts';

/** What the release gate finds missing for the breaking changes, one line each. */
export function gateProblems(comparison: Comparison, baseVersion: string, headVersion: string, changelog: string): string[] {
  if (comparison.breaking.length === 0) return [];
  const problems: string[] = [];
  const major = (version: string) => Number(/^(\d+)\./.exec(version)?.[1] ?? NaN);
  if (!(major(headVersion) > major(baseVersion))) {
    problems.push(`info.version ${headVersion} must have a new major version (base is ${baseVersion}): the change breaks callers`);
  }
  // The entry's heading, found by plain comparison: a version from the description is never a pattern.
  const heading = `## [${headVersion}]`;
  const lines = changelog.split('\n');
  const at = lines.findIndex((line) => line === heading || line.startsWith(`${heading} `));
  if (at < 0) {
    problems.push(`CHANGELOG.md has no entry '${heading}'`);
    return problems;
  }
  const rest = lines.slice(at + 1);
  const next = rest.findIndex((line) => line.startsWith('## ['));
  const entry = (next < 0 ? rest : rest.slice(0, next)).join('\n');
  if (!/\bBREAKING\b/.test(entry)) problems.push(`CHANGELOG.md's entry for ${headVersion} must be marked BREAKING`);
  for (const operationId of new Set(comparison.breaking.map((change) => change.operationId))) {
    if (!entry.includes(`\`${operationId}\``))
      problems.push(`CHANGELOG.md's entry for ${headVersion} must name \`${operationId}\`, which the breaking change affects`);
  }
  return problems;
}

/** The gate's verdict in words, given what it found missing. */
export function gateVerdict(comparison: Comparison, problems: string[]): string {
  if (problems.length > 0) return 'the change breaks callers without a new major version and a changelog entry that names each affected operation';
  return comparison.breaking.length > 0 ? 'the breaking changes are released as a major version with a changelog entry' : 'nothing breaks callers';
}
