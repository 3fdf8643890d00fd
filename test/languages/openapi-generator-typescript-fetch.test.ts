// OpenAPI Generator (the pinned jar, spec validation on) generates a TypeScript client
// (typescript-fetch) from each variant: it compiles with the toolchain's TypeScript, and a program
// calls one operation of each request-part kind, under Node's own fetch, against a recording
// server on 127.0.0.1. The generated code goes to a temporary folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import {
  callAndCompare,
  copiesOfTheInput,
  differingFiles,
  languagesDir,
  missingFor,
  mustRun,
  renamedTypes,
  requireTools,
  reusedWhenSame,
  runsHere,
  tierWorkspace,
  toolVersion,
  variants,
} from '../support/languages.ts';
import { openApiGenerator } from '../support/openapi-generator.ts';
import { tsc } from '../support/run-command.ts';

const tier = tierWorkspace('openapi-generator-typescript-fetch');

const java = missingFor(['java']);
describe.runIf(runsHere('OpenAPI Generator (typescript-fetch)', java))('OpenAPI Generator: typescript-fetch', () => {
  const outOf = (variant: string) => path.join(tier.work, `typescript-fetch-${variant}`);

  it("generates the same client from both variants, and keeps the description's names", async () => {
    requireTools(java);
    for (const variant of variants) await openApiGenerator('typescript-fetch', variant, outOf(variant));
    expect(await differingFiles(outOf(variants[0]), outOf(variants[1]), copiesOfTheInput)).toEqual([]);
    expect(await renamedTypes(tier.document, outOf(variants[0])), 'types renamed by the generator').toEqual([]);
    // Its request-parameter interfaces are named <OperationId>Request: the name the schemas had before 1.0.0.
    expect(await fs.readFile(path.join(outOf(variants[0]), 'apis', 'MessagesAndBatchesApi.ts'), 'utf8')).toContain('export interface SendBatchRequest {');
  });

  it('the client compiles (tsc --strict) and sends what the description says', async () => {
    requireTools(java);
    const out = outOf(variants[0]);
    await fs.copyFile(path.join(languagesDir, 'typescript', 'call-typescript-fetch.ts'), path.join(out, 'call.ts'));
    await fs.symlink(path.join(root, 'node_modules'), path.join(out, 'node_modules'), 'dir');
    const options = ['--strict', '--module', 'commonjs', '--target', 'es2022', '--lib', 'es2022,dom', '--types', 'node', '--outDir', 'dist'];
    const key = [
      await toolVersion(process.execPath, [tsc('typescript'), '--version']),
      ...options,
      { file: path.join(root, 'package-lock.json') },
      { tree: out, ignored: /^node_modules\// },
    ];
    await reusedWhenSame('tsc-typescript-fetch-client', key, out, ['dist'], () =>
      mustRun(process.execPath, [tsc('typescript'), ...options, 'index.ts', 'call.ts'], out),
    );
    await callAndCompare(tier.document, async (baseUrl) => (await mustRun(process.execPath, [path.join(out, 'dist', 'call.js'), baseUrl], out)).stdout);
  });
});
