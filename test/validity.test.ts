// The bundle validates against the official OpenAPI 3.1 JSON Schema.
import { describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import YAML from 'yaml';
import fs from 'node:fs/promises';
import path from 'node:path';
import { loadBundle, root } from './helpers.ts';

describe('validity', () => {
  it('generated/openapi.json is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(await loadBundle());
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('generated/openapi.yaml holds the same document as generated/openapi.json', async () => {
    const yaml = YAML.parse(await fs.readFile(path.join(root, 'generated', 'openapi.yaml'), 'utf8'));
    expect(yaml).toEqual(await loadBundle());
  });

  it('the validator rejects a broken document (the check can fail)', async () => {
    const broken = await loadBundle();
    broken.paths['/v1/scopes'].get.responses = 'OK';
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });
});
