// faithful/closed-world: for every kind of object a description (or its 3.0 or dereferenced variant)
// holds, the keys it may have; any other key (an `x-` extension included) would state a fact the
// interface document does not, and is named by the part it would invent. This rule owns the keys
// and the kind of each value (an object, a list, a text); the values themselves are the other
// rules' (an operationId is faithful/operation-id's, a status faithful/error-response's ...), and so
// are the keys of maps (paths, statuses, media types, component names).
import type { Location, Oas3Rule, UserContext } from '@redocly/openapi-core';
import { httpMethods, isRef } from '../../../openapi-document.ts';
import { componentAt, type FaithfulOptions, reportAt } from '../visit.ts';

/** What a key outside the allow-list would state that the interface document does not. */
const inventions: [RegExp, string][] = [
  [/deprecat|sunset|version|lifecycle/i, 'versioning and deprecation are not shown'],
  [/^(callbacks|webhooks|links)$|webhook|event/i, 'events are not shown'],
  [/^(security|securitySchemes)$|auth|oauth|api-?key|bearer/i, 'authentication is not shown'],
  [/rate|limit|quota|throttl|^(max|min|exclusive)/i, 'limits are not shown'],
  [/^(\d{3}|[1-5]XX)$|error|problem/i, 'errors are not shown'],
  [
    /^(style|explode|allowReserved|allowEmptyValue|encoding|in|headers|content|contentEncoding|contentMediaType)$|header|cookie|media/i,
    'wire format: only what rule 1 states',
  ],
  [
    /^(properties|required|enum|const|format|pattern|items|example|examples|default|type|oneOf|anyOf|allOf|not|nullable|readOnly|writeOnly)$|field/i,
    'fields are not shown',
  ],
  [/^servers$/, 'servers: only {base_url} is stated'],
];

const invention = (key: string) => inventions.find(([pattern]) => pattern.test(key))?.[1] ?? 'not a fact the interface document states';

interface Walk {
  ctx: UserContext;
  variant: NonNullable<FaithfulOptions['variant']>;
  /** The nodes walked already (a component is reached from every place that references it). */
  seen: Set<string>;
}

/** A check of the value at a location. */
type Check = (value: unknown, location: Location, walk: Walk) => void;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 80);

/** Any value: another rule holds it. */
const owned: Check = () => {};

/** A non-empty text: what it says is the prose rules'. */
const text: Check = (value, location, walk) => {
  if (typeof value !== 'string' || value.trim() === '') reportAt(walk.ctx, location, `a non-empty text is allowed here, not ${shown(value)}`);
};

/** An object of `kind` that may have only `keys` (and must have `required`). */
function object(kind: string, keys: Record<string, Check>, required: string[] = []): Check {
  return (value, location, walk) => {
    if (!isObject(value)) return reportAt(walk.ctx, location, `${kind}: an object is allowed here, not ${shown(value)}`);
    for (const [key, child] of Object.entries(value)) {
      const check = keys[key];
      if (check) check(child, location.child([key]), walk);
      else
        reportAt(
          walk.ctx,
          location.child([key]),
          `not stated by the interface document (${invention(key)}): ${kind} may have only ${Object.keys(keys).join(', ')}, not ${JSON.stringify(key)}`,
        );
    }
    for (const key of required) if (!(key in value)) reportAt(walk.ctx, location, `${kind} must have ${key}`);
  };
}

/** A map whose values are each checked by `check(key)`; its keys are another rule's. */
function mapOf(kind: string, check: (key: string) => Check): Check {
  return (value, location, walk) => {
    if (!isObject(value)) return reportAt(walk.ctx, location, `${kind}: an object is allowed here`);
    for (const [key, child] of Object.entries(value)) check(key)(child, location.child([key]), walk);
  };
}

function arrayOf(kind: string, check: Check): Check {
  return (value, location, walk) => {
    if (!Array.isArray(value)) return reportAt(walk.ctx, location, `${kind}: a list is allowed here`);
    value.forEach((item, index) => check(item, location.child([index]), walk));
  };
}

/** A `$ref` to a component of `kind` (any target, without one), walked once where it is; or the object itself. */
function refOr(kind: string | undefined, inline: Check): Check {
  return (value, location, walk) => {
    if (!isRef(value)) return walkOnce(inline, value, location, walk);
    if (walk.variant === 'dereferenced') reportAt(walk.ctx, location, 'the dereferenced variant holds no $ref');
    object('a reference', { $ref: owned })(value, location, walk);
    const target = walk.ctx.resolve(value, location.source.absoluteRef);
    if (!target.location) return; // Redocly's no-unresolved-refs names it
    if (kind !== undefined && componentAt(target.location)?.kind !== kind)
      reportAt(walk.ctx, location, `a reference to one of components.${kind} is allowed here`);
    walkOnce(inline, target.node, target.location, walk);
  };
}

/** `check`, at most once per node: a component is also reached from every reference to it. */
const once =
  (check: Check): Check =>
  (value, location, walk) =>
    walkOnce(check, value, location, walk);

function walkOnce(check: Check, value: unknown, location: Location, walk: Walk): void {
  const id = `${location.source.absoluteRef}${location.pointer}`;
  if (walk.seen.has(id)) return;
  walk.seen.add(id);
  check(value, location, walk);
}

// Schemas: every payload is open: an object that accepts any property, or a schema that constrains nothing.
const payloadSchema = object('a payload schema', { description: owned, type: owned, additionalProperties: owned });
const mediaTypes = mapOf('content', () => object('a media type', { schema: refOr('schemas', payloadSchema) }, ['schema']));
const errorResponse = object('the error response', { description: text, content: mediaTypes }, ['description']);

// Parameters: the two rule 1 states; their values are faithful/shared-parameters'.
const parameter = object('a parameter', { name: owned, in: owned, description: text, required: owned, style: owned, explode: owned, schema: owned });

const operation = object('an operation', {
  tags: owned,
  summary: owned,
  description: owned,
  operationId: owned,
  parameters: arrayOf('parameters', refOr('parameters', parameter)),
  requestBody: object('a request body', { description: text, required: owned, content: mediaTypes }, ['description']),
  responses: mapOf('responses', (status) =>
    status === 'default' ? refOr('responses', errorResponse) : object('a success response', { description: owned, content: mediaTypes }),
  ),
});

const pathItem = object('a path item', {
  ...Object.fromEntries(httpMethods.map((method) => [method, operation])),
  // Each operation names its own: Swagger UI 5 renders a path-level $ref parameter of a 3.1
  // description as a nameless field and sends `{id}` unreplaced (docs/generators.md).
  parameters: (_, location, walk) =>
    reportAt(
      walk.ctx,
      location,
      "path-item parameters: give each operation its parameters (Swagger UI 5 cannot send a path-level $ref parameter: it sends '%7Bid%7D')",
    ),
});

function documentCheck(variant: Walk['variant']): Check {
  const info: Record<string, Check> = { title: text, description: owned, version: owned };
  if (variant !== '3.0') info.summary = text;
  const server = object('the server', {
    url: owned,
    description: text,
    // No description: it only repeated the server's, and a widely used validator (@apidevtools/swagger-parser) refuses it in 3.1.
    variables: object('server variables', { base_url: object('the base_url variable', { default: owned }) }),
  });
  return object(
    'the document',
    {
      openapi: owned,
      info: object('info', info, ['title']),
      servers: arrayOf('servers', server),
      tags: arrayOf('tags', object('a tag', { name: owned, description: owned })),
      paths: mapOf('paths', () => refOr(undefined, pathItem)),
      components: object('components', {
        parameters: mapOf('components.parameters', () => once(parameter)),
        responses: mapOf('components.responses', () => once(errorResponse)),
        schemas: mapOf('components.schemas', () => once(payloadSchema)),
      }),
    },
    ['info'],
  );
}

export const ClosedWorld: Oas3Rule = (options: FaithfulOptions) => ({
  Root: {
    leave(root, ctx: UserContext) {
      const walk: Walk = { ctx, variant: options?.variant ?? 'bundle', seen: new Set() };
      walkOnce(documentCheck(walk.variant), root, ctx.location, walk);
    },
  },
});
