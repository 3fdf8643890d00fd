// faithful/area: each operation has one tag, its area; the document's tags are the areas, in the
// interface document's order, each described; a description that says which paths an area holds
// ("Operations under `/v1/webhooks` and ...") names paths that hold exactly its operations, so that
// an operation added under a new path cannot leave it stale.
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
  for (const [index, tag] of tags.entries()) {
    const description = typeof tag?.description === 'string' ? tag.description : '';
    if (!/\S/.test(description)) {
      reportBelow(ctx, root, ['tags', index, 'description'], 'each area tag has a description', pointer('tags', index, 'description'));
      continue;
    }
    // The operations of the area by the table (one fact, one error: an operation tagged elsewhere
    // is the tag check's), for a tag that is an area.
    if (!(areas as readonly string[]).includes(tag.name)) continue;
    const problem = pathsProblem(
      description,
      facts.operations.filter((seen) => seen.row?.area === tag.name).map((seen) => seen.path),
    );
    if (problem) reportBelow(ctx, root, ['tags', index, 'description'], `the ${tag.name} area's description ${problem}`, pointer('tags', index, 'description'));
  }
});

/** Whether `prefix` holds `path`: the path itself, or one below it. */
const holds = (prefix: string, path: string) => path === prefix || path.startsWith(`${prefix}/`);

/**
 * What is wrong with the paths an area's description names in its "Operations under ..." sentence,
 * given the paths of the area's operations: one that holds none of them, or an operation's path
 * that none holds. Undefined when it names none (the sentence is not there) or they fit.
 */
function pathsProblem(description: string, paths: string[]): string | undefined {
  const sentence = /Operations under ([^.]*(?:\.[^\s.][^.]*)*)\./.exec(description.replace(/\s+/g, ' '))?.[1];
  if (sentence === undefined) return undefined;
  const named = [...sentence.matchAll(/`([^`]+)`/g)].map((match) => match[1]);
  const empty = named.find((prefix) => !paths.some((path) => holds(prefix, path)));
  if (empty) return `names \`${empty}\`, which holds none of its operations`;
  const missing = paths.find((path) => !named.some((prefix) => holds(prefix, path)));
  return missing ? `does not name a path that holds \`${missing}\`, one of its operations: add it to "Operations under ..."` : undefined;
}
