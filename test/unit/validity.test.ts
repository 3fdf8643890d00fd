// The bundle is a valid OpenAPI 3.1 document (the contract holds it to the interface document;
// this holds it to the OpenAPI schema, with a validator from outside both linters), and
// generated/openapi.yaml holds the same document as generated/openapi.json.
import fs from 'node:fs/promises';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { checkout, loadBundle, openApiValidator } from '../support/helpers.ts';

describe('the bundle against the OpenAPI 3.1 schema', () => {
  it('is valid', async () => {
    const result = await (await openApiValidator()).validate(await loadBundle());
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('is not, once a response is not an object (the check can fail)', async () => {
    const bundle = await loadBundle();
    bundle.paths['/v1/webhooks'].get.responses = 'OK';
    expect((await (await openApiValidator()).validate(bundle)).valid).toBe(false);
  });
});

// One of the most installed validators, which many users run before anything else: its 3.1 schema
// refused a server variable's `description` (a bug of its own, but the description only repeated
// the server's, and is not written any more).
describe('@apidevtools/swagger-parser', () => {
  it.each(['openapi.json', 'openapi.yaml', 'openapi.dereferenced.json'])('validates generated/%s', async (file) => {
    await expect(SwaggerParser.validate(path.join(checkout.outputDir, file))).resolves.toMatchObject({ openapi: '3.1.0' });
  });

  it('refuses a document it must (the check can fail)', async () => {
    const bundle = await loadBundle();
    bundle.paths['/v1/webhooks'].get.responses = 'OK';
    await expect(SwaggerParser.validate(bundle)).rejects.toThrow();
  });
});

describe('the bundle in both serialisations', () => {
  it('generated/openapi.yaml holds the same document as generated/openapi.json', async () => {
    const yaml = YAML.parse(await fs.readFile(path.join(checkout.outputDir, 'openapi.yaml'), 'utf8'));
    expect(yaml).toEqual(await loadBundle());
  });
});
