// The payload schemas of a description and whose body each is: faithful/open-payload holds each
// one's shape and name, the prose rule its description to the wording of its kind
// (scripts/stated/open-wordings.ts).
import { componentOf, deref, type OpenApiDocument, type Operation, pointer, type Referenced, type Response, type Schema } from '../../openapi-document.ts';
import { type OperationRow } from '../../stated/operations.ts';
import { operationsOf, type SeenOperation } from './described-operations.ts';

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

/** Each body schema of `operation` (its request's, each response's): the keys below the operation, its media type, the schema. */
function bodySchemas(document: OpenApiDocument, operation: Operation): { keys: string[]; media: string; node: unknown }[] {
  const bodies: [string[], Referenced<{ content?: Response['content'] }> | undefined][] = [
    [['requestBody'], operation.requestBody],
    ...Object.entries(operation.responses ?? {}).map(([status, response]): [string[], Response] => [['responses', status], response]),
  ];
  return bodies.flatMap(([keys, body]) =>
    Object.entries(deref(document, body)?.content ?? {}).map(([media, content]) => ({ keys, media, node: content?.schema })),
  );
}

/** Whether the table has the operation, under its operationId: lint judges a renamed one's schemas once faithful/operation-id is mended; an overlay may rename it (`renamed`). */
const inTable = ({ row, operation }: Pick<SeenOperation, 'row' | 'operation'>, renamed = false) =>
  !!row && (renamed || row.operationId === operation.operationId);

/** Whose body is below `keys`: the request's, the success response's, or the error body (the shared default: no one operation's). */
const ownerAt = (row: OperationRow | undefined, [key, status]: string[]): Payload['owner'] =>
  key === 'requestBody'
    ? { row, body: 'request', kind: 'request' }
    : status === 'default'
      ? { body: 'response', kind: 'error' }
      : { row, body: 'response', kind: 'response' };

/** Every body schema of the table's operations (under their operationId, unless `renamed`), in document order. */
export const payloadsOf = (document: OpenApiDocument, renamed = false): Payload[] =>
  operationsOf(document)
    .filter((seen) => inTable(seen, renamed))
    .flatMap(({ row, operation, at }) =>
      bodySchemas(document, operation).map(({ keys, media, node }) => {
        const [name, place] = [componentOf(node)?.name, at(...keys, 'content', media, 'schema')];
        const schema = deref(document, node as Referenced<Schema> | undefined);
        return { owner: ownerAt(row, keys), name, schema, at: name ? pointer('components', 'schemas', name) : place, place };
      }),
    );

/** The schemas the bodies of operations not in the table (or under another operationId) name: faithful/operations (or operation-id) names those operations. */
export const unlistedSchemas = (document: OpenApiDocument): (string | undefined)[] =>
  operationsOf(document).flatMap((seen) => (inTable(seen) ? [] : bodySchemas(document, seen.operation).map(({ node }) => componentOf(node)?.name)));

/** The name a request or success body's schema has: after its operation (`GetApiKeyResponseBody`). */
export const ownName = ({ row, kind }: Pick<Payload['owner'], 'row' | 'kind'>): string | undefined =>
  row && kind !== 'error' ? `${row.operationId[0].toUpperCase()}${row.operationId.slice(1)}${kind === 'request' ? 'RequestBody' : 'ResponseBody'}` : undefined;

/**
 * The body schemas, each with the bodies that use it: its owner first (the body it is named
 * after, else the first), then any other that uses it too (faithful/open-payload names those).
 */
export function payloadsBySchema(document: OpenApiDocument, renamed = false): Payload[][] {
  const bySchema = new Map<unknown, Payload[]>();
  for (const payload of payloadsOf(document, renamed)) bySchema.set(payload.schema ?? payload, [...(bySchema.get(payload.schema ?? payload) ?? []), payload]);
  return [...bySchema.values()].map((bodies) => {
    const owner = bodies.find((payload) => payload.name !== undefined && ownName(payload.owner) === payload.name) ?? bodies[0];
    return [owner, ...bodies.filter((payload) => payload !== owner)];
  });
}

/** Every schema a request or response body names, by name, with whose body it is (its owner, where two share one). */
export const payloadSchemaOwners = (document: OpenApiDocument, { renamed = false } = {}): Map<string, PayloadOwner> =>
  new Map(payloadsBySchema(document, renamed).flatMap(([{ name, owner }]) => (name ? [[name, { row: owner.row, body: owner.body }]] : [])));
