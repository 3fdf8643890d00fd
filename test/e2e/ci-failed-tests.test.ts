// .ci/failed-tests.cjs, the end of a failed CI log: each failed test named with its message and its
// own stack frames (not vitest's), printed text made inert, and a run without a report said so.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { run } from '../support/run-command.ts';
import { withScratchFolder } from '../support/scratch-folder.ts';

async function summary(report: unknown): Promise<string> {
  return withScratchFolder('failed-tests', async (dir) => {
    const file = path.join(dir, 'vitest.json');
    if (report !== undefined) await fs.writeFile(file, JSON.stringify(report));
    const result = await run(process.execPath, [path.join(root, '.ci/failed-tests.cjs'), file], root);
    expect(result.code).toBe(0);
    return result.stdout;
  });
}

describe('.ci/failed-tests.cjs', () => {
  it('names each failed test with its message and its own frames', async () => {
    const message = [
      "AssertionError: expected [ 'docs/a.md names x/y.md' ] to deeply equal []",
      `    at ${root}/test/unit/named-paths.test.ts:79:22`,
      `    at file://${root}/node_modules/vitest/dist/chunks/run.js:1695:35`,
      '    at new Promise (<anonymous>)',
    ].join('\n');
    const report = {
      testResults: [
        {
          name: `${root}/test/unit/named-paths.test.ts`,
          status: 'failed',
          assertionResults: [
            { fullName: 'comments name only files that exist', status: 'failed', failureMessages: [message] },
            { fullName: 'a passing one', status: 'passed', failureMessages: [] },
          ],
        },
        { name: `${root}/test/e2e/x.test.ts`, status: 'failed', message: 'Error: \u001b[31mcannot import\u001b[0m', assertionResults: [] },
      ],
    };
    expect((await summary(report)).split('\n')).toEqual([
      'ci: 2 failed test(s):',
      'ci: FAILED test/unit/named-paths.test.ts > comments name only files that exist',
      "ci:   AssertionError: expected [ 'docs/a.md names x/y.md' ] to deeply equal []",
      'ci:       at test/unit/named-paths.test.ts:79:22',
      'ci: FAILED test/e2e/x.test.ts > (the file itself)',
      'ci:   Error: cannot import',
      '',
    ]);
  });

  it('prints nothing when every test passed, and says so when there is no report', async () => {
    expect(await summary({ testResults: [{ name: 'a', status: 'passed', assertionResults: [{ fullName: 'b', status: 'passed' }] }] })).toBe('');
    expect(await summary(undefined)).toMatch(/^ci: no test report to summarize \(.*vitest\.json: ENOENT\)\n$/);
  });
});
