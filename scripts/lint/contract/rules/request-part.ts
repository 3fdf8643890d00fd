// faithful/request-part: the request part of rule 1: the shared `id` on `{id}` paths, the open
// query pairs where rule 1 gives request parameters, the JSON bodies it gives, and nothing else.
import { isDeepStrictEqual } from 'node:util';
import type { UserContext } from '@redocly/openapi-core';
import type { Parameter, RequestBody } from '../../../openapi-document.ts';
import { childOf, componentAt, componentRef, type Located, located, operationRule, reportAt, reportBelow, type SeenOperation } from '../visit.ts';

/** An operation's parameters (its path item's first), each with where it is, as a name the messages show. */
function parametersOf(ctx: UserContext, seen: SeenOperation): { parameter?: Parameter; shown: string }[] {
  const item: Located = { node: seen.pathItem, location: seen.pathItemLocation };
  const lists: [Located, number][] = [
    [item, seen.pathItem.parameters?.length ?? 0],
    [located(seen), seen.operation.parameters?.length ?? 0],
  ];
  return lists.flatMap(([from, count]) =>
    Array.from({ length: count }, (_, index) => {
      const { node, location } = childOf<Parameter>(ctx, from, 'parameters', index);
      return { parameter: node, shown: componentRef(componentAt(location)) ?? JSON.stringify({ name: node?.name, in: node?.in }) };
    }),
  );
}

export const RequestPart = operationRule((seen, ctx, options) => {
  const { row, at } = seen;
  const parameters = parametersOf(ctx, seen);
  const named = (where: string[]) => parameters.filter(({ parameter }) => where.includes(String(parameter?.in))).map(({ shown }) => shown);
  const expectations: [string, string[], string[]][] = [
    [`#${row.n}'s path parameters`, named(['path']), row.path.includes('{id}') ? ['#/components/parameters/Id'] : []],
    [`#${row.n}'s query parameters`, named(['query']), row.request === 'query' ? ['#/components/parameters/OpenQuery'] : []],
    ['no header or cookie parameters (not shown)', named(['header', 'cookie']), []],
  ];
  for (const [what, found, expected] of expectations) {
    const comparable = options.variant === 'dereferenced' ? found.length === expected.length : isDeepStrictEqual(found, expected);
    if (!comparable)
      reportBelow(ctx, located(seen), ['parameters'], `${what}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(found)}`, at('parameters'));
  }
  checkBody(ctx, seen, options.variant === 'dereferenced');
});

function checkBody(ctx: UserContext, seen: SeenOperation, inlined: boolean): void {
  const { row, at } = seen;
  if (!row) return;
  if (row.request !== 'id+optional-body' && row.request !== 'required-body') {
    if (seen.operation.requestBody !== undefined) reportBelow(ctx, located(seen), ['requestBody'], `#${row.n} shows no request body`, at('requestBody'));
    return;
  }
  if (seen.operation.requestBody === undefined)
    return reportAt(ctx, seen.location, `#${row.n} takes a JSON request body, and it is missing`, at('requestBody'));
  const body = childOf<RequestBody>(ctx, located(seen), 'requestBody');
  const required = row.request === 'required-body';
  if (body.node?.required !== required)
    reportBelow(
      ctx,
      body,
      ['required'],
      `#${row.n}'s body is ${required ? 'required' : 'optional'}: expected ${required}, found ${JSON.stringify(body.node?.required)}`,
      at('requestBody', 'required'),
    );
  checkBodyContent(ctx, body, inlined, (...keys) => at('requestBody', ...keys));
}

/** A body is JSON of a named request schema (the dereferenced variant inlines it). */
function checkBodyContent(ctx: UserContext, body: Located<RequestBody>, inlined: boolean, at: (...keys: string[]) => string): void {
  const media = Object.keys(body.node?.content ?? {});
  if (media.join() !== 'application/json')
    reportBelow(ctx, body, ['content'], `the body media type: expected ["application/json"], found ${JSON.stringify(media)}`, at('content'));
  else if (!inlined && !/RequestBody$/.test(componentAt(childOf(ctx, body, 'content', 'application/json', 'schema').location)?.name ?? ''))
    reportBelow(ctx, body, ['content', 'application/json', 'schema'], 'the body is a named request schema', at('content', 'application/json', 'schema'));
}
