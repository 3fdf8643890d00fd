// What the client cannot carry is refused at the overlay step, at the action that made it, never
// later by a build step: a table of overlay actions and the one line each is refused with (file,
// line, action, target, what, why), in process. The parameters the client does carry pass, and the
// build with overlays refuses through the same check before it writes anything.
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyOverlays } from '../../scripts/overlay/apply-overlay.ts';
import { overlaidDescription } from '../../scripts/overlay/build-overlaid.ts';
import { checkClientSupport, clientProblems } from '../../scripts/overlay/client-support.ts';
import { readOverlay } from '../../scripts/overlay/read-overlay.ts';
import { generateClient } from '../../scripts/pipeline/generate-client.ts';
import { listOperations } from '../../scripts/bundle-operations.ts';
import { parameterRule } from '../../scripts/parameters.ts';
import { checkout, type Json, loadBundle, root } from '../support/helpers.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

/** A parameter of each location: the fixture with the example overlays it completes. */
const parameterOverlays = [
  path.join(root, 'examples', 'overlays', 'paging.yaml'),
  path.join(root, 'examples', 'overlays', 'idempotency.yaml'),
  path.join(root, 'test', 'fixtures', 'overlays', 'parameters.yaml'),
];
const scratch = scratchFolderPerFile('client-support');
let base: Json;
beforeAll(async () => {
  base = await loadBundle();
});
const webhooks = "$.paths['/v1/webhooks'].get";
const sendBatch = "$.paths['/v1/batches/{id}/send'].post";
/** An overlay file whose one action (line 5) updates `target` with `update` (YAML flow text). */
const overlayText = (target: string, update: string) =>
  `overlay: 1.1.0\ninfo: {title: Refused, version: "1"}\nactions:\n  # the action\n  - target: ${target}\n    update: ${update}\n`;
const parameter = (fields: string) => `{parameters: [{name: filter, in: query, description: A filter., ${fields}}]}`;

/** The message the overlay's action is refused with, or undefined when the client carries it. */
async function refusal(target: string, update: string): Promise<string | undefined> {
  const file = path.join(scratch.dir, `${Math.random().toString(36).slice(2)}.yaml`);
  await fs.writeFile(file, overlayText(target, update));
  const { document, applied } = applyOverlays(base, [readOverlay(file, 'acme/x.yaml')]);
  try {
    checkClientSupport(document, applied);
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}

const at = (target: string) => `acme/x.yaml:5: action 1 (target ${target})`;

const refused: { name: string; target: string; update: string; want: string }[] = [
  {
    name: 'a deepObject query parameter',
    target: webhooks,
    update: parameter('style: deepObject, schema: {type: object, properties: {a: {type: string}}}'),
    want: `${at(webhooks)}: GET /v1/webhooks: parameter 'filter' (in query) cannot be carried by the TypeScript client: style deepObject is not one the client sends: OpenAPI 3.1 leaves its encoding of names and nested values undefined; use style form (explode true sends each property as name=value)`,
  },
  {
    name: 'a spaceDelimited object',
    target: webhooks,
    update: parameter('style: spaceDelimited, explode: false, schema: {type: object, additionalProperties: {type: string}}'),
    want: `${at(webhooks)}: GET /v1/webhooks: parameter 'filter' (in query) cannot be carried by the TypeScript client: style spaceDelimited is defined by OpenAPI 3.1 for an array with explode false only; use style form for an object`,
  },
  {
    name: 'a parameter described by content',
    target: webhooks,
    update: parameter("content: {'application/json': {schema: {type: object}}}"),
    want: "parameter 'filter' (in query) cannot be carried by the TypeScript client: a parameter described by `content` (a media type) is not one the client serializes; describe it with `schema` and `style`",
  },
  {
    name: 'an array of objects',
    target: webhooks,
    update: parameter('schema: {type: array, items: {type: object}}'),
    want: 'its items are not of one primitive type (string, number, integer or boolean), and OpenAPI 3.1 does not define how nested values are serialized',
  },
  {
    name: 'a schema with no type',
    target: webhooks,
    update: parameter('schema: {description: anything}'),
    want: 'its schema states no one type',
  },
  {
    name: 'allowReserved',
    target: webhooks,
    update: parameter('allowReserved: true, schema: {type: string}'),
    want: 'allowReserved is not supported: the client percent-encodes every reserved character',
  },
  {
    name: 'an Authorization header parameter',
    target: webhooks,
    update: '{parameters: [{name: Authorization, in: header, description: A token., schema: {type: string}}]}',
    want: "parameter 'Authorization' (in header) cannot be carried by the TypeScript client: OpenAPI ignores a header parameter named Authorization: declare a security scheme (components.securitySchemes) instead",
  },
  {
    name: 'a cookie object',
    target: webhooks,
    update: '{parameters: [{name: prefs, in: cookie, description: Preferences., schema: {type: object, additionalProperties: {type: string}}}]}',
    want: "parameter 'prefs' (in cookie) cannot be carried by the TypeScript client: OpenAPI 3.1 does not define how one cookie carries an object",
  },
  {
    name: 'a header of style form',
    target: webhooks,
    update: '{parameters: [{name: X-Tag, in: header, style: form, description: A tag., schema: {type: string}}]}',
    want: 'style form is not one the client sends in a header parameter (it sends simple)',
  },
  {
    name: 'a request body of another media type',
    target: `${sendBatch}.requestBody.content`,
    update: "{'multipart/form-data': {schema: {type: object}}}",
    want: `${at(`${sendBatch}.requestBody.content`)}: POST /v1/batches/{id}/send: request body cannot be carried by the TypeScript client: the request body has media type multipart/form-data: the client sends application/json only`,
  },
  {
    name: 'a success response of another media type',
    target: `${webhooks}.responses['200'].content`,
    update: "{'text/csv': {schema: {type: string}}}",
    want: `GET /v1/webhooks: 200 response cannot be carried by the TypeScript client: the success response has media type text/csv: the client reads application/json only`,
  },
  {
    name: 'an API key sent as a query parameter',
    target: '$.components',
    update: '{securitySchemes: {AcmeQueryKey: {type: apiKey, in: query, name: api_key, description: A key.}}}',
    want: "security scheme 'AcmeQueryKey' (an API key in the query) cannot be carried by the TypeScript client: the client sends a credential as a header only",
  },
  {
    name: 'the http basic scheme',
    target: '$.components',
    update: '{securitySchemes: {AcmeBasic: {type: http, scheme: basic, description: A user and password.}}}',
    want: "security scheme 'AcmeBasic' (the http scheme basic) cannot be carried by the TypeScript client",
  },
  {
    name: 'a path parameter name that would be code in the client (linters accept it: they only read [A-Za-z0-9_.-] names)',
    target: '$.paths',
    update:
      '{"/v1/probe/{a: `}/{x: import(1), y: `}": {get: {tags: [Quotas], summary: Probe, description: Probe., operationId: getProbe, responses: {"200": {description: OK, content: {application/json: {schema: {$ref: "#/components/schemas/ListQuotasResponseBody"}}}}}}}}',
    want: `${at('$.paths')}: GET /v1/probe/{a: \`}/{x: import(1), y: \`}: its path cannot be carried by the TypeScript client: the path template "/v1/probe/{a: \`}/{x: import(1), y: \`}" names a parameter "a: \`" that is not an identifier`,
  },
  {
    name: 'a path parameter named with a dash (refused by name, not by 30 TypeScript errors)',
    target: '$.paths',
    update:
      '{"/v1/probe/{a-b}": {get: {tags: [Quotas], summary: Probe, description: Probe., operationId: getProbe, parameters: [{name: a-b, in: path, required: true, schema: {type: string}}], responses: {"200": {description: OK, content: {application/json: {schema: {$ref: "#/components/schemas/ListQuotasResponseBody"}}}}}}}}',
    want: `${at('$.paths')}: GET /v1/probe/{a-b}: its path cannot be carried by the TypeScript client: the path template "/v1/probe/{a-b}" names a parameter "a-b" that is not an identifier`,
  },
  {
    name: 'the shared id typed as a number (the client takes and sends it as a string)',
    target: '$.components.parameters.Id.schema',
    update: '{type: integer}',
    want: `${at('$.components.parameters.Id.schema')}: GET /v1/unsubscribe-groups/{id}: parameter 'id' (in path) cannot be carried by the TypeScript client: the client sends a path parameter as one string segment, so its schema must be type: string; to say 'id' holds digits, keep type: string and add a pattern such as '^[0-9]+$'`,
  },
];

describe.each(refused)('refused at the action: $name', ({ target, update, want }) => {
  it('names the overlay file, the line and the action, and says why and what to write', async () => {
    const message = await refusal(target, update);
    expect(message).toContain(want);
    expect(message).toMatch(/^acme\/x\.yaml:5: action 1 \(target /);
    expect(message).not.toContain('\n');
  });
});

describe('carried', () => {
  it.each([
    ['a query integer', parameter('schema: {type: integer}')],
    ['a pipeDelimited array', parameter('style: pipeDelimited, explode: false, schema: {type: array, items: {type: string}}')],
    ['a form object, not exploded', parameter('explode: false, schema: {type: object, properties: {a: {type: string}, b: {type: integer}}}')],
    ['a header array', '{parameters: [{name: X-Tags, in: header, description: Tags., schema: {type: array, items: {type: string}}}]}'],
    ['a response header', "{responses: {'200': {headers: {X-Next-Cursor: {description: The next page., schema: {type: string}}}}}}"],
    ['an error response of another media type', "{responses: {'404': {description: Not found., content: {'text/plain': {schema: {type: string}}}}}}"],
  ])('%s', async (_name, update) => {
    expect(await refusal(webhooks, update)).toBeUndefined();
  });

  // Found by the review of issue 52 (finding 3): `reservedHeaders[name]` found Object's own `constructor` for a header
  // named Constructor ("cannot be carried by the TypeScript client: function Object() { [native code] }").
  it.each(['Constructor', 'toString', 'hasOwnProperty', '__proto__'])('a header parameter named %s: no reserved header, whatever an object has', (name) => {
    expect(parameterRule(base, { name, in: 'header', schema: { type: 'string' } })).toMatchObject({ name, in: 'header', style: 'simple' });
  });

  it('the fixture with a parameter of each location: nothing to refuse, and the generators list each', async () => {
    const { document } = applyOverlays(
      base,
      parameterOverlays.map((file) => readOverlay(file, path.basename(file))),
    );
    expect(clientProblems(document)).toEqual([]);
    const parameters = Object.fromEntries(listOperations(document).map((operation) => [operation.operationId, operation.parameters]));
    expect(parameters.listWebhooks.map((p: Json) => [p.name, p.in, p.style, p.explode, p.shape, p.type])).toEqual([
      ['cursor', 'query', 'form', true, 'primitive', 'string'],
      ['tags', 'query', 'form', false, 'array', 'string'],
      ['session', 'cookie', 'form', true, 'primitive', 'string'],
    ]);
    expect(parameters.sendBatch.map((p: Json) => [p.name, p.in, p.required])).toEqual([['Idempotency-Key', 'header', true]]);
  });

  it('open query pairs beside a header parameter stay the pairs themselves in the function, the header beside them', async () => {
    const file = path.join(scratch.dir, 'pairs-and-header.yaml');
    await fs.writeFile(
      file,
      overlayText("$.paths['/v1/api-key'].get", '{parameters: [{name: X-Trace, in: header, description: A trace., schema: {type: string}}]}'),
    );
    const { document } = applyOverlays(base, [readOverlay(file, 'x.yaml')]);
    expect(listOperations(document).find((operation) => operation.operationId === 'getApiKey')?.openQuery).toBe(true);
    const client = generateClient(document);
    expect(client).toContain(
      `export async function getApiKey(client: EmailDeliveryClient, args: { query?: Record<string, string>; header?: NonNullable<operations["getApiKey"]['parameters']["header"]> } = {}`,
    );
    expect(client).toContain('params: { query: { pairs: args.query }, header: args.header }');
  });

  it('the description itself has nothing the client cannot carry', () => {
    expect(clientProblems(base)).toEqual([]);
  });
});

describe('the shared id typed by an overlay', () => {
  it('a format or a pattern is carried, and the change report names it for each operation with an id', async () => {
    const file = path.join(scratch.dir, 'uuid.yaml');
    await fs.writeFile(file, overlayText('$.components.parameters.Id.schema', '{format: uuid}'));
    expect(await refusal('$.components.parameters.Id.schema', '{format: uuid}')).toBeUndefined();
    const overlaid = await overlaidDescription(checkout, { overlays: [file], out: '', shownAs: () => 'acme/uuid.yaml' }, base);
    const withId = listOperations(base)
      .filter((operation) => operation.pathParameters.includes('id'))
      .map((operation) => operation.operationId);
    expect(overlaid.changesText).toContain(
      `${withId.join(', ')}: path parameter \`id\`: a caller must send it as string, uuid (it was string) (can break a caller)`,
    );
  });
});

describe('the build with overlays', () => {
  it('refuses at the overlay step, after the standard lint, through the same check', async () => {
    const file = path.join(scratch.dir, 'deep.yaml');
    await fs.writeFile(file, overlayText(webhooks, parameter('style: deepObject, explode: true, schema: {type: object, properties: {a: {type: string}}}')));
    await expect(overlaidDescription(checkout, { overlays: [file], out: '', shownAs: () => 'acme/deep.yaml' }, base)).rejects.toThrow(
      /^acme\/deep\.yaml:5: action 1 \(target \$\.paths\['\/v1\/webhooks'\]\.get\): GET \/v1\/webhooks: parameter 'filter' \(in query\) cannot be carried by the TypeScript client: style deepObject/,
    );
  });
});
