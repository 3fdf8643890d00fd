// OpenAPI Generator (the pinned jar, spec validation on) generates a Go client from each variant:
// it builds and vets, and a Go program calls one operation of each request-part kind against a
// recording server on 127.0.0.1. The generated code goes to a temporary folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  callAndCompare,
  copyGoModule,
  copiesOfTheInput,
  differingFiles,
  missingFor,
  renamedTypes,
  mustRun,
  openQueryDeviation,
  requireTools,
  runsHere,
  tierWorkspace,
  variants,
} from '../support/languages.ts';
import { openApiGenerator } from '../support/openapi-generator.ts';

// Pinned: what the generated client sends for the open query pairs (see openQueryDeviation).
const goDeviations = openQueryDeviation(
  'GET /v1/api-key?pairs[name]=value&pairs[two+words]=a%26b',
  'the go generator sends the object in deepObject style (pairs[name]=value), brackets unencoded',
);
const tier = tierWorkspace('openapi-generator-go');

const go = missingFor(['java', 'go']);
describe.runIf(runsHere('OpenAPI Generator (go)', go))('OpenAPI Generator: go', () => {
  const moduleOf = (variant: string) => path.join(tier.work, `go-${variant}`);

  it('generates the same client from both variants', async () => {
    requireTools(go);
    for (const variant of variants) {
      await copyGoModule(moduleOf(variant));
      await openApiGenerator('go', variant, path.join(moduleOf(variant), 'openapigenerator'));
    }
    expect(await differingFiles(moduleOf(variants[0]), moduleOf(variants[1]), copiesOfTheInput)).toEqual([]);
    expect(await renamedTypes(tier.document, path.join(moduleOf(variants[0]), 'openapigenerator')), 'types renamed by the generator').toEqual([]);
  });

  it('the client builds, vets and sends what the description says', async () => {
    requireTools(go);
    const module = moduleOf(variants[0]);
    const out = path.join(module, 'openapigenerator');
    // One module holds both Go callers: the generated package joins it without a go.mod of its own.
    await fs.rm(path.join(out, 'go.mod'));
    await fs.rm(path.join(out, 'go.sum'));
    await fs.rm(path.join(module, 'cmd', 'call-oapi-codegen'), { recursive: true });
    await mustRun('go', ['build', '-o', 'call', './cmd/call-openapi-generator'], module);
    await mustRun('go', ['vet', './...'], module);
    await callAndCompare(tier.document, async (baseUrl) => (await mustRun(path.join(module, 'call'), [baseUrl], module)).stdout, goDeviations);
  });
});
