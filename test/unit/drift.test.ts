// The drift check, in this process on a temporary project: nothing to report on a clean tree; each
// drifted file named after a source edit, a hand edit or a stray file; the outputs never written.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from '../../scripts/pipeline/build.ts';
import { checkDrift } from '../../scripts/pipeline/check.ts';
import { committedSteps } from '../../scripts/pipeline/pipeline.ts';
import { edit, fingerprint, recordingLog, temporaryProjectPerTest } from '../support/helpers.ts';

const setup = temporaryProjectPerTest();

describe('drift check', () => {
  it('reports nothing on a clean tree', async () => {
    expect(await checkDrift(setup.temporary.project, setup.lintOptions)).toEqual([]);
  });

  it('names each drifted file after a source edit without a rebuild, and leaves the outputs alone', async () => {
    await edit(setup.temporary.dir, 'openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: Fetch the webhooks');
    const before = await fingerprint(setup.temporary.project.outputDir);
    const drifted = await checkDrift(setup.temporary.project, setup.lintOptions);
    expect(drifted).toEqual(expect.arrayContaining(['differs: generated/openapi.json', 'differs: generated/openapi.yaml', 'differs: generated/client.ts']));
    expect(await fingerprint(setup.temporary.project.outputDir)).toEqual(before);
  });

  it('names a hand edit of a generated file, a stray file and a missing one', async () => {
    await fs.appendFile(path.join(setup.temporary.project.outputDir, 'openapi.yaml'), '# edited by hand\n');
    await fs.writeFile(path.join(setup.temporary.project.outputDir, 'stray.txt'), 'not built\n');
    await fs.rm(path.join(setup.temporary.project.outputDir, 'dist', 'client.d.ts'));
    expect(await checkDrift(setup.temporary.project, setup.lintOptions)).toEqual([
      'missing: generated/dist/client.d.ts',
      'differs: generated/openapi.yaml',
      'not built from the source: generated/stray.txt',
    ]);
  });

  it('reports nothing again once the edit is rebuilt', async () => {
    await edit(setup.temporary.dir, 'openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: Fetch the webhooks');
    expect(await build(setup.temporary.project, recordingLog(), { steps: committedSteps, lintOptions: setup.lintOptions })).toBe(true);
    expect(await checkDrift(setup.temporary.project, setup.lintOptions)).toEqual([]);
  });

  it('throws, naming the problem, when the source does not build', async () => {
    await edit(setup.temporary.dir, 'openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: List Webhooks');
    await expect(checkDrift(setup.temporary.project, setup.lintOptions)).rejects.toThrow(/step 'lint' failed: .*rule\/summary-sentence-case/s);
  });
});
