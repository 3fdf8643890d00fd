// `npm run diff -- --format markdown`: the comparison as Markdown, for a pull request's job
// summary: the operations added, removed and changed by operationId, each breaking change by kind,
// and the release gate's verdict when it ran.
import type { Comparison } from './compare.ts';

export interface GateOutcome {
  /** What the gate finds missing, one line each; none when it passed. */
  problems: string[];
  /** The verdict in words. */
  verdict: string;
}

/** A table cell: pipes escaped, line breaks folded. */
const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');
const ids = (operationIds: string[]) => (operationIds.length > 0 ? operationIds.map((id) => `\`${id}\``).join(', ') : 'none');

export function diffMarkdown(comparison: Comparison, from: string, to: string, gate?: GateOutcome): string {
  const lines = [`## API changes: ${from} → ${to}`, ''];
  if (comparison.added.length + comparison.removed.length + comparison.changed.length === 0) {
    lines.push('No operation was added, removed or changed.');
  } else {
    lines.push('| Operations | operationIds |', '|---|---|');
    lines.push(`| Added | ${ids(comparison.added)} |`, `| Removed | ${ids(comparison.removed)} |`, `| Changed | ${ids(comparison.changed)} |`);
    lines.push('', `### Breaking changes: ${comparison.breaking.length}`);
    if (comparison.breaking.length > 0) {
      lines.push('', '| Kind | Operation | What changed |', '|---|---|---|');
      for (const change of comparison.breaking)
        lines.push(`| ${cell(change.kind)} | \`${change.operationId}\` (\`${change.operation}\`) | ${cell(change.detail)} |`);
    }
  }
  if (gate) {
    lines.push('', '### Release gate', '', `${gate.problems.length > 0 ? '**Failed**' : '**Passed**'}: ${gate.verdict}`);
    for (const problem of gate.problems) lines.push(`- ${problem}`);
  }
  return `${lines.join('\n')}\n`;
}
