// The package as consumers get it: `npm pack` contents, import by package name at runtime, and
// types that resolve under moduleResolution NodeNext and Bundler for a file calling all 29 operations.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OperationRow } from './fixtures/operations.ts';
import { bin, root, run } from './helpers.ts';

const packageName = 'email-delivery-api';
let consumer: string;

function callFor(row: OperationRow): string {
  const args = {
    none: '',
    id: ", { id: 'x' }",
    query: ", { query: { any: 'pair' } }",
    'id+optional-body': ", { id: 'x', body: { any: 1 } }",
    'required-body': ', { body: { any: 1 } }',
  }[row.request];
  return `  results.push(await api.${row.operationId}(client${args}));`;
}

const consumerSource = `import * as api from '${packageName}';
import { createEmailDeliveryClient, type Schemas } from '${packageName}';

const client = createEmailDeliveryClient({ baseUrl: 'http://127.0.0.1:4010', headers: { Authorization: 'Bearer x' } });
export async function callAll(): Promise<unknown[]> {
  const results: unknown[] = [];
${operations.map(callFor).join('\n')}
  const key: Schemas['GetApiKeyResponse'] | undefined = (await api.getApiKey(client)).data;
  results.push(key);
  return results;
}
`;

beforeAll(async () => {
  consumer = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-consumer-'));
  const packed = await run('npm', ['pack', '--pack-destination', consumer, '--json'], root);
  expect(packed.code, packed.output).toBe(0);
  const [{ filename }] = JSON.parse(packed.stdout);
  const installed = path.join(consumer, 'node_modules', packageName);
  await fs.mkdir(installed, { recursive: true });
  const untar = await run('tar', ['-xzf', path.join(consumer, filename), '-C', installed, '--strip-components=1'], consumer);
  expect(untar.code, untar.output).toBe(0);
  // The one runtime dependency, as npm would install it beside the package.
  await fs.symlink(path.join(root, 'node_modules', 'openapi-fetch'), path.join(consumer, 'node_modules', 'openapi-fetch'), 'dir');
  await fs.writeFile(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
}, 120_000);

afterAll(async () => {
  if (consumer) await fs.rm(consumer, { recursive: true, force: true });
});

describe('package', () => {
  it('npm pack lists only what consumers need', async () => {
    const result = await run('npm', ['pack', '--dry-run', '--json'], root);
    expect(result.code, result.output).toBe(0);
    const files = JSON.parse(result.stdout)[0].files.map((file: { path: string }) => file.path).sort();
    expect(files).toEqual([
      'README.md',
      'generated/dist/client.d.ts',
      'generated/dist/client.js',
      'generated/dist/schema.d.ts',
      'generated/openapi-3.0.json',
      'generated/openapi.dereferenced.json',
      'generated/openapi.json',
      'generated/openapi.yaml',
      'package.json',
    ]);
  });

  it('openapi-fetch is the only runtime dependency', async () => {
    const pkg = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies)).toEqual(['openapi-fetch']);
    expect(pkg.dependencies['openapi-fetch']).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it.each([
    // NodeNext also checks the package's own .d.ts files; Bundler skips them, as most apps do.
    ['NodeNext', { module: 'NodeNext', moduleResolution: 'NodeNext', skipLibCheck: false }],
    ['Bundler', { module: 'ESNext', moduleResolution: 'Bundler', skipLibCheck: true }],
  ])('types resolve under moduleResolution %s for a file that calls all 29 operations', async (name, options) => {
    const compile = async (file: string, source: string) => {
      await fs.writeFile(path.join(consumer, file), source);
      const config = `tsconfig.${name}.${file}.json`;
      const compilerOptions = { ...options, target: 'ES2022', lib: ['ES2022', 'DOM'], strict: true, noEmit: true, types: [] };
      await fs.writeFile(path.join(consumer, config), JSON.stringify({ compilerOptions, files: [file] }));
      return run(bin('tsc'), ['-p', config], consumer);
    };
    const result = await compile('consumer.ts', consumerSource);
    expect(result.code, result.output).toBe(0);
    // The check can fail: a wrong argument is a type error in the consumer.
    const broken = await compile('broken.ts', `import { deleteWebhook, createEmailDeliveryClient } from '${packageName}';\nvoid deleteWebhook(createEmailDeliveryClient(), { id: 1 });\n`);
    expect(broken.code).not.toBe(0);
    expect(broken.output).toMatch(/broken\.ts\(2,\d+\): error TS2322: Type 'number' is not assignable to type 'string'/);
  });

  it('imports by package name at runtime, with the description as package subpaths', async () => {
    const script = `
      import * as api from '${packageName}';
      import json from '${packageName}/openapi.json' with { type: 'json' };
      import { createRequire } from 'node:module';
      const require = createRequire(import.meta.url);
      const yamlPath = require.resolve('${packageName}/openapi.yaml');
      console.log(JSON.stringify({
        functions: Object.keys(api.operationIds).length,
        callable: Object.values(api.operationIds).every((id) => typeof api[id] === 'function'),
        paths: Object.keys(json.paths).length,
        yaml: yamlPath.endsWith('generated/openapi.yaml'),
      }));`;
    await fs.writeFile(path.join(consumer, 'runtime.mjs'), script);
    const result = await run(process.execPath, ['runtime.mjs'], consumer);
    expect(result.code, result.output).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ functions: 29, callable: true, paths: 27, yaml: true });
  });
});
