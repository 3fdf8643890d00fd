// The payload schemas of a bundle and the operation whose body each is: the prose rules read a
// schema's texts as being about its operation.
import { componentName, deref, type OpenApiDocument, type Referenced, type Response } from '../../openapi-document.ts';
import { type OperationRow, operations } from './operations.ts';

/** Every schema reached from a request or response body, by name, with the operation whose body it is. */
export function payloadSchemaOwners(document: OpenApiDocument): Map<string, OperationRow | undefined> {
  const owners = new Map<string, OperationRow | undefined>();
  for (const row of operations) {
    const operation = deref(document, document.paths?.[row.path])?.[row.method];
    if (!operation) continue;
    // The error body (the shared default) belongs to no one operation.
    const bodies: [Referenced<{ content?: Response['content'] }> | undefined, OperationRow | undefined][] = [
      [operation.requestBody, row],
      ...Object.entries(operation.responses ?? {}).map(([status, response]): [Response, OperationRow | undefined] => [
        response,
        status === 'default' ? undefined : row,
      ]),
    ];
    for (const [node, owner] of bodies)
      for (const media of Object.values(deref(document, node)?.content ?? {})) {
        const name = componentName((media?.schema as { $ref?: string } | undefined)?.$ref);
        if (name) owners.set(name, owner);
      }
  }
  return owners;
}
