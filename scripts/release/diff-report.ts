// What `npm run diff` prints: the comparison of two bundles, operation by operation.
import type { Comparison } from './compare.ts';

export function diffReport(comparison: Comparison, from: string, to: string): string {
  const list = (ids: string[]) => (ids.length > 0 ? ids.join(', ') : 'none');
  const lines = [`diff: ${from} -> ${to}`];
  if (comparison.added.length + comparison.removed.length + comparison.changed.length === 0) {
    lines.push('no changes');
    return lines.join('\n');
  }
  lines.push(`added: ${list(comparison.added)}`, `removed: ${list(comparison.removed)}`, `changed: ${list(comparison.changed)}`);
  for (const operationId of comparison.changed) for (const change of comparison.details[operationId] ?? []) lines.push(`  ${operationId}: ${change}`);
  lines.push(`breaking changes: ${comparison.breaking.length}`);
  for (const change of comparison.breaking) lines.push(`  BREAKING ${change.kind}: ${change.operationId} (${change.operation}): ${change.detail}`);
  return lines.join('\n');
}
