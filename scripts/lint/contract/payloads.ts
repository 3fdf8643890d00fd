// The payload schemas of a bundle and the operation whose body each is: the contract holds the
// schemas to one per body, and the prose rules read a schema's texts as being about its operation.
import { deref, type Json } from '../../openapi-document.ts';
import { type OperationRow, operations } from './operations.ts';

/** Every schema reached from a request or response body, by name, with the operation whose body it is. */
export function payloadSchemaOwners(document: Json): Map<string, OperationRow | undefined> {
  const owners = new Map<string, OperationRow | undefined>();
  for (const row of operations) {
    const operation = document.paths?.[row.path]?.[row.method];
    if (!operation) continue;
    // The error body (the shared default) belongs to no one operation.
    const bodies: [Json, OperationRow | undefined][] = [
      [operation.requestBody, row],
      ...Object.entries(operation.responses ?? {}).map(([status, response]): [Json, OperationRow | undefined] => [
        response,
        status === 'default' ? undefined : row,
      ]),
    ];
    for (const [node, owner] of bodies) {
      for (const media of Object.values(deref(document, node)?.content ?? {}) as Json[]) {
        const ref = media?.schema?.$ref;
        if (typeof ref === 'string') owners.set(ref.split('/').pop()!, owner);
      }
    }
  }
  return owners;
}
