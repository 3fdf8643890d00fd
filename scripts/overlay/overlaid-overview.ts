// The overview table of a description with overlays: for each part of the interface document, the
// interface document's verdict (`verdicts` of the contract's overview) beside what this description
// now specifies: the contract's own words for the part, written again without what the overlays
// fill in (`overviewContents`), and what the overlays add, each change with its operations.
import type { OpenApiDocument } from '../openapi-document.ts';
import { capital, type OpenPart } from '../stated/open-wordings.ts';
import { type DocumentPart, overviewContents, overviewFacts, verdicts } from '../stated/overview.ts';
import { filledAcross, overviewRow, partsFilledBy } from './open-parts.ts';
import { cell, type OverlayChanges } from './overlay-changes.ts';

/** Rewrites the overview table in `overlaid.info.description`, if it has one, from the open parts the overlays fill in for each operation. */
export function overlaidOverview(overlaid: OpenApiDocument, changes: OverlayChanges, filled: Map<string, Set<OpenPart>>): void {
  const lines = String(overlaid.info?.description ?? '').split('\n');
  const header = lines.findIndex((line) => line.startsWith('| Part of the interface document |'));
  if (header === -1) return;
  const added = addedByRow(changes);
  const rows = lines.slice(header + 2).filter((line) => line.startsWith('|'));
  const { all, some } = filledAcross(overlaid, filled);
  const own = overviewContents(overviewFacts(overlaid), all, some);
  const made = [...own].map(([part, content]) => {
    const overlays = added.get(part) ?? [];
    const now = [capital(content), overlays.length > 0 ? `Added by the overlays: ${overlays.join('; ')}.` : ''].filter(Boolean).join(' ');
    return `| ${part} | ${verdicts[part]} | ${now || `${verdicts[part]}.`} |`;
  });
  lines.splice(
    header,
    2 + rows.length,
    '| Part of the interface document | What the interface document states | What this description with the overlays specifies |',
    '|---|---|---|',
    ...made,
  );
  overlaid.info!.description = lines.join('\n');
}

/** The changes of the overlays, as Markdown, by the row of the table they belong to. */
function addedByRow(changes: OverlayChanges): Map<DocumentPart, string[]> {
  const byRow = new Map<DocumentPart, string[]>();
  const add = (row: DocumentPart, text: string) => byRow.set(row, [...(byRow.get(row) ?? []), text]);
  for (const change of changes.changes) {
    const parts = partsFilledBy(change);
    const rows = new Set<DocumentPart>(parts.size > 0 ? [...parts].map((part) => overviewRow[part]) : ['Endpoints']);
    // Credentials say what a caller now does: one group of operations may need them, another only allow them.
    const caller = change.what === 'credentials' ? `: ${cell(change.caller)}` : '';
    for (const row of rows) add(row, `${cell(change.what)} (${cell(change.operations)})${caller}`);
  }
  for (const change of changes.document)
    add(change.where.startsWith('security scheme') ? 'Authentication' : 'Endpoints', cell(`${change.action} ${change.where}`));
  return byRow;
}
