// The variants for other consumers: OpenAPI 3.0 (valid against the 3.0 schema, open schemas still
// open) and dereferenced (no $ref); both carry the table's operations with the same operationIds.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../scripts/stated/operations.ts';
import { deref, type Json, openApiValidator, root } from '../support/helpers.ts';

const read = async (file: string): Promise<Json> => JSON.parse(await fs.readFile(path.join(root, 'generated', file), 'utf8'));

function operationIdsOf(document: Json): string[] {
  return Object.entries(document.paths).flatMap(([apiPath, item]) =>
    Object.entries(item as Json)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
      .map(([method, operation]) => `${method} ${apiPath} ${(operation as Json).operationId}`),
  );
}
const expectedIds = operations.map((row) => `${row.method} ${row.path} ${row.operationId}`).sort();

describe.each([
  ['openapi-3.0.json', '3.0'],
  ['openapi.dereferenced.json', '3.1'],
])('generated/%s', (file, version) => {
  it(`is a valid OpenAPI ${version} document`, async () => {
    const validator = await openApiValidator();
    const result = await validator.validate(await read(file));
    expect(result.errors ?? []).toEqual([]);
    expect(validator.version).toBe(version);
  });

  it(`carries the same ${operations.length} operations with the same operationIds, statuses and request bodies`, async () => {
    const variant = await read(file);
    expect(operationIdsOf(variant).sort()).toEqual(expectedIds);
    for (const row of operations) {
      const operation = variant.paths[row.path][row.method];
      expect(Object.keys(operation.responses).sort()).toEqual([row.status, 'default']);
      expect(deref(variant, operation.responses[row.status]).description).toBe(row.label);
      expect(operation.requestBody === undefined).toBe(!row.request.endsWith('body'));
    }
  });

  it('keeps every payload schema open', async () => {
    const variant = await read(file);
    for (const row of operations) {
      const operation = variant.paths[row.path][row.method];
      const schema = deref(variant, deref(variant, operation.responses[row.status]).content['application/json'].schema);
      expect(schema.properties).toBeUndefined();
      expect(schema.required).toBeUndefined();
      if (schema.type !== undefined) expect(schema).toMatchObject({ type: 'object', additionalProperties: true });
    }
  });
});

describe('variant specifics', () => {
  it('the 3.0 variant says 3.0.x and drops what 3.0 has no place for', async () => {
    const v30 = await read('openapi-3.0.json');
    expect(v30.openapi).toMatch(/^3\.0\.\d+$/);
    expect(v30.info.summary).toBeUndefined();
    expect(v30.components.parameters.Id.schema).toEqual({ type: 'string', minLength: 1, not: { enum: ['.', '..'] } });
  });

  it('the dereferenced variant has no $ref at all', async () => {
    const text = await fs.readFile(path.join(root, 'generated', 'openapi.dereferenced.json'), 'utf8');
    expect(text).not.toContain('$ref');
  });

  it('the 3.0 validator rejects a 3.1-only construct (the check can fail)', async () => {
    const v30 = await read('openapi-3.0.json');
    v30.components.schemas.GetApiKeyResponseBody.type = ['object', 'null'];
    expect((await (await openApiValidator()).validate(v30)).valid).toBe(false);
  });
});
