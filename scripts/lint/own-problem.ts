// The one line a problem of the project's own (the source boundary's) is printed as, like the
// linters' problems: what the lint, the build and the diff report.

/** `file:line:column error rule: message`. */
export function ownProblemLine(problem: { file: string; line: number; col: number; rule: string; message: string }): string {
  return `${problem.file}:${problem.line}:${problem.col} error ${problem.rule}: ${problem.message}`;
}
