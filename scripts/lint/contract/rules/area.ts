// faithful/area: each operation has one tag, its area; the document's tags are the areas, in the
// interface document's order (faithful/prose holds each one's description to the area's wording,
// which names the paths of its operations from the table).
import { isDeepStrictEqual } from 'node:util';
import { pointer } from '../../../openapi-document.ts';
import { areas } from '../../../stated/operations.ts';
import { operationsOf } from '../described-operations.ts';
import { viewRule } from '../view.ts';

export const Area = viewRule((view) => {
  for (const { row, operation, at } of operationsOf(view.document))
    if (row && !isDeepStrictEqual(operation.tags, [row.area]))
      view.report(at('tags'), `#${row.n}'s area is its only tag: expected ${JSON.stringify([row.area])}, found ${JSON.stringify(operation.tags)}`);
  const tags = view.document.tags;
  const names = (Array.isArray(tags) ? tags : []).map((tag) => tag?.name);
  if (!isDeepStrictEqual(names, [...areas]))
    view.report(pointer('tags'), `one tag per area, in the document order: expected ${JSON.stringify(areas)}, found ${JSON.stringify(names)}`);
});
