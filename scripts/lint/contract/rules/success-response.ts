// faithful/success-response: the stated success status and label (200 OK, 201 Created for #13),
// one JSON body whose schema is a named component.
import type { Response, Schema } from '../../../openapi-document.ts';
import { childOf, componentAt, located, operationRule, reportAt, reportBelow } from '../visit.ts';

export const SuccessResponse = operationRule((seen, ctx, options) => {
  const { row, at } = seen;
  if (seen.operation.responses?.[row.status]) {
    // (faithful/error-response names a missing status)
    const response = childOf<Response>(ctx, located(seen), 'responses', row.status);
    const here = (...keys: string[]) => at('responses', row.status, ...keys);
    if (response.node?.description !== row.label)
      reportBelow(
        ctx,
        response,
        ['description'],
        `the success label of #${row.n}: expected ${JSON.stringify(row.label)}, found ${JSON.stringify(response.node?.description)}`,
        here('description'),
      );
    const media = Object.keys(response.node?.content ?? {});
    if (media.join() !== 'application/json')
      reportBelow(ctx, response, ['content'], `the payload media type: expected ["application/json"], found ${JSON.stringify(media)}`, here('content'));
    else if (options.variant !== 'dereferenced') {
      const schema = childOf<Schema>(ctx, response, 'content', 'application/json', 'schema');
      if (componentAt(schema.location)?.kind !== 'schemas')
        reportAt(ctx, schema.location, 'the payload is a named schema', here('content', 'application/json', 'schema'));
    }
  }
});
