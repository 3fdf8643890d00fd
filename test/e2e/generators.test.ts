// A second, independent generator (@hey-api/openapi-ts) reads the bundle and the 3.0 variant; a
// consumer of each SDK that calls every operation type-checks, and a wrong argument does not
// (one tsc program over both).
import fs from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@hey-api/openapi-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout } from '../support/helpers.ts';
import { type OperationRow, operations } from '../../scripts/stated/operations.ts';
import { run, tsc } from '../support/run-command.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

const inputs = ['openapi.json', 'openapi-3.0.json'];
const folderOf = (input: string) => input.replace('.json', '');
let work: string;

function callFor(row: OperationRow): string {
  const options = {
    none: '',
    id: "{ path: { id: 'x' } }",
    query: "{ query: { pairs: { any: 'pair' } } }",
    'id+optional-body': "{ path: { id: 'x' }, body: { any: 1 } }",
    'required-body': '{ body: { any: 1 } }',
  }[row.request];
  return `  results.push(await sdk.${row.operationId}(${options}));`;
}

/**
 * A file that compiles only if the success response type of each operation whose payload has a
 * stated shape (one resource: an object) is its own schema, not `unknown`. A list or a delete
 * answer constrains nothing, so `unknown` is right for those.
 */
async function typedResponses(): Promise<string> {
  const bundle = JSON.parse(await fs.readFile(path.join(checkout.outputDir, 'openapi.json'), 'utf8'));
  const name = (operationId: string) => `${operationId[0].toUpperCase()}${operationId.slice(1)}`;
  const shaped = operations.filter((row) => bundle.components.schemas[`${name(row.operationId)}ResponseBody`]?.type !== undefined);
  const lines = shaped.map((row) => `const ${row.operationId}Typed: IsUnknown<types.${name(row.operationId)}Response> = false;\nvoid ${row.operationId}Typed;`);
  if (shaped.length === 0) throw new Error('no operation has a payload with a stated shape: the check would check nothing');
  return `import type * as types from './client/types.gen';\n\ntype IsUnknown<T> = unknown extends T ? true : false;\n${lines.join('\n')}\n`;
}

beforeAll(async () => {
  work = await makeScratchFolder('hey-api');
  for (const input of inputs) {
    const out = path.join(work, folderOf(input));
    await createClient({
      input: path.join(checkout.outputDir, input),
      output: { path: path.join(out, 'client') },
      plugins: ['@hey-api/client-fetch', '@hey-api/sdk', '@hey-api/typescript'],
      logs: { level: 'silent' },
    });
    const consumer = `import * as sdk from './client/sdk.gen';\n\nexport async function callAll(): Promise<unknown[]> {\n  const results: unknown[] = [];\n${operations.map(callFor).join('\n')}\n  return results;\n}\n`;
    await fs.writeFile(path.join(out, 'consumer.ts'), consumer);
    await fs.writeFile(path.join(out, 'broken.ts'), "import * as sdk from './client/sdk.gen';\nvoid sdk.deleteWebhook({ path: { id: 1 } });\n");
    // Each success body is typed as its own schema, never `unknown`: hey-api guesses which responses
    // are errors from their wording, and a `default` it counted as a success turned every one into unknown.
    await fs.writeFile(path.join(out, 'typed.ts'), await typedResponses());
  }
});
afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true });
});

describe('@hey-api/openapi-ts', () => {
  it.each(inputs)('generates a function for every operation from generated/%s', async (input) => {
    const sdk = await fs.readFile(path.join(work, folderOf(input), 'client', 'sdk.gen.ts'), 'utf8');
    for (const row of operations) expect(sdk, row.operationId).toContain(`export const ${row.operationId} =`);
  });

  it('consumers calling every operation type-check against both SDKs, every success body typed (not unknown); a wrong argument is the only error', async () => {
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
    const files = inputs.flatMap((input) => [`${folderOf(input)}/consumer.ts`, `${folderOf(input)}/broken.ts`, `${folderOf(input)}/typed.ts`]);
    await fs.writeFile(path.join(work, 'tsconfig.json'), JSON.stringify({ compilerOptions, files }));
    const result = await run(process.execPath, [tsc('typescript'), '-p', 'tsconfig.json'], work);
    const errors = result.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(errors, result.output).toHaveLength(2);
    for (const input of inputs)
      expect(
        errors.some((line) => line.startsWith(`${folderOf(input)}/broken.ts(2,`) && line.includes('error TS2322')),
        result.output,
      ).toBe(true);
  });
});
