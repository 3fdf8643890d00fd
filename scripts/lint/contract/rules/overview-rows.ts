// faithful/overview: the overview table in info.description is the one the contract makes from the
// facts (scripts/stated/overview.ts): a row per part of the interface document, with its verdict.
import { pointer } from '../../../openapi-document.ts';
import { documentParts, overviewFacts, overviewTable, tableRows } from '../../../stated/overview.ts';
import { viewRule } from '../view.ts';

export const Overview = viewRule((view) => {
  const { document } = view;
  const expected = overviewTable(overviewFacts(document));
  const at = pointer('info', 'description');
  const found = tableRows(typeof document.info?.description === 'string' ? document.info.description : '');
  for (const [index, part] of documentParts.entries()) {
    const want = expected[index + 2];
    const line = found.get(part);
    if (line === undefined) view.report(at, `the overview names the part "${part}" in a row of its own: ${want}`);
    else if (line !== want) view.reportPlain(at, `the overview's "${part}" row must read: ${want}`, line);
  }
  for (const [part, line] of found)
    if (part !== 'Part of the interface document' && !(documentParts as readonly string[]).includes(part))
      view.reportPlain(at, `the overview has one row per part of the interface document, and "${part}" is not one`, line);
});
