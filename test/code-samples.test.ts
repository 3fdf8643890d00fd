// Every code sample the rendered docs show: one TypeScript and one curl sample per operation, read
// back out of the built page, and every TypeScript sample compiles against the packaged client.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocs } from '../scripts/build-docs.ts';
import { clientPackage } from '../scripts/code-samples.ts';
import { operations } from './fixtures/operations.ts';
import { bin, loadBundle, root, run, type Json } from './helpers.ts';

let work: string;
let definition: Json;

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-samples-'));
  await buildDocs(await loadBundle(), work);
  const html = await fs.readFile(path.join(work, 'docs', 'index.html'), 'utf8');
  const embedded = html.match(/const __redoc_definition = (\{.*?\});\n/s);
  if (!embedded) throw new Error('the built page embeds no __redoc_definition');
  definition = JSON.parse(embedded[1]);
  // A consumer project where the package name resolves to this checkout, as npm would link it.
  await fs.mkdir(path.join(work, 'node_modules'), { recursive: true });
  await fs.symlink(root, path.join(work, 'node_modules', clientPackage), 'dir');
  await fs.writeFile(path.join(work, 'package.json'), JSON.stringify({ name: 'samples', private: true, type: 'module' }));
}, 120_000);

afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true });
});

function samplesOf(method: string, apiPath: string): { lang: string; label: string; source: string }[] {
  return definition.paths[apiPath][method]['x-codeSamples'] ?? [];
}

async function typecheck(files: string[]): Promise<{ code: number; output: string }> {
  const config = {
    compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', lib: ['ES2022', 'DOM'], strict: true, noEmit: true, types: [], skipLibCheck: true },
    files,
  };
  await fs.writeFile(path.join(work, 'tsconfig.json'), JSON.stringify(config));
  return run(bin('tsc'), ['-p', 'tsconfig.json'], work);
}

describe('code samples in the rendered docs', () => {
  it('every operation has a TypeScript sample that calls it through the client, and a curl sample', () => {
    for (const row of operations) {
      const samples = samplesOf(row.method, row.path);
      expect(samples.map((sample) => sample.label)).toEqual(['TypeScript', 'curl']);
      const [typescript, curl] = samples;
      expect(typescript.source).toContain(`import { createEmailDeliveryClient, ${row.operationId} } from '${clientPackage}';`);
      expect(typescript.source).toContain(`await ${row.operationId}(client`);
      expect(curl.source).toMatch(new RegExp(`^curl -X ${row.method.toUpperCase()} 'http://127\\.0\\.0\\.1:4010${row.path.replace('{id}', 'ID').replace(/[.?]/g, '\\$&')}`));
    }
  });

  it('every TypeScript sample compiles (strict, NodeNext) against the packaged client', async () => {
    const files: string[] = [];
    for (const row of operations) {
      const file = `sample-${row.n}-${row.operationId}.ts`;
      await fs.writeFile(path.join(work, file), samplesOf(row.method, row.path)[0].source);
      files.push(file);
    }
    const result = await typecheck(files);
    expect(result.code, result.output).toBe(0);
  });

  it('the check can fail: a sample with a wrong argument does not compile', async () => {
    const broken = samplesOf('post', '/v1/batches/{id}/send')[0].source.replace("id: 'ID'", 'id: 42');
    await fs.writeFile(path.join(work, 'broken-sample.ts'), broken);
    const result = await typecheck(['broken-sample.ts']);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/broken-sample\.ts.*error TS2322/);
  });
});
