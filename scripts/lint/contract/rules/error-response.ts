// faithful/error-response: besides the success response, only the shared `default` error response
// (error statuses are not shown), whose body is JSON of a named schema, and whose description does
// not say "success" (generators would take it for one).
import { isDeepStrictEqual } from 'node:util';
import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { pointer, type Response } from '../../../openapi-document.ts';
import { childOf, componentAt, type Located, located, operationRule, reportAt, reportBelow } from '../visit.ts';

export const ErrorResponse: Oas3Rule = (options) => {
  /** The shared error response is judged once, where the first operation that uses it is. */
  const judged = new Set<unknown>();
  return operationRule((seen, ctx) => {
    const { row, operation, at } = seen;
    const statuses = Object.keys(operation.responses ?? {}).sort();
    if (!isDeepStrictEqual(statuses, [row.status, 'default']))
      reportBelow(
        ctx,
        located(seen),
        ['responses'],
        `#${row.n} answers ${row.status} and otherwise only the shared default: expected ${JSON.stringify([row.status, 'default'])}, found ${JSON.stringify(statuses)}`,
        at('responses'),
      );
    if (!operation.responses?.default) return;
    const response = childOf<Response>(ctx, located(seen), 'responses', 'default');
    const component = componentAt(response.location);
    if (options.variant !== 'dereferenced' && (component?.kind !== 'responses' || component.name !== 'ErrorResponse'))
      reportAt(ctx, response.location, 'the shared default error response: expected #/components/responses/ErrorResponse', at('responses', 'default'));
    else if (!judged.has(response.node)) {
      judged.add(response.node);
      checkShared(ctx, response, options.variant === 'dereferenced');
    }
  })(options);
};

/** The shared error response: a JSON body of a named schema, and no word that generators take for a success. */
function checkShared(ctx: UserContext, response: Located<Response>, inlined: boolean): void {
  const media = Object.keys(response.node?.content ?? {});
  const at = pointer('components', 'responses', 'ErrorResponse');
  if (media.join() !== 'application/json')
    reportBelow(ctx, response, ['content'], `the error response's media type: expected ["application/json"], found ${JSON.stringify(media)}`, at);
  else if (!inlined && componentAt(childOf(ctx, response, 'content', 'application/json', 'schema').location)?.kind !== 'schemas')
    reportBelow(ctx, response, ['content', 'application/json', 'schema'], 'the error body is a named schema', at);
  // Generators guess a `default` response's role from its words: @hey-api/openapi-ts takes one
  // that says "success" for a success, and types every response body `unknown` (docs/generators.md).
  if (/success/i.test(response.node?.description ?? ''))
    reportBelow(
      ctx,
      response,
      ['description'],
      'the error response\'s description must not say "success": generators take it for a success response',
      `${at}/description`,
    );
}
