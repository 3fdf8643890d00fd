// Every payload schema stays open (DESIGN.md §1): an object that accepts any property, or, where
// the shape is not stated, a schema that constrains nothing. No field, required, enum or example.
import { beforeAll, describe, expect, it } from 'vitest';
import { operations } from './fixtures/operations.ts';
import { deref, loadBundle, type Json } from './helpers.ts';

let document: Json;
beforeAll(async () => {
  document = await loadBundle();
});

/** Every schema reached from a request or response body, by name. */
function payloadSchemaNames(): string[] {
  const names = new Set<string>();
  for (const row of operations) {
    const operation = document.paths[row.path][row.method];
    const bodies = [operation.requestBody, ...Object.values(operation.responses)].map((b) => deref(document, b)).filter(Boolean);
    for (const body of bodies) {
      for (const media of Object.values(body.content ?? {}) as Json[]) {
        expect(media.schema.$ref, 'payload schemas are named components').toMatch(/^#\/components\/schemas\//);
        names.add(media.schema.$ref.split('/').pop());
      }
    }
  }
  return [...names].sort();
}

describe('open payload schemas', () => {
  it('every named schema is a payload schema, and there is one per request and response body', () => {
    const names = payloadSchemaNames();
    expect(Object.keys(document.components.schemas).sort()).toEqual(names);
    // 29 responses + 4 request bodies + the error body
    expect(names).toHaveLength(34);
  });

  it('each is an open object or constrains nothing, and says so in its description', () => {
    for (const [name, schema] of Object.entries(document.components.schemas) as [string, Json][]) {
      const keys = Object.keys(schema).sort();
      if (schema.type !== undefined) {
        expect(keys, name).toEqual(['additionalProperties', 'description', 'type']);
        expect(schema.type, name).toBe('object');
        expect(schema.additionalProperties, name).toBe(true);
      } else {
        expect(keys, name).toEqual(['description']);
      }
      expect(schema.description, name).toMatch(/does not specify|specifies neither/);
    }
  });

  it('request bodies are open objects', () => {
    for (const row of operations.filter((r) => r.request.endsWith('body'))) {
      const body = deref(document, document.paths[row.path][row.method].requestBody);
      const schema = deref(document, body.content['application/json'].schema);
      expect(schema).toMatchObject({ type: 'object', additionalProperties: true });
    }
  });
});
