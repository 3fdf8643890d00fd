// faithful/area: each operation has one tag, its area; the document's tags are the areas, in the
// interface document's order (faithful/prose holds each one's description to the area's wording,
// which names the paths of its operations from the table).
import { isDeepStrictEqual } from 'node:util';
import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { type OpenApiDocument, pointer } from '../../../openapi-document.ts';
import { areas } from '../operations.ts';
import { located, operationRule, reportBelow } from '../visit.ts';

const operationTag = operationRule((seen, ctx) => {
  const { row, operation, at } = seen;
  if (!isDeepStrictEqual(operation.tags, [row.area]))
    reportBelow(
      ctx,
      located(seen),
      ['tags'],
      `#${row.n}'s area is its only tag: expected ${JSON.stringify([row.area])}, found ${JSON.stringify(operation.tags)}`,
      at('tags'),
    );
});

export const Area: Oas3Rule = (options) => ({
  ...operationTag(options),
  Root: {
    leave(root, ctx: UserContext) {
      const tags = (root as OpenApiDocument).tags;
      const names = (Array.isArray(tags) ? tags : []).map((tag) => tag?.name);
      if (!isDeepStrictEqual(names, [...areas]))
        reportBelow(
          ctx,
          { node: root, location: ctx.location },
          ['tags'],
          `one tag per area, in the document order: expected ${JSON.stringify(areas)}, found ${JSON.stringify(names)}`,
          pointer('tags'),
        );
    },
  },
});
