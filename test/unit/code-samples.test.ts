// The code samples of the rendered docs, made from the bundle: a TypeScript, a Python, a Go and a
// curl sample per operation, and every TypeScript sample compiles (strict, NodeNext) against the
// package, as a consumer who installed it would compile it. The compiler runs in this process. (That
// the page shows them is checked in the browser, in the end-to-end tier; the Python and Go samples
// are type-checked against the committed SDKs in the languages tier.)
import fs from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { sampleLanguages } from '../../scripts/pipeline/sdk-samples.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientPackage, sampleLineWidth, withCodeSamples } from '../../scripts/pipeline/code-samples.ts';
import { type Json, loadBundle, root } from '../support/helpers.ts';
import { operations } from '../../scripts/stated/operations.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

let work: string;
let described: Json;

beforeAll(async () => {
  described = withCodeSamples(await loadBundle());
  work = await makeScratchFolder('samples');
  // A consumer project where the package name resolves to this checkout, as npm would link it.
  await fs.mkdir(path.join(work, 'node_modules'), { recursive: true });
  await fs.symlink(root, path.join(work, 'node_modules', clientPackage), 'dir');
  await fs.writeFile(path.join(work, 'package.json'), JSON.stringify({ name: 'samples', private: true, type: 'module' }));
});

afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true });
});

function samplesOf(method: string, apiPath: string): { lang: string; label: string; source: string }[] {
  return described.paths[apiPath][method]['x-codeSamples'] ?? [];
}

/** Type-checks `files` in the consumer project; one line per error. */
async function typecheck(files: Record<string, string>): Promise<string[]> {
  for (const [file, source] of Object.entries(files)) await fs.writeFile(path.join(work, file), source);
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    strict: true,
    noEmit: true,
    types: [],
    skipLibCheck: true,
  };
  const program = ts.createProgram(
    Object.keys(files).map((file) => path.join(work, file)),
    options,
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file ? path.basename(d.file.fileName) : ''} TS${d.code}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
}

describe('code samples', () => {
  it('the bundle itself stays clean: samples go on a copy', async () => {
    expect(JSON.stringify(await loadBundle())).not.toContain('x-codeSamples');
  });

  it('every operation has a TypeScript sample that calls it through the client, one through each SDK (sampleLanguages), and a curl sample', () => {
    for (const row of operations) {
      const samples = samplesOf(row.method, row.path);
      expect(samples.map((sample) => sample.label)).toEqual(['TypeScript', ...sampleLanguages.map((language) => language.label), 'curl']);
      const [typescript, python, go] = samples;
      const curl = samples.at(-1)!;
      expect(python.source).toContain(`client.${row.operationId.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}(`);
      expect(go.source).toContain(`data, err := c.${row.operationId[0].toUpperCase()}${row.operationId.slice(1)}(`);
      // Each SDK's sample names the operation's method, in its language's case.
      for (const sample of samples.slice(1, -1))
        expect(sample.source.replaceAll('_', '').toLowerCase(), sample.label).toMatch(new RegExp(`(\\.|->)${row.operationId.toLowerCase()}\\b`));
      expect(typescript.source).toContain(`import {\n  createEmailDeliveryClient,\n  ${row.operationId},\n} from '${clientPackage}';\n`);
      expect(typescript.source).toContain(`await ${row.operationId}(client`);
      const path = row.path.replace('{id}', 'ID') + (row.request === 'query' ? '?name=value' : '');
      expect(curl.source).toMatch(
        new RegExp(`^BASE_URL='http://127\\.0\\.0\\.1:4010'\\ncurl -X ${row.method.toUpperCase()} \\\\\\n  "\\$BASE_URL${path.replace(/[.?]/g, '\\$&')}"`),
      );
    }
  });

  it(`every line of every sample fits Redoc's sample panel (${sampleLineWidth} characters)`, () => {
    for (const row of operations) {
      for (const sample of samplesOf(row.method, row.path)) {
        for (const line of sample.source.split('\n')) expect(line.length, `${row.operationId} ${sample.label}: ${line}`).toBeLessThanOrEqual(sampleLineWidth);
      }
    }
  });

  it('every TypeScript sample compiles against the package; a wrong argument does not', async () => {
    const files = Object.fromEntries(operations.map((row) => [`sample-${row.n}-${row.operationId}.ts`, samplesOf(row.method, row.path)[0].source]));
    files['broken-sample.ts'] = samplesOf('post', '/v1/batches/{id}/send')[0].source.replace("id: 'ID'", 'id: 42');
    const errors = await typecheck(files);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^broken-sample\.ts TS2322: Type 'number' is not assignable to type 'string'/);
  });
});

describe('sample values follow what an overlay states', () => {
  it('a default, an enum and a minimum are the values shown, in TypeScript and in curl', async () => {
    const document = structuredClone(await loadBundle());
    document.paths['/v1/webhooks'].get.parameters = [
      { name: 'limit', in: 'query', description: 'Page size.', schema: { type: 'integer', minimum: 1, maximum: 500, default: 50 } },
      { name: 'order', in: 'query', description: 'Order.', schema: { type: 'string', enum: ['newest', 'oldest'] } },
      { name: 'page', in: 'query', description: 'Page.', schema: { type: 'integer', minimum: 1 } },
    ];
    const withSamples: Json = withCodeSamples(document);
    const samples = withSamples.paths['/v1/webhooks'].get['x-codeSamples'] as { lang: string; source: string }[];
    const [typescript, curl] = [samples.find((s) => s.lang === 'typescript')!.source, samples.find((s) => s.lang === 'bash')!.source];
    expect(typescript).toContain('      limit: 50,');
    expect(typescript).toContain("      order: 'newest',");
    expect(typescript).toContain('      page: 1,');
    expect(curl).toContain('?limit=50&order=newest&page=1');
  });
});
