// The closed world: for every kind of object a bundle (or its 3.0 or dereferenced variant) holds,
// the keys it may have and the values each may take, from the interface document and the
// encoding docs/faithfulness.md describes.
// The walk covers the whole document; any other key (an `x-` extension included) or any other value
// is a breach, named by its JSON pointer and by the part of the interface document it would invent.
// The operations table (operations.ts) holds the facts per operation; contract.ts checks those.
import { type Json, pointer } from '../../openapi-document.ts';
import { areas, operations } from './operations.ts';

/** Which document is walked: the values differ only in the version and what 3.0 cannot hold. */
export type Variant = 'bundle' | '3.0' | 'dereferenced';

/** What a key or value outside the allow-list would state that the interface document does not. */
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
];

/** The part of the interface document a key (or the value at it) would invent. */
function invention(key: string): string {
  return inventions.find(([pattern]) => pattern.test(key))?.[1] ?? 'not a fact the interface document states';
}

/** A check of the value at a pointer; it records breaches through `breach`. */
type Check = (value: Json, at: string[], walk: Walk) => void;

interface Walk {
  variant: Variant;
  breach(at: string[], message: string): void;
}

const where = (at: string[]) => pointer(...at);

/** Any text: what it says is the prose rules' (prose.ts). */
const text: Check = (value, at, walk) => {
  if (typeof value !== 'string' || value.trim() === '') walk.breach(at, `a non-empty text is allowed here, not ${JSON.stringify(value)}`);
};

/** Exactly `allowed` (deep-equal by JSON text). */
const exactly =
  (allowed: unknown): Check =>
  (value, at, walk) => {
    if (JSON.stringify(value) !== JSON.stringify(allowed))
      walk.breach(at, `${JSON.stringify(value)} is not allowed (${invention(at.at(-1) ?? '')}); allowed: ${JSON.stringify(allowed)}`);
  };

const oneOf =
  (allowed: unknown[]): Check =>
  (value, at, walk) => {
    if (!allowed.some((a) => JSON.stringify(a) === JSON.stringify(value)))
      walk.breach(at, `${JSON.stringify(value)} is not allowed (${invention(at.at(-1) ?? '')}); allowed: ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
  };

const matching =
  (pattern: RegExp, what: string): Check =>
  (value, at, walk) => {
    if (typeof value !== 'string' || !pattern.test(value)) walk.breach(at, `${JSON.stringify(value)} is not allowed; allowed: ${what}`);
  };

/** An object of `kind`: each key must be in `keys` (those marked required must be there). */
function object(kind: string, keys: Record<string, Check>, required: string[] = []): Check {
  return (value, at, walk) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return walk.breach(at, `${kind}: an object is allowed here, not ${JSON.stringify(value)}`);
    for (const [key, child] of Object.entries(value)) {
      const check = keys[key];
      if (check) check(child, [...at, key], walk);
      else walk.breach([...at, key], `not stated by the interface document (${invention(key)}): ${kind} may have only ${Object.keys(keys).join(', ')}`);
    }
    for (const key of required) if (!(key in value)) walk.breach([...at, key], `${kind} must have ${key}`);
  };
}

/** A map whose keys are from `allowedKeys` (a list or a test), each value checked by `check`. */
function mapOf(kind: string, allowedKeys: string[] | ((key: string, at: string[]) => boolean), check: (key: string) => Check, describe?: string): Check {
  return (value, at, walk) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return walk.breach(at, `${kind}: an object is allowed here`);
    for (const [key, child] of Object.entries(value)) {
      const allowed = Array.isArray(allowedKeys) ? allowedKeys.includes(key) : allowedKeys(key, at);
      if (allowed) check(key)(child, [...at, key], walk);
      else
        walk.breach(
          [...at, key],
          `not stated by the interface document (${invention(key)}): ${kind} may hold only ${describe ?? (Array.isArray(allowedKeys) ? allowedKeys.join(', ') : 'what the table states')}`,
        );
    }
  };
}

function arrayOf(kind: string, check: Check, length?: number): Check {
  return (value, at, walk) => {
    if (!Array.isArray(value)) return walk.breach(at, `${kind}: a list is allowed here`);
    if (length !== undefined && value.length !== length) walk.breach(at, `${kind}: ${length} allowed, found ${value.length}`);
    value.forEach((item, index) => check(item, [...at, String(index)], walk));
  };
}

/** A `$ref` to one of `targets`, or (in the dereferenced variant, where refs are inlined) the object itself. */
function refOr(targets: string[], inline: Check): Check {
  return (value, at, walk) => {
    if (value && typeof value === 'object' && '$ref' in value) {
      if (walk.variant === 'dereferenced') walk.breach(at, 'the dereferenced variant holds no $ref');
      object('a reference', { $ref: oneOf(targets) }, ['$ref'])(value, at, walk);
    } else inline(value, at, walk);
  };
}

// Schemas. Every payload is open: an object that accepts any property, or (a collection or delete
// answer of unstated shape, the error body) a schema that constrains nothing.
const openObjectSchema = object('a payload schema', { description: text, type: exactly('object'), additionalProperties: exactly(true) }, ['description']);
const payloadSchemaNames = (document: Json) => Object.keys(document.components?.schemas ?? {});
const payloadSchema = (document: Json) =>
  refOr(
    payloadSchemaNames(document).map((name) => `#/components/schemas/${name}`),
    openObjectSchema,
  );

// Parameters: the two rule 1 states. Their serialization is pinned whole (wire format).
const idSchema = exactly({ type: 'string', minLength: 1, not: { enum: ['.', '..'] } });
const idParameter = object('the id parameter', { name: exactly('id'), in: exactly('path'), description: text, required: exactly(true), schema: idSchema }, [
  'name',
  'in',
  'required',
  'schema',
]);
const openQueryParameter = object(
  'the open query parameter',
  {
    name: exactly('pairs'),
    in: exactly('query'),
    description: text,
    required: exactly(false),
    style: exactly('form'),
    explode: exactly(true),
    schema: exactly({ type: 'object', additionalProperties: { type: 'string' } }),
  },
  ['name', 'in', 'style', 'explode', 'schema'],
);
const parameter: Check = (value, at, walk) => (value?.in === 'query' ? openQueryParameter : idParameter)(value, at, walk);
const parameterSlot = refOr(['#/components/parameters/Id', '#/components/parameters/OpenQuery'], parameter);

const mediaTypes = (document: Json) => mapOf('content', ['application/json'], () => object('a media type', { schema: payloadSchema(document) }, ['schema']));
const errorResponse = (document: Json) => object('the error response', { description: text, content: mediaTypes(document) }, ['description', 'content']);

function operationCheck(document: Json, path: string, method: string): Check {
  const row = operations.find((r) => r.path === path && r.method === method);
  const statuses = row ? [row.status, 'default'] : ['default'];
  const response = (status: string) =>
    status === 'default'
      ? refOr(['#/components/responses/ErrorResponse'], errorResponse(document))
      : object('a success response', { description: exactly(row?.label), content: mediaTypes(document) }, ['description', 'content']);
  return object(
    'an operation',
    {
      tags: arrayOf('tags', oneOf([...areas]), 1),
      summary: text,
      description: text,
      operationId: exactly(row?.operationId),
      parameters: arrayOf('parameters', parameterSlot),
      requestBody: object('a request body', { description: text, required: oneOf([true, false]), content: mediaTypes(document) }, [
        'description',
        'required',
        'content',
      ]),
      responses: mapOf('responses', statuses, response, `the success status the table states (${row?.status}) and default`),
    },
    ['tags', 'summary', 'description', 'operationId', 'responses'],
  );
}

function pathItemCheck(document: Json, path: string): Check {
  const methods = operations.filter((r) => r.path === path).map((r) => r.method);
  const keys: Record<string, Check> = Object.fromEntries(methods.map((method) => [method, operationCheck(document, path, method)]));
  if (path.includes('{id}')) keys.parameters = arrayOf('path-item parameters', parameterSlot);
  return object(`the path item ${path}`, keys);
}

function documentCheck(document: Json, variant: Variant): Check {
  const paths = [...new Set(operations.map((r) => r.path))];
  const info: Record<string, Check> = { title: text, description: text, version: matching(/^\d+\.\d+\.\d+$/, 'a semver version of this description') };
  if (variant !== '3.0') info.summary = text;
  const components: Record<string, Check> = {
    parameters: mapOf('components.parameters', ['Id', 'OpenQuery'], (name) => (name === 'Id' ? idParameter : openQueryParameter)),
    responses: mapOf('components.responses', ['ErrorResponse'], () => errorResponse(document)),
    schemas: mapOf(
      'components.schemas',
      (name) => /^[A-Z][A-Za-z]+(RequestBody|ResponseBody)$|^ErrorBody$/.test(name),
      () => openObjectSchema,
      'one open schema per payload, named <operationId>RequestBody, <operationId>ResponseBody or ErrorBody',
    ),
  };
  return object(
    'the document',
    {
      openapi: variant === '3.0' ? exactly('3.0.3') : matching(/^3\.1\.\d+$/, 'OpenAPI 3.1.x'),
      info: object('info', info, ['title', 'version']),
      servers: arrayOf(
        'servers',
        object(
          'the server',
          {
            url: exactly('{base_url}'),
            description: text,
            variables: object('server variables', {
              base_url: object(
                'the base_url variable',
                { default: matching(/^http:\/\/127\.0\.0\.1:\d+$/, 'the local mock on 127.0.0.1'), description: text },
                ['default'],
              ),
            }),
          },
          ['url', 'variables'],
        ),
        1,
      ),
      tags: arrayOf('tags', object('a tag', { name: oneOf([...areas]), description: text }, ['name', 'description']), areas.length),
      paths: mapOf('paths', paths, (path) => pathItemCheck(document, path), 'the 29 operations of the Endpoints table'),
      components: object('components', components),
    },
    ['openapi', 'info', 'servers', 'tags', 'paths'],
  );
}

/** Every place `document` leaves the allow-list, as `{ pointer, message }`. */
export function allowListBreaches(document: Json, variant: Variant = 'bundle'): { pointer: string; message: string }[] {
  const found: { pointer: string; message: string }[] = [];
  documentCheck(document, variant)(document, [], { variant, breach: (at, message) => found.push({ pointer: where(at), message }) });
  return found;
}
