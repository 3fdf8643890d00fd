// The payload schemas of a bundle and whose body each is: the prose rule holds a schema's
// description to the wording of its kind (open-wordings.ts), its lead to its operation's words.
import { componentName, deref, type OpenApiDocument, type Referenced, type Response } from '../../openapi-document.ts';
import { type OperationRow, operations } from './operations.ts';

/** Whose body a payload schema is: an operation's request or success response, or (no row) the shared error response. */
export interface PayloadOwner {
  row?: OperationRow;
  body: 'request' | 'response';
}

/** Every schema reached from a request or response body, by name, with whose body it is. */
export function payloadSchemaOwners(document: OpenApiDocument): Map<string, PayloadOwner> {
  const owners = new Map<string, PayloadOwner>();
  for (const row of operations) {
    const operation = deref(document, document.paths?.[row.path])?.[row.method];
    if (!operation) continue;
    // The error body (the shared default) belongs to no one operation.
    const bodies: [Referenced<{ content?: Response['content'] }> | undefined, PayloadOwner][] = [
      [operation.requestBody, { row, body: 'request' }],
      ...Object.entries(operation.responses ?? {}).map(([status, response]): [Response, PayloadOwner] => [
        response,
        status === 'default' ? { body: 'response' } : { row, body: 'response' },
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
