// A second, independent generator (@hey-api/openapi-ts) reads the bundle and the 3.0 variant, and
// a consumer of its output that calls all 29 operations type-checks.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type OperationRow } from '../support/operations.ts';
import { root } from '../support/helpers.ts';
import { run, tsc } from '../support/run-command.ts';

let work: string;
beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-hey-api-'));
});
afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true });
});

function callFor(row: OperationRow): string {
  const options = {
    none: '',
    id: "{ path: { id: 'x' } }",
    query: "{ query: { params: { any: 'pair' } } }",
    'id+optional-body': "{ path: { id: 'x' }, body: { any: 1 } }",
    'required-body': '{ body: { any: 1 } }',
  }[row.request];
  return `  results.push(await sdk.${row.operationId}(${options}));`;
}

describe.each(['openapi.json', 'openapi-3.0.json'])('@hey-api/openapi-ts on generated/%s', (input) => {
  it('generates an SDK that a consumer calling all 29 operations type-checks against', async () => {
    const out = path.join(work, input.replace('.json', ''));
    await createClient({
      input: path.join(root, 'generated', input),
      output: { path: path.join(out, 'client') },
      plugins: ['@hey-api/client-fetch', '@hey-api/sdk', '@hey-api/typescript'],
      logs: { level: 'silent' },
    });
    const consumer = `import * as sdk from './client/sdk.gen';\n\nexport async function callAll(): Promise<unknown[]> {\n  const results: unknown[] = [];\n${operations.map(callFor).join('\n')}\n  return results;\n}\n`;
    await fs.writeFile(path.join(out, 'consumer.ts'), consumer);
    const broken = "import * as sdk from './client/sdk.gen';\nvoid sdk.deleteWebhook({ path: { id: 1 } });\n";
    await fs.writeFile(path.join(out, 'broken.ts'), broken);
    const compilerOptions = {
      module: 'ESNext',
      moduleResolution: 'Bundler',
      target: 'ES2022',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    };
    // One program: the consumer must compile, and the wrong argument in broken.ts must be its only error.
    await fs.writeFile(path.join(out, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['consumer.ts', 'broken.ts'] }));

    const sdk = await fs.readFile(path.join(out, 'client', 'sdk.gen.ts'), 'utf8');
    for (const row of operations) expect(sdk, row.operationId).toContain(`export const ${row.operationId} =`);
    const result = await run(process.execPath, [tsc('typescript'), '-p', 'tsconfig.json'], out);
    const errors = result.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors, result.output).toHaveLength(1);
    expect(errors[0]).toMatch(/^broken\.ts\(2,\d+\): error TS2322/);
  });
});
