// What overlays change compared with the description, for a reviewer: per operation, each
// parameter, body field and credential with what a caller must now do (caller-changes.ts), grouped
// where several operations share a change; warnings where a fact cannot be enforced; the changes
// that reach no operation (a security scheme, info, servers, tags), from the comparison the diff
// uses (api-smart-diff); and the changes refused unless the user allows them: an operation removed
// or renamed, or a method, path or success status changed, after which the client would no longer
// reach the service as the interface document describes it.
import path from 'node:path';
import { forMarkdown, forTerminal } from '../escape.ts';
import { eachOperation, type OpenApiDocument } from '../openapi-document.ts';
import { type BreakingChange, type BreakingKind, compareBundles } from '../release/compare.ts';
import { callerChanges, schemeText } from './caller-changes.ts';
import type { Overlay } from './read-overlay.ts';

/** A change a caller meets, with the operations it applies to. */
export interface GroupedChange {
  /** The operationIds, or `every operation`. */
  operations: string;
  what: string;
  caller: string;
  breaking: boolean;
}

/** A change no operation shows: to a security scheme, `info`, `servers`, `tags`... */
export interface DocumentChange {
  /** Added, removed, replaced or renamed. */
  action: string;
  /** Where, in words: a component, then the path inside it; or the document path. */
  where: string;
}

export interface OverlayChanges {
  changes: GroupedChange[];
  warnings: string[];
  document: DocumentChange[];
  /** Changes that need `--allow-operation-changes`. */
  refused: BreakingChange[];
}

/** The kinds of change after which the client no longer reaches the service the interface document describes. */
export const refusedKinds: BreakingKind[] = ['operation removed', 'operationId renamed', 'path or path parameter renamed', 'success status removed or changed'];

/** Where a change is one that caller-changes.ts reports, at each operation it reaches. */
const operationParts = new Set(['parameters', 'requestBody', 'responses', 'security']);
const reachedComponents = new Set(['schemas', 'parameters', 'requestBodies', 'responses', 'headers']);

/** Compares `base` (the description) with `overlaid` (the description with the overlays). */
export function overlayChanges(base: OpenApiDocument, overlaid: OpenApiDocument): OverlayChanges {
  const { changes, warnings } = callerChanges(base, overlaid);
  const all = [...eachOperation(overlaid)].map(({ operation }) => String(operation.operationId));
  const groups = new Map<string, GroupedChange & { ids: string[] }>();
  for (const change of changes) {
    const key = JSON.stringify([change.what, change.caller, change.breaking]);
    const group = groups.get(key) ?? { what: change.what, caller: change.caller, breaking: change.breaking, operations: '', ids: [] };
    group.ids.push(change.operationId);
    groups.set(key, group);
  }
  const grouped = [...groups.values()].map(({ ids, ...group }) => ({
    ...group,
    operations: ids.length === all.length && all.length > 1 ? `every operation` : ids.join(', '),
  }));
  const document = schemeChanges(base, overlaid);
  const comparison = compareBundles(base, overlaid);
  for (const diff of comparison.diffs) {
    const at = diff.path.map(String);
    if (at[0] === 'paths' && (operationParts.has(at[3]) || at[2] === 'parameters')) continue;
    if (at[0] === 'components' && reachedComponents.has(at[1])) continue;
    if (at[0] === 'security' || (at[0] === 'components' && at[1] === 'securitySchemes')) continue;
    document.push({ action: diff.action, where: whereOf(at) });
  }
  const refused = comparison.breaking.filter((change) => refusedKinds.includes(change.kind));
  return { changes: grouped, warnings, document, refused };
}

/** Each security scheme the overlays add, change or remove, in words. */
function schemeChanges(base: OpenApiDocument, overlaid: OpenApiDocument): DocumentChange[] {
  const before = base.components?.securitySchemes ?? {};
  const after = overlaid.components?.securitySchemes ?? {};
  return [
    ...Object.entries(after)
      .filter(([name, scheme]) => JSON.stringify(before[name]) !== JSON.stringify(scheme))
      .map(([name, scheme]) => ({ action: Object.hasOwn(before, name) ? 'replace' : 'add', where: `security scheme ${name}: ${schemeText(scheme)}` })),
    ...Object.keys(before)
      .filter((name) => !Object.hasOwn(after, name))
      .map((name) => ({ action: 'remove', where: `security scheme ${name}` })),
  ];
}

/** The document path of a change. */
const whereOf = (at: string[]) => at.join('.');

/** The changes as the terminal shows them, one line each, escaped. */
export function changesText(changes: OverlayChanges): string[] {
  const lines = [
    ...changes.changes.map((c) => `${c.operations}: ${c.what}: a caller ${c.caller}${c.breaking ? ' (can break a caller)' : ''}`),
    ...changes.document.map((c) => `${c.action} ${c.where}`),
    ...changes.warnings.map((warning) => `warning: ${warning}`),
  ];
  return lines.length === 0 ? ['the overlays change nothing in the description'] : lines.map((line) => forTerminal(line));
}

/** The changes as Markdown: overlay-changes.md beside the outputs. Every value is escaped. */
export function changesMarkdown(changes: OverlayChanges, overlays: Overlay[], baseVersion: string, allowed: boolean): string {
  const lines = [
    '# What the overlays change',
    '',
    `The description ${forMarkdown(baseVersion)} with these overlays, applied in this order. Their facts are the overlays' own, not the interface document's.`,
    '',
    ...overlays.map(
      // By file name, as the package's README names them: never the building machine's folders.
      (overlay, i) =>
        `${i + 1}. ${forMarkdown(overlay.title)} ${forMarkdown(overlay.overlayVersion)} (\`${path.basename(overlay.file).replaceAll('`', "'")}\`)`,
    ),
    '',
  ];
  if (changes.changes.length + changes.document.length === 0) lines.push('They change nothing in the description.');
  if (changes.changes.length > 0) {
    lines.push('## For callers', '', '| Operations | What changed | What a caller must now do | Can break a caller |', '| --- | --- | --- | --- |');
    for (const c of changes.changes) lines.push(`| ${forMarkdown(c.operations)} | ${cell(c.what)} | ${cell(c.caller)} | ${c.breaking ? 'yes' : 'no'} |`);
    lines.push('');
  }
  if (changes.warnings.length > 0) {
    lines.push('## Warnings: facts the description cannot enforce', '');
    for (const warning of changes.warnings) lines.push(`- ${cell(warning)}`);
    lines.push('');
  }
  if (changes.document.length > 0) {
    lines.push('## Other changes', '', '| Change | Where |', '| --- | --- |');
    for (const c of changes.document) lines.push(`| ${c.action} | ${cell(c.where)} |`);
    lines.push('');
  }
  if (changes.refused.length > 0) {
    lines.push(`## Operations the overlays move away from the interface document${allowed ? ' (allowed with --allow-operation-changes)' : ''}`, '');
    for (const change of changes.refused) lines.push(`- ${forMarkdown(`${change.operationId} (${change.operation}): ${change.kind}: ${change.detail}`)}`);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Markdown of a change's text: escaped, with the code spans this project writes kept as code. */
export function cell(text: string): string {
  return text
    .split('`')
    .map((part, i) => (i % 2 === 1 ? `\`${forTerminal(part).replaceAll('|', '\\|')}\`` : forMarkdown(part)))
    .join('');
}
