// The payload schemas of a description and whose body each is: faithful/open-payload holds each
// one's shape and name, the prose rule its description to the wording of its kind
// (scripts/stated/open-wordings.ts).
import { componentOf, deref, type OpenApiDocument, pointer, type Referenced, type Response, type Schema } from '../../openapi-document.ts';
import { type OperationRow } from '../../stated/operations.ts';
import { operationsOf } from './described-operations.ts';

/** Whose body a payload schema is: an operation's request or success response, or the shared error response (no row). */
export interface PayloadOwner {
  row?: OperationRow;
  body: 'request' | 'response';
}

/** A body's schema: whose body it is, its component's name, where it is (its component, or its place when inline), and its place. */
export interface Payload {
  owner: PayloadOwner & { kind: 'request' | 'response' | 'error' };
  name?: string;
  schema?: Schema;
  at: string;
  /** Where the operation names it: `#/paths/.../content/application~1json/schema`. */
  place: string;
}

/** Every body schema of the table's operations, in document order. */
export function payloadsOf(document: OpenApiDocument): Payload[] {
  return operationsOf(document).flatMap(({ row, operation, at }) => {
    if (!row) return [];
    const bodies: [string[], Referenced<{ content?: Response['content'] }> | undefined, Payload['owner']][] = [
      [['requestBody'], operation.requestBody, { row, body: 'request', kind: 'request' }],
      ...Object.entries(operation.responses ?? {}).map(([status, response]): [string[], Response, Payload['owner']] => [
        ['responses', status],
        response,
        // The error body (the shared default) belongs to no one operation.
        status === 'default' ? { body: 'response', kind: 'error' } : { row, body: 'response', kind: 'response' },
      ]),
    ];
    return bodies.flatMap(([keys, body, owner]) =>
      Object.entries(deref(document, body)?.content ?? {}).map(([media, content]) => {
        const name = componentOf(content?.schema)?.name;
        const schema = deref(document, content?.schema as Referenced<Schema> | undefined);
        const place = at(...keys, 'content', media, 'schema');
        return { owner, name, schema, at: name ? pointer('components', 'schemas', name) : place, place };
      }),
    );
  });
}

/** The name a request or success body's schema has: after its operation (`GetApiKeyResponseBody`). */
export const ownName = ({ row, kind }: Pick<Payload['owner'], 'row' | 'kind'>): string | undefined =>
  row && kind !== 'error' ? `${row.operationId[0].toUpperCase()}${row.operationId.slice(1)}${kind === 'request' ? 'RequestBody' : 'ResponseBody'}` : undefined;

/**
 * The body schemas, each with the bodies that use it: its owner first (the body it is named
 * after, else the first), then any other that uses it too (faithful/open-payload names those).
 */
export function payloadsBySchema(document: OpenApiDocument): Payload[][] {
  const bySchema = new Map<unknown, Payload[]>();
  for (const payload of payloadsOf(document)) bySchema.set(payload.schema ?? payload, [...(bySchema.get(payload.schema ?? payload) ?? []), payload]);
  return [...bySchema.values()].map((bodies) => {
    const owner = bodies.find((payload) => payload.name !== undefined && ownName(payload.owner) === payload.name) ?? bodies[0];
    return [owner, ...bodies.filter((payload) => payload !== owner)];
  });
}

/** Every schema reached from a request or response body, by name, with whose body it is (its owner, where two share one). */
export const payloadSchemaOwners = (document: OpenApiDocument): Map<string, PayloadOwner> =>
  new Map(payloadsBySchema(document).flatMap(([{ name, owner }]) => (name ? [[name, { row: owner.row, body: owner.body }]] : [])));
