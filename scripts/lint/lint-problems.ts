// The problems of a lint as lines that name the file, line and column, and the failure that
// carries them: what the build, the drift check and the mutation runner report.
import path from 'node:path';
import { getLineColLocation, type NormalizedProblem } from '@redocly/openapi-core';
import { forTerminal } from '../escape.ts';
import { type Project, ReportedError, shown } from '../project.ts';
import type { LintResult } from './lint-description.ts';
import { ownProblemLine } from './own-problem.ts';
import type { OpenApiDocument } from '../openapi-document.ts';

/** A problem Redocly's engine found, with its file (relative to the root), line and column. */
export function locatedProblem(project: Project, problem: NormalizedProblem): { file: string; line: number; col: number; rule: string; message: string } {
  const location = problem.location[0];
  const file = location ? shown(project, location.source.absoluteRef) : '(unknown file)';
  const { line, col } = location ? getLineColLocation(location).start : { line: 0, col: 0 };
  // Redocly's messages name files by absolute path; relative to the root, like the rest of the line.
  return { file, line, col, rule: problem.ruleId, message: problem.message.replaceAll(`${project.root}${path.sep}`, '') };
}

/** One line per problem: `file:line:column severity rule: message`, escaped for a terminal. */
export function problemLines(project: Project, result: LintResult): string[] {
  const fromRedocly = result.redocly.map((problem) => {
    const { file, line, col, rule, message } = locatedProblem(project, problem);
    return `${file}:${line}:${col} ${problem.severity} ${rule}: ${message}`;
  });
  const severities = ['error', 'warning', 'info', 'hint'];
  const fromSpectral = result.spectral.map(
    (d) =>
      `${result.bundleLabel}:${d.range.start.line + 1}:${d.range.start.character + 1} ${severities[d.severity]} ${d.code}: ${d.message.replace(/([?!])\.$/, '$1')} (at ${d.path.join('.')})`,
  );
  return [...fromRedocly, ...fromSpectral, ...result.boundary.map(ownProblemLine)].map(forTerminal);
}

/** Whether a problem Redocly's engine found is the faithfulness contract's (a `faithful/` rule). */
export const isContractProblem = (problem: NormalizedProblem): boolean => problem.ruleId.startsWith('faithful/');

/** How many problems the three linters found together. */
export function problemCount(result: LintResult): number {
  return result.boundary.length + result.redocly.length + result.spectral.length;
}

/** How many problems each linter found, in one line: `Redocly found 1 problem(s) in the source (…); Spectral found …; the faithfulness contract found …`. */
export function lintSummary(project: Project, result: LintResult): string {
  const contract = result.redocly.filter(isContractProblem).length;
  const house = result.redocly.length - contract;
  const counts = [
    ...(result.boundary.length > 0
      ? [
          result.boundary.every((problem) => problem.rule === 'source/unreferenced')
            ? `${result.boundary.length} file(s) of ${shown(project, path.dirname(project.sourceEntry))}/ that no $ref reaches`
            : `the source boundary refused ${result.boundary.length} file(s) or reference(s); nothing was linted`,
        ]
      : []),
    ...(house > 0 ? [`Redocly found ${house} problem(s) in the source (${shown(project, project.sourceEntry)} and the files it references)`] : []),
    // The lines are the bundle's as lint makes it in memory: the file on disk is the last build's.
    ...(result.spectral.length > 0
      ? [`Spectral found ${result.spectral.length} problem(s) in the bundle (${result.bundleLabel}, as \`npm run build\` writes it from openapi/)`]
      : []),
    ...(contract > 0 ? [`the faithfulness contract found ${contract} problem(s) (docs/faithfulness.md)`] : []),
  ];
  return counts.join('; ');
}

/** A lint that found problems: the message is the summary, then each problem on its own line. */
export class LintFailure extends ReportedError {
  readonly result: LintResult;
  constructor(project: Project, result: LintResult) {
    const lines = problemLines(project, result).map((line) => `  ${line}`);
    super(`${lintSummary(project, result)}:\n${lines.join('\n')}`);
    this.result = result;
  }
}

/** The bundle of a clean lint; throws a LintFailure listing the problems otherwise. */
export function requireClean(project: Project, result: LintResult): { bundle: OpenApiDocument; bundleJson: string } {
  if (problemCount(result) > 0 || !result.bundle || result.bundleJson === undefined) throw new LintFailure(project, result);
  return { bundle: result.bundle, bundleJson: result.bundleJson };
}
