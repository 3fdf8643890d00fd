// The contract: generated/openapi.json holds exactly the 29 operations of the interface
// document, as the hand-written table in fixtures/operations.ts states them, and nothing else.
import { beforeAll, describe, expect, it } from 'vitest';
import { areas, operations, type OperationRow } from './fixtures/operations.ts';
import { deref, loadBundle, type Json } from './helpers.ts';

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
let document: Json;
beforeAll(async () => {
  document = await loadBundle();
});

function operationOf(row: OperationRow): Json {
  return document.paths[row.path]?.[row.method];
}

/** Path-level and operation-level parameters together, $refs followed. */
function parametersOf(row: OperationRow): Json[] {
  const pathItem = document.paths[row.path];
  return [...(pathItem.parameters ?? []), ...(operationOf(row).parameters ?? [])].map((p: Json) => deref(document, p));
}

describe.each(operations)('#$n $method $path', (row) => {
  it('is present, once, with its operationId and its area as its only tag', () => {
    const operation = operationOf(row);
    expect(operation).toBeDefined();
    expect(operation.operationId).toBe(row.operationId);
    expect(operation.tags).toEqual([row.area]);
  });

  it(`answers ${row.status} ${row.label} and otherwise only the shared default response`, () => {
    const responses = operationOf(row).responses;
    expect(Object.keys(responses).sort()).toEqual([row.status, 'default']);
    const success = deref(document, responses[row.status]);
    expect(success.description).toBe(row.label);
    expect(Object.keys(success.content)).toEqual(['application/json']);
    expect(success.content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\/[A-Z][A-Za-z]+$/);
    expect(success.headers).toBeUndefined();
    expect(responses.default.$ref).toBe('#/components/responses/Error');
  });

  it(`has the request part of rule 1: ${row.request}`, () => {
    const operation = operationOf(row);
    const parameters = parametersOf(row);
    const hasId = row.path.includes('{id}');
    expect(hasId).toBe(row.request.startsWith('id'));

    const idParameters = parameters.filter((p) => p.in === 'path');
    if (hasId) {
      expect(idParameters).toEqual([document.components.parameters.Id]);
    } else {
      expect(idParameters).toEqual([]);
    }

    const queryParameters = parameters.filter((p) => p.in === 'query');
    if (row.request === 'query') {
      expect(queryParameters).toEqual([document.components.parameters.OpenQuery]);
    } else {
      expect(queryParameters).toEqual([]);
    }
    expect(parameters.filter((p) => p.in === 'header' || p.in === 'cookie')).toEqual([]);

    if (row.request === 'id+optional-body' || row.request === 'required-body') {
      const body = deref(document, operation.requestBody);
      expect(body.required).toBe(row.request === 'required-body');
      expect(Object.keys(body.content)).toEqual(['application/json']);
      expect(body.content['application/json'].schema.$ref).toMatch(/^#\/components\/schemas\/[A-Z][A-Za-z]+Request$/);
    } else {
      expect(operation.requestBody).toBeUndefined();
    }
  });

  it('declares no security requirement, callback or extra server', () => {
    const operation = operationOf(row);
    expect(operation.security).toBeUndefined();
    expect(operation.callbacks).toBeUndefined();
    expect(operation.servers).toBeUndefined();
  });
});

describe('nothing beyond the 29 operations', () => {
  it('has exactly the 29 method and path pairs of the table', () => {
    const found = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.keys(item as Json)
        .filter((key) => methods.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = operations.map((row) => `${row.method.toUpperCase()} ${row.path}`);
    expect(found.sort()).toEqual(expected.sort());
    expect(new Set(found).size).toBe(29);
  });

  it('has unique operationIds', () => {
    expect(new Set(operations.map((row) => row.operationId)).size).toBe(29);
  });

  it('uses the /v1/ prefix everywhere but #11 and #12, which use /v2/', () => {
    for (const path of Object.keys(document.paths)) {
      const row = operations.find((r) => r.path === path)!;
      expect(path.startsWith(row.n === 11 || row.n === 12 ? '/v2/' : '/v1/')).toBe(true);
    }
  });

  it('declares no security, security schemes or webhooks', () => {
    expect(document.security).toBeUndefined();
    expect(document.components.securitySchemes).toBeUndefined();
    expect(document.webhooks).toBeUndefined();
  });

  it('shares the id parameter: required string, not empty, not . or ..', () => {
    expect(document.components.parameters.Id).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
      schema: { type: 'string', minLength: 1, not: { enum: ['.', '..'] } },
    });
    expect(document.components.parameters.Id.schema.format).toBeUndefined();
  });

  it('shares the open query parameters: any name=value pairs, sent as plain pairs', () => {
    expect(document.components.parameters.OpenQuery).toMatchObject({
      in: 'query',
      required: false,
      style: 'form',
      explode: true,
      schema: { type: 'object', additionalProperties: { type: 'string' } },
    });
  });

  it('declares one tag per area, with a description, in the document order', () => {
    expect(document.tags.map((tag: Json) => tag.name)).toEqual([...areas]);
    for (const tag of document.tags) expect(tag.description).toMatch(/\S/);
  });

  it('has one server, {base_url}, defaulting to the local mock on 127.0.0.1', () => {
    expect(document.servers).toHaveLength(1);
    expect(document.servers[0].url).toBe('{base_url}');
    expect(document.servers[0].variables.base_url.default).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('is OpenAPI 3.1 with a semver info.version and an overview of what is specified and open', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    for (const part of ['What the service does', 'Resources and their fields', 'States and transitions', 'Endpoints', 'Authentication', 'Events', 'Errors', 'Limits', 'Versioning']) {
      expect(document.info.description).toContain(`| ${part} |`);
    }
  });

  it('has summaries, descriptions naming the operation number, and no examples anywhere', () => {
    for (const row of operations) {
      const operation = operationOf(row);
      expect(operation.summary).toMatch(/^[A-Z][^.]*[^.]$/);
      expect(operation.description).toContain(`Operation #${row.n} of the interface document`);
    }
    expect(JSON.stringify(document)).not.toMatch(/"examples?"\s*:/);
  });
});
