// `npm run lint`'s report: each linter's own formatter (a human report, or GitHub Actions
// annotations that land on the pull request's changed lines), file paths relative to the root.
import { formatProblems, getTotals } from '@redocly/openapi-core';
import type { Project } from '../project.ts';
import type { LintResult } from './lint-description.ts';
import type { LintFormat } from './lint-formats.ts';

export async function printLint(project: Project, result: LintResult, format: LintFormat): Promise<void> {
  if (result.redocly.length > 0)
    formatProblems(result.redocly, { format, totals: getTotals(result.redocly), cwd: project.root, color: false, command: 'lint' });
  if (result.spectral.length === 0) return;
  const { githubActions, stylish } = (await import('@stoplight/spectral-formatters')).default;
  const formatter = format === 'github-actions' ? githubActions : stylish;
  process.stdout.write(`${formatter(result.spectral as never, { failSeverity: 1 } as never)}\n`);
}
