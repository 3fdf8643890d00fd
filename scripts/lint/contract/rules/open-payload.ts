// faithful/open-payload: one open payload schema per body, and no other schema: a single resource
// is an object that accepts any property; a list, a delete answer and the error body have no
// stated shape, so no type (faithful/prose holds each schema's description to its wording).
import type { Location, Oas3Rule, UserContext } from '@redocly/openapi-core';
import { type OpenApiDocument, pointer, type Schema } from '../../../openapi-document.ts';
import type { OperationRow } from '../operations.ts';
import { childOf, componentAt, type Located, located, operationRule, reportAt, reportBelow, type SeenOperation } from '../visit.ts';

interface Payload extends Located<Schema> {
  /** Which body: an operation's request or success response, or the shared error response. */
  owner: { row?: OperationRow; kind: 'request' | 'response' | 'error' };
  at: string;
}

/** Every body schema of an operation, where it is written (its `$ref` followed). */
function payloadsOf(ctx: UserContext, seen: SeenOperation): Payload[] {
  const { row, operation, at } = seen;
  const bodies: [string[], Payload['owner']][] = [
    ...(operation.requestBody ? [[['requestBody'], { row, kind: 'request' }] as [string[], Payload['owner']]] : []),
    ...Object.keys(operation.responses ?? {}).map((status): [string[], Payload['owner']] => [
      ['responses', status],
      status === 'default' ? { kind: 'error' } : { row, kind: 'response' },
    ]),
  ];
  return bodies.flatMap(([keys, owner]) => {
    const body = childOf<{ content?: Record<string, unknown> }>(ctx, located(seen), ...keys);
    return Object.keys(body.node?.content ?? {}).map((media) => {
      const schema = childOf<Schema>(ctx, body, 'content', media, 'schema');
      const name = componentAt(schema.location)?.name;
      return { ...schema, owner, at: name ? pointer('components', 'schemas', name) : at(...keys, 'content', media, 'schema') };
    });
  });
}

/** Whose payload it is, in a message: the error body, a request body, one resource, or a list or a delete answer. */
function whoseIs({ owner }: Payload, unstated: boolean): string {
  if (owner.kind === 'error') return 'the error body';
  if (owner.kind === 'request') return `#${owner.row?.n}'s request body`;
  return `#${owner.row?.n}'s payload (${unstated ? 'a list or a delete answer' : 'one resource'})`;
}

/** What the shape of a payload must be, from whose body it is: each key's expectation, checked in turn. */
function checkShape(ctx: UserContext, payload: Payload): void {
  const { node: schema, owner, at } = payload;
  const unstated = owner.kind === 'error' || (owner.kind === 'response' && /^(list|delete)[A-Z]/.test(owner.row?.operationId ?? ''));
  const whose = whoseIs(payload, unstated);
  const typed = schema?.type !== undefined;
  const expectations: [broken: boolean, key: string, message: string][] = [
    [unstated && typed, 'type', `${whose} has no stated shape, so it must have no type`],
    [!unstated && schema?.type !== 'object', 'type', `${whose} must be an object (type: object)`],
    [typed && schema?.additionalProperties !== true, 'additionalProperties', `${whose} must accept any property (additionalProperties: true)`],
    [!typed && schema?.additionalProperties !== undefined, 'additionalProperties', `${whose} must constrain nothing: no additionalProperties without a type`],
  ];
  for (const [broken, key, message] of expectations) if (broken) reportBelow(ctx, payload, [key], message, `${at}/${key}`);
}

export const OpenPayload: Oas3Rule = (options) => {
  /** Each body schema met so far, with the first body it is. */
  const seen = new Map<unknown, Payload>();
  const operations = operationRule((operation, ctx) => {
    for (const payload of payloadsOf(ctx, operation)) {
      const first = seen.get(payload.node);
      if (!first) {
        seen.set(payload.node, payload);
        checkShape(ctx, payload);
      } else if (first.owner.kind !== 'error' || payload.owner.kind !== 'error')
        reportAt(
          ctx,
          payload.location,
          `one named payload schema per body: this one is also the body of ${first.owner.row ? `#${first.owner.row.n}` : 'the error response'}`,
          payload.at,
        );
      if (!/^[A-Z][A-Za-z]+(RequestBody|ResponseBody)$|^ErrorBody$/.test(componentAt(payload.location)?.name ?? 'ErrorBody'))
        checkName(ctx, payload.location, payload.at);
      else checkOwnName(ctx, payload);
    }
  })(options);
  return {
    ...operations,
    Root: {
      // In a bundle, every schema of components is one of those bodies (the dereferenced variant inlines them).
      leave(root, ctx: UserContext) {
        if (options?.variant === 'dereferenced') return;
        const bodies = new Set([...seen.values()].map((payload) => componentAt(payload.location)?.name));
        for (const name of Object.keys((root as OpenApiDocument).components?.schemas ?? {}))
          if (!bodies.has(name))
            reportBelow(
              ctx,
              { node: root, location: ctx.location },
              ['components', 'schemas', name],
              'one named payload schema per body, and no other schema',
              pointer('components', 'schemas', name),
            );
      },
    },
  };
};

/** A request or success body's schema is named after the operation the table names (a rename renames it too). */
function checkOwnName(ctx: UserContext, payload: Payload): void {
  const { row, kind } = payload.owner;
  const name = componentAt(payload.location)?.name;
  if (!row || kind === 'error' || !name) return;
  const expected = `${row.operationId[0].toUpperCase()}${row.operationId.slice(1)}${kind === 'request' ? 'RequestBody' : 'ResponseBody'}`;
  if (name !== expected)
    reportAt(
      ctx,
      payload.location,
      `#${row.n}'s ${kind} body schema is ${name}, but a payload schema is named after its operation (${row.operationId}): ${expected}; rename the component, its file and its $ref`,
      payload.at,
    );
}

function checkName(ctx: UserContext, location: Location, at: string): void {
  reportAt(ctx, location, 'a payload schema is named <OperationId>RequestBody, <OperationId>ResponseBody or ErrorBody', at);
}
