// faithful/error-response: besides the success response, only the shared `default` error response
// (error statuses are not shown), whose body is JSON of a named schema, and whose description does
// not say "success" (generators would take it for one).
import { isDeepStrictEqual } from 'node:util';
import { deref, pointer, type Response } from '../../../openapi-document.ts';
import { operationsOf } from '../described-operations.ts';
import { checkJsonBody, type View, viewRule } from '../view.ts';

const shared = pointer('components', 'responses', 'ErrorResponse');

export const ErrorResponse = viewRule((view) => {
  /** The shared error response is judged once, where the first operation that uses it is. */
  const judged = new Set<unknown>();
  for (const { row, operation, at } of operationsOf(view.document)) {
    if (!row) continue;
    const statuses = Object.keys(operation.responses ?? {}).sort();
    if (!isDeepStrictEqual(statuses, [row.status, 'default']))
      view.report(
        at('responses'),
        `#${row.n} answers ${row.status} and otherwise only the shared default: expected ${JSON.stringify([row.status, 'default'])}, found ${JSON.stringify(statuses)}`,
      );
    const node = operation.responses?.default;
    const response = deref(view.document, node);
    if (!response) continue;
    if (view.variant !== 'dereferenced' && (node as { $ref?: string }).$ref !== shared)
      view.report(at('responses', 'default'), `the shared default error response: expected ${shared}`);
    else if (!judged.has(response)) {
      judged.add(response);
      checkShared(view, response, view.variant === 'dereferenced' ? at('responses', 'default') : shared);
    }
  }
});

/** The shared error response: a JSON body of a named schema, and no word that generators take for a success. */
function checkShared(view: View, response: Response, at: string): void {
  checkJsonBody(view, response.content, at, 'the error body');
  // Generators guess a `default` response's role from its words: @hey-api/openapi-ts takes one
  // that says "success" for a success, and types every response body `unknown` (docs/generators.md).
  if (/success/i.test(response.description ?? ''))
    view.report(`${at}/description`, 'the error response\'s description must not say "success": generators take it for a success response');
}
