// `npm run lint`'s report: Redocly's house rules' and Spectral's problems in each linter's own
// formatter, the faithfulness contract's (found by Redocly's engine) and the source boundary's in
// the same two shapes (a human report, or GitHub Actions annotations that land on the pull
// request's changed lines), file paths relative to the root.
import { formatProblems, getTotals, logger } from '@redocly/openapi-core';
import { forAnnotationMessage, forAnnotationProperty, forTerminal } from '../escape.ts';
import type { Project } from '../project.ts';
import type { BoundaryProblem } from './source-boundary.ts';
import type { LintResult } from './lint-description.ts';
import type { LintFormat } from './lint-formats.ts';
import { isContractProblem, locatedProblem } from './lint-problems.ts';

/** Writes the report with `write` (the command's stdout). */
export async function printLint(project: Project, result: LintResult, format: LintFormat, write: (text: string) => void): Promise<void> {
  if (result.boundary.length > 0) write(formatOwn(result.boundary, format, 'the source boundary'));
  // The linters' formatters print messages as they are: control characters are escaped first.
  const house = result.redocly.filter((problem) => !isContractProblem(problem));
  const contract = result.redocly.filter(isContractProblem).map((problem) => locatedProblem(project, problem));
  if (house.length > 0) {
    const problems = house.map((problem) => ({ ...problem, message: forTerminal(problem.message) }));
    // Redocly's formatter writes through its logger, to process.stdout: lent `write` while it runs (it is synchronous).
    const output = logger.output;
    logger.output = (text: string) => void write(text);
    try {
      formatProblems(problems, { format, totals: getTotals(problems), cwd: project.root, color: false, command: 'lint' });
    } finally {
      logger.output = output;
    }
  }
  if (result.spectral.length > 0) {
    const { githubActions, stylish } = (await import('@stoplight/spectral-formatters')).default;
    const formatter = format === 'github-actions' ? githubActions : stylish;
    const diagnostics = result.spectral.map((d) => ({ ...d, message: forTerminal(d.message), path: d.path.map((key) => forTerminal(String(key))) }));
    write(`${formatter(diagnostics as never, { failSeverity: 1 } as never)}\n`);
  }
  if (contract.length > 0) write(formatOwn(contract, format, 'the faithfulness contract'));
}

type OwnProblem = Omit<BoundaryProblem, 'rule'> & { rule: string };

/** The project's own problems (the source boundary's, the contract's): grouped by file for a person, one workflow command each for GitHub. */
export function formatOwn(problems: OwnProblem[], format: LintFormat, foundBy: string): string {
  if (format === 'github-actions')
    return problems
      .map(
        (p) =>
          `::error file=${forAnnotationProperty(p.file)},line=${p.line},col=${p.col},title=${forAnnotationProperty(p.rule)}::${forAnnotationMessage(p.message)}\n`,
      )
      .join('');
  const files = [...new Set(problems.map((p) => p.file))];
  const blocks = files.map((file) => {
    const own = problems.filter((p) => p.file === file).sort((a, b) => a.line - b.line || a.col - b.col);
    const width = Math.max(...own.map((p) => `${p.line}:${p.col}`.length));
    return `${forTerminal(file)}\n${own.map((p) => `  ${`${p.line}:${p.col}`.padEnd(width)}  error  ${p.rule}  ${forTerminal(p.message)}`).join('\n')}\n`;
  });
  return `\n${blocks.join('\n')}\n✖ ${problems.length} problem(s) found by ${foundBy}\n\n`;
}
