// The overview table of a description with overlays: for each part of the interface document, the
// interface document's verdict (`verdicts` of the contract's overview) beside what this description
// now specifies: the description's own words for the part, without what the overlays have filled
// in (overlaid-prose.ts), and what the overlays add, each change with its operations.
import type { OpenApiDocument } from '../openapi-document.ts';
import { documentParts, verdicts } from '../lint/contract/overview.ts';
import { type OpenPart, overviewRow, partsFilledBy } from './open-parts.ts';
import { cell, type OverlayChanges } from './overlay-changes.ts';
import { rewrite } from './overlaid-prose.ts';

type Row = (typeof documentParts)[number];

/** Rewrites the overview table in `overlaid.info.description`, if it has one. */
export function overlaidOverview(overlaid: OpenApiDocument, changes: OverlayChanges, filled: Set<OpenPart>): void {
  const lines = String(overlaid.info?.description ?? '').split('\n');
  const header = lines.findIndex((line) => line.startsWith('| Part of the interface document |'));
  if (header === -1) return;
  const added = addedByRow(changes);
  const rows = lines.slice(header + 2).filter((line) => line.startsWith('|'));
  const made = rows.map((line) => {
    const [part, content] = line.split(/\s*\|\s*/).slice(1, 3) as [Row, string];
    if (!documentParts.includes(part)) return line;
    const own = rewrite(
      content.replace(/^(?:Specified|Partly specified|Left open)[:.]\s*/, ''),
      part === 'Errors' ? 'error fields' : 'document',
      filled,
      new Set(),
      true,
    );
    const overlays = added.get(part) ?? [];
    const said = own ? `${own.charAt(0).toUpperCase()}${own.slice(1)}` : '';
    const now = [said, overlays.length > 0 ? `Added by the overlays: ${overlays.join('; ')}.` : ''].filter(Boolean).join(' ');
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
function addedByRow(changes: OverlayChanges): Map<Row, string[]> {
  const byRow = new Map<Row, string[]>();
  const add = (row: Row, text: string) => byRow.set(row, [...(byRow.get(row) ?? []), text]);
  for (const change of changes.changes) {
    const parts = partsFilledBy(change);
    const rows = new Set<Row>(parts.size > 0 ? [...parts].map(overviewRow) : ['Endpoints']);
    for (const row of rows) add(row, `${cell(change.what)} (${cell(change.operations)})`);
  }
  for (const change of changes.document)
    add(change.where.startsWith('security scheme') ? 'Authentication' : 'Endpoints', cell(`${change.action} ${change.where}`));
  return byRow;
}
