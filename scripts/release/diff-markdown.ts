// `npm run diff -- --format markdown`: the comparison as Markdown, for a pull request's job
// summary: the operations added, removed and changed by operationId, each breaking change by kind,
// and the release gate's verdict when it ran.
import { forMarkdown } from '../escape.ts';
import type { Comparison } from './compare.ts';

export interface GateOutcome {
  /** What the gate finds missing, one line each; none when it passed. */
  problems: string[];
  /** The verdict in words. */
  verdict: string;
}

// Every value below comes from the description (or a ref name): escaped, so that it cannot close a
// table, open HTML or a comment, or rewrite the rest of the job summary.
/** A table cell: line breaks folded, Markdown escaped. */
const cell = (text: string) => forMarkdown(text.replace(/\s*\n\s*/g, ' '));
/** A name as code where it is plain (an operationId, a method and path), else as escaped text. */
const code = (text: string) => (/^[\w ./{}-]+$/.test(text) ? `\`${text}\`` : cell(text));
const ids = (operationIds: string[]) => (operationIds.length > 0 ? operationIds.map(code).join(', ') : 'none');

export function diffMarkdown(comparison: Comparison, from: string, to: string, gate?: GateOutcome): string {
  const lines = [`## API changes: ${cell(from)} → ${cell(to)}`, ''];
  if (comparison.added.length + comparison.removed.length + comparison.changed.length === 0) {
    lines.push('No operation was added, removed or changed.');
  } else {
    lines.push('| Operations | operationIds |', '|---|---|');
    lines.push(`| Added | ${ids(comparison.added)} |`, `| Removed | ${ids(comparison.removed)} |`, `| Changed | ${ids(comparison.changed)} |`);
    const changes = comparison.changed.flatMap((operationId) =>
      (comparison.details[operationId] ?? []).map((change) => `- ${code(operationId)}: ${cell(change)}`),
    );
    if (changes.length > 0) lines.push('', '### What changed', '', ...changes);
    lines.push('', `### Breaking changes: ${comparison.breaking.length}`);
    if (comparison.breaking.length > 0) {
      lines.push('', '| Kind | Operation | What changed |', '|---|---|---|');
      for (const change of comparison.breaking)
        lines.push(`| ${cell(change.kind)} | ${code(change.operationId)} (${code(change.operation)}) | ${cell(change.detail)} |`);
    }
  }
  if (gate) {
    lines.push('', '### Release gate', '', `${gate.problems.length > 0 ? '**Failed**' : '**Passed**'}: ${gate.verdict}`);
    for (const problem of gate.problems) lines.push(`- ${cell(problem)}`);
  }
  return `${lines.join('\n')}\n`;
}
