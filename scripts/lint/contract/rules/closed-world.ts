// faithful/closed-world: for every kind of object a description (or its 3.0 or dereferenced variant)
// holds, the keys it may have; any other key (an `x-` extension included) would state a fact the
// interface document does not, and is named by the part it would invent. This rule owns the keys
// and the kind of each value (an object, a list, a text); the values themselves are the other
// rules' (an operationId is faithful/operation-id's, a status faithful/error-response's ...), and so
// are the keys of maps (paths, statuses, media types, component names).
import { componentOf, escapePointerSegment, httpMethods, isRecord, isRef, nodeAt, pointerSegments } from '../../../openapi-document.ts';
import { type View, viewRule } from '../view.ts';

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

/** A check of the value at a pointer of the view. */
type Check = (value: unknown, at: string, view: View) => void;

const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 80);
const below = (at: string, key: string | number) => `${at}/${escapePointerSegment(key)}`;

/** Any value: another rule holds it. */
const owned: Check = () => {};

/** A non-empty text: what it says is the prose rules'. */
const text: Check = (value, at, view) => {
  if (typeof value !== 'string' || value.trim() === '') view.reportPlain(at, `a non-empty text is allowed here, not ${shown(value)}`);
};

/** An object of `kind` that may have only `keys` (and must have `required`). */
function object(kind: string, keys: Record<string, Check>, required: string[] = []): Check {
  return (value, at, view) => {
    if (!isRecord(value)) return view.reportPlain(at, `${kind}: an object is allowed here, not ${shown(value)}`);
    for (const [key, child] of Object.entries(value)) {
      const check = keys[key];
      if (check) check(child, below(at, key), view);
      else
        view.reportPlain(
          below(at, key),
          `not stated by the interface document (${invention(key)}): ${kind} may have only ${Object.keys(keys).join(', ')}, not ${JSON.stringify(key)}`,
        );
    }
    for (const key of required) if (!(key in value)) view.reportPlain(at, `${kind} must have ${key}`);
  };
}

/** A map whose values are each checked by `check(key)`; its keys are another rule's. */
function mapOf(kind: string, check: (key: string) => Check): Check {
  return (value, at, view) => {
    if (!isRecord(value)) return view.reportPlain(at, `${kind}: an object is allowed here`);
    for (const [key, child] of Object.entries(value)) check(key)(child, below(at, key), view);
  };
}

function arrayOf(kind: string, check: Check): Check {
  return (value, at, view) => {
    if (!Array.isArray(value)) return view.reportPlain(at, `${kind}: a list is allowed here`);
    value.forEach((item, index) => check(item, below(at, index), view));
  };
}

/** A `$ref` to a component of `kind` (any, without one: each component is checked under `components`), or the object itself. */
function refOr(kind: string | undefined, inline: Check): Check {
  return (value, at, view) => {
    if (!isRef(value)) return inline(value, at, view);
    if (view.variant === 'dereferenced') view.reportPlain(at, 'the dereferenced variant holds no $ref');
    // A $ref the view could not follow is Redocly's no-unresolved-refs'.
    const resolves = componentOf(value) !== undefined || (value.$ref.startsWith('#') && nodeAt(view.document, value.$ref) !== undefined);
    if (kind !== undefined && resolves && componentOf(value)?.kind !== kind) view.reportPlain(at, `a reference to one of components.${kind} is allowed here`);
  };
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
  // A missing description is faithful/prose's, which writes it (npm run lint -- --fix).
  requestBody: object('a request body', { description: text, required: owned, content: mediaTypes }),
  responses: mapOf('responses', (status) =>
    status === 'default' ? refOr('responses', errorResponse) : object('a success response', { description: owned, content: mediaTypes }),
  ),
});

const pathItem = object('a path item', {
  ...Object.fromEntries(httpMethods.map((method) => [method, operation])),
  // Each operation names its own: Swagger UI 5 renders a path-level $ref parameter of a 3.1
  // description as a nameless field and sends `{id}` unreplaced (docs/generators.md).
  parameters: (_, at, view) =>
    view.reportPlain(
      at,
      "path-item parameters: give each operation its parameters (Swagger UI 5 cannot send a path-level $ref parameter: it sends '%7Bid%7D')",
    ),
});

function documentCheck(variant: View['variant']): Check {
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
        parameters: mapOf('components.parameters', () => parameter),
        responses: mapOf('components.responses', () => errorResponse),
        schemas: mapOf('components.schemas', () => payloadSchema),
      }),
    },
    ['info'],
  );
}

export const ClosedWorld = viewRule((view) => {
  documentCheck(view.variant)(view.document, '#', view);
  for (const location of view.refSiblings) {
    const key = pointerSegments(location.pointer).at(-1) ?? '';
    view.reportAt(location.key(), `not stated by the interface document (${invention(key)}): a reference may have only $ref, not ${JSON.stringify(key)}`);
  }
  for (const { location, component } of view.clashes)
    view.reportAt(
      location.pointer === '#/' ? location : location.key(),
      `a second component named ${component} (a file of openapi/components/ and an entry under components: have the same name): the bundle would keep both, one renamed; rename or remove one`,
    );
});
