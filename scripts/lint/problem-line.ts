// One of the project's own problems (the source boundary's, the contract's) as a line, in the form
// the linters' own problems take: its own file, so that the boundary and the lint report share it
// without importing each other.

/** `file:line:column error rule: message`. */
export function ownProblemLine(problem: { file: string; line: number; col: number; rule: string; message: string }): string {
  return `${problem.file}:${problem.line}:${problem.col} error ${problem.rule}: ${problem.message}`;
}
