// faithful/area: each operation has one tag, its area; the document's tags are the areas, in the
// interface document's order (faithful/prose holds each one's description to the area's wording,
// which names the paths of its operations from the table).
import { isDeepStrictEqual } from 'node:util';
import { pointer } from '../../../openapi-document.ts';
import { areas } from '../operations.ts';
import { factsRule, located, reportBelow } from '../visit.ts';

export const Area = factsRule((facts, ctx) => {
  for (const seen of facts.operations) {
    const { row, operation, at } = seen;
    if (row && !isDeepStrictEqual(operation.tags, [row.area]))
      reportBelow(
        ctx,
        located(seen),
        ['tags'],
        `#${row.n}'s area is its only tag: expected ${JSON.stringify([row.area])}, found ${JSON.stringify(operation.tags)}`,
        at('tags'),
      );
  }
  const root = { node: facts.root, location: facts.rootLocation };
  const tags = Array.isArray(facts.root.tags) ? facts.root.tags : [];
  const names = tags.map((tag) => tag?.name);
  if (!isDeepStrictEqual(names, [...areas]))
    reportBelow(
      ctx,
      root,
      ['tags'],
      `one tag per area, in the document order: expected ${JSON.stringify(areas)}, found ${JSON.stringify(names)}`,
      pointer('tags'),
    );
});
