// What overlays add or change compared with the description, by area (security, operations,
// parameters, schemas, the rest), from the comparison the diff uses (api-smart-diff and
// compare.ts). Some changes are refused unless the user allows them: an operation removed or
// renamed, or a method, path or success status changed, after which the client would no longer
// reach the service as the interface document describes it.
import { apiDiff } from 'api-smart-diff';
import { forMarkdown, forTerminal } from '../escape.ts';
import type { Json } from '../openapi-document.ts';
import { type BreakingChange, type BreakingKind, compareBundles } from '../release/compare.ts';
import type { Overlay } from './read-overlay.ts';

export type ChangeArea = 'Security' | 'Operations' | 'Parameters' | 'Schemas' | 'Document';

export interface OverlayChange {
  area: ChangeArea;
  /** Added, removed, replaced or renamed. */
  action: string;
  /** Where, in words: an operationId or a component, then the path inside it. */
  where: string;
  /** Whether the change can break a caller that followed the description (api-smart-diff's rating). */
  breaking: boolean;
}

export interface OverlayChanges {
  changes: OverlayChange[];
  /** Changes that need `--allow-operation-changes`. */
  refused: BreakingChange[];
}

/** The kinds of change after which the client no longer reaches the service the interface document describes. */
export const refusedKinds: BreakingKind[] = ['operation removed', 'operationId renamed', 'path or path parameter renamed', 'success status removed or changed'];

const componentAreas: Record<string, ChangeArea> = { securitySchemes: 'Security', parameters: 'Parameters', schemas: 'Schemas' };

/** Compares `base` (the description) with `overlaid` (the description with the overlays). */
export function overlayChanges(base: Json, overlaid: Json): OverlayChanges {
  const comparison = compareBundles(base, overlaid);
  const changes: OverlayChange[] = [];
  for (const diff of apiDiff(base, overlaid)) {
    const path = diff.path.map(String);
    // A change to a component also shows at every operation that references it: listed once, at the component.
    if (path[0] === 'paths' && path.length > 4 && viaReference(base, overlaid, path)) continue;
    changes.push({ area: areaOf(path), action: diff.action, where: whereOf(base, overlaid, path), breaking: diff.type === 'breaking' });
  }
  const refused = comparison.breaking.filter((change) => refusedKinds.includes(change.kind));
  return { changes, refused };
}

/** Whether `path` (inside an operation) passes through a `$ref` on either side: then it is a component's change. */
function viaReference(base: Json, overlaid: Json, path: string[]): boolean {
  return [base, overlaid].some((document) => {
    let node: Json = document;
    for (const key of path.slice(0, -1)) {
      node = node?.[key];
      if (typeof node?.$ref === 'string') return true;
    }
    return false;
  });
}

function areaOf(path: string[]): ChangeArea {
  if (path[0] === 'components') return componentAreas[path[1]] ?? 'Document';
  if (path.includes('security')) return 'Security';
  if (path[0] === 'paths') return path.includes('parameters') ? 'Parameters' : 'Operations';
  return path[0] === 'security' ? 'Security' : 'Document';
}

/** `sendBatch` requestBody.content…, `SendBatchRequestBody` properties.subject, or the document path. */
function whereOf(base: Json, overlaid: Json, path: string[]): string {
  if (path[0] === 'paths' && path.length >= 3) {
    const operationId = (overlaid.paths?.[path[1]]?.[path[2]] ?? base.paths?.[path[1]]?.[path[2]])?.operationId;
    const inside = path.slice(3).join('.');
    if (typeof operationId === 'string') return `${operationId}${inside ? ` ${inside}` : ''}`;
  }
  if (path[0] === 'components' && path.length >= 3) return `${path[2]}${path.length > 3 ? ` ${path.slice(3).join('.')}` : ''}`;
  return path.join('.');
}

/** The changes as the terminal shows them, one line each, escaped. */
export function changesText(changes: OverlayChanges): string[] {
  if (changes.changes.length === 0) return ['the overlays change nothing in the description'];
  return changes.changes.map((c) => forTerminal(`${c.area}: ${c.action} ${c.where}${c.breaking ? ' (can break a caller)' : ''}`));
}

/** The changes as Markdown: overlay-changes.md beside the outputs. Every value is escaped. */
export function changesMarkdown(changes: OverlayChanges, overlays: Overlay[], baseVersion: string, allowed: boolean): string {
  const lines = [
    '# What the overlays change',
    '',
    `The description ${forMarkdown(baseVersion)} with these overlays, applied in this order. Their facts are the overlays' own, not the interface document's.`,
    '',
    ...overlays.map(
      (overlay, i) => `${i + 1}. ${forMarkdown(overlay.title)} ${forMarkdown(overlay.overlayVersion)} (\`${overlay.file.replaceAll('`', "'")}\`)`,
    ),
    '',
  ];
  if (changes.changes.length === 0) lines.push('They change nothing in the description.');
  else {
    lines.push('| Area | Change | Where | Can break a caller |', '| --- | --- | --- | --- |');
    for (const c of changes.changes) lines.push(`| ${c.area} | ${c.action} | ${forMarkdown(c.where)} | ${c.breaking ? 'yes' : 'no'} |`);
  }
  if (changes.refused.length > 0) {
    lines.push('', `## Operations the overlays move away from the interface document${allowed ? ' (allowed with --allow-operation-changes)' : ''}`, '');
    for (const change of changes.refused) lines.push(`- ${forMarkdown(`${change.operationId} (${change.operation}): ${change.kind}: ${change.detail}`)}`);
  }
  return `${lines.join('\n')}\n`;
}
