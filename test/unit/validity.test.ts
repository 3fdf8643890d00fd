// generated/openapi.yaml holds the same document as generated/openapi.json (the contract checks
// the JSON, validity against the OpenAPI 3.1 schema included).
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { checkout, loadBundle } from '../support/helpers.ts';

describe('the bundle in both serialisations', () => {
  it('generated/openapi.yaml holds the same document as generated/openapi.json', async () => {
    const yaml = YAML.parse(await fs.readFile(path.join(checkout.outputDir, 'openapi.yaml'), 'utf8'));
    expect(yaml).toEqual(await loadBundle());
  });
});
