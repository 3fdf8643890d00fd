// faithful/overview: the overview table in info.description is the one the contract makes from the
// facts (../overview.ts): a row per part of the interface document, with its verdict.
import type { UserContext } from '@redocly/openapi-core';
import { pointer, type Response, successStatus } from '../../../openapi-document.ts';
import { documentParts, type OverviewFacts, overviewTable, tableRows } from '../overview.ts';
import { sentenceLocation } from '../text-location.ts';
import { childOf, type Facts, factsRule, located, reportAt } from '../visit.ts';

/** The table's inputs as the walk found them: each operation's success status and label, the number of areas. */
function overviewFacts(facts: Facts, ctx: UserContext): OverviewFacts {
  return {
    operations: facts.operations.map((seen) => {
      const status = successStatus(seen.operation) ?? '';
      const label = childOf<Response>(ctx, located(seen), 'responses', status).node?.description;
      return { path: seen.path, operationId: String(seen.operation.operationId), status, label: String(label) };
    }),
    areaCount: Array.isArray(facts.root.tags) ? facts.root.tags.length : 0,
  };
}

export const Overview = factsRule((facts, ctx) => {
  const description = facts.root.info?.description;
  const at = pointer('info', 'description');
  const location = facts.rootLocation.child(typeof description === 'string' ? ['info', 'description'] : ['info']);
  const expected = overviewTable(overviewFacts(facts, ctx));
  const found = tableRows(typeof description === 'string' ? description : '');
  for (const [index, part] of documentParts.entries()) {
    const want = expected[index + 2];
    const line = found.get(part);
    if (line === undefined) reportAt(ctx, location, `the overview names the part "${part}" in a row of its own: ${want}`, at);
    else if (line !== want) ctx.report({ message: `the overview's "${part}" row must read: ${want}`, location: sentenceLocation(location, line) });
  }
  for (const [part, line] of found)
    if (part !== 'Part of the interface document' && !(documentParts as readonly string[]).includes(part))
      ctx.report({
        message: `the overview has one row per part of the interface document, and "${part}" is not one`,
        location: sentenceLocation(location, line),
      });
});
