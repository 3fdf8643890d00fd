// The drift check, in this process on a temporary project: nothing to report on a clean tree (the
// committed steps build the committed outputs byte for byte); each drifted file named after a
// source edit, a hand edit or a stray file; the outputs never written. Three full builds: the check
// of the edited source runs once for the file and keeps what it built, which the test after a
// rebuild compares the rebuilt outputs with (that rebuild is the unit tier's one whole build through
// build(), from no outputs folder, beside a staging folder a killed build left); the hand-edit test
// replays the committed outputs (the first test shows that the source builds exactly those bytes).
// generated/sdk/ is npm run sdk's, which each language's tests keep in step: the check leaves it out.
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { build, stagingPrefix } from '../../scripts/pipeline/build.ts';
import { checkDrift } from '../../scripts/pipeline/check.ts';
import { committedSteps, type Step, uncommittedOutputs } from '../../scripts/pipeline/pipeline.ts';
import { checkout, edit, fingerprint, recordingLog, type TemporaryProject, temporaryProject, temporaryProjectPerTest } from '../support/helpers.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

const setup = temporaryProjectPerTest();

/** A source edit that changes the bundle, the client and more, and passes the lint. */
const editWebhooks = (dir: string) => edit(dir, 'openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: Fetch the webhooks');

/** The committed steps as they end when they pass, without running them: one step that writes the built outputs in `outputs`. */
function replayOf(outputs: string): Step[] {
  return [
    {
      name: 'replay',
      after: [],
      async run(context) {
        for (const entry of await fs.readdir(outputs))
          if (!uncommittedOutputs.includes(entry)) fsSync.cpSync(path.join(outputs, entry), path.join(context.outDir, entry), { recursive: true });
      },
    },
  ];
}

interface EditedCheck {
  /** What the check reported, and the outputs' fingerprints before and after it. */
  drifted: string[];
  before: Record<string, string>;
  after: Record<string, string>;
  /** What the check built from the edited source, kept. */
  built: string;
}
const made: { project?: TemporaryProject; built?: string } = {};
let editedCheck: Promise<EditedCheck> | undefined;

/**
 * The drift check, for real, of a temporary project whose source has the edit and whose outputs
 * do not: run once for the file, by the first test that needs it, with one more step that keeps a
 * copy of what the committed steps built. No test writes to it.
 */
function checkOfEditedSource(): Promise<EditedCheck> {
  editedCheck ??= (async () => {
    made.project = await temporaryProject();
    made.built = await makeScratchFolder('drift-built');
    const built = made.built;
    await editWebhooks(made.project.dir);
    const keep: Step = {
      name: 'keep',
      after: committedSteps.map((step) => step.name),
      async run(context) {
        await fs.cp(context.outDir, built, { recursive: true });
      },
    };
    const before = await fingerprint(made.project.project.outputDir);
    const drifted = await checkDrift(made.project.project, setup.lintOptions, [...committedSteps, keep]);
    return { drifted, before, after: await fingerprint(made.project.project.outputDir), built };
  })();
  return editedCheck;
}

afterAll(async () => {
  await made.project?.remove();
  if (made.built) await fs.rm(made.built, { recursive: true, force: true });
});

describe('drift check', () => {
  it('reports nothing on a clean tree: the source builds the committed outputs byte for byte', async () => {
    expect(await checkDrift(setup.temporary.project, setup.lintOptions)).toEqual([]);
  });

  it('names each drifted file after a source edit without a rebuild, and leaves the outputs alone', async () => {
    const { drifted, before, after } = await checkOfEditedSource();
    expect(drifted).toEqual(expect.arrayContaining(['differs: generated/openapi.json', 'differs: generated/openapi.yaml', 'differs: generated/client.ts']));
    expect(after).toEqual(before);
  });

  it('names a hand edit of a generated file, a stray file and a missing one; not an SDK of generated/sdk/, which npm run sdk writes', async () => {
    await fs.appendFile(path.join(setup.temporary.project.outputDir, 'openapi.yaml'), '# edited by hand\n');
    await fs.writeFile(path.join(setup.temporary.project.outputDir, 'stray.txt'), 'not built\n');
    await fs.mkdir(path.join(setup.temporary.project.outputDir, 'sdk', 'python'), { recursive: true });
    await fs.writeFile(path.join(setup.temporary.project.outputDir, 'sdk', 'python', 'client.py'), "not the build's\n");
    await fs.rm(path.join(setup.temporary.project.outputDir, 'dist', 'client.d.ts'));
    expect(await checkDrift(setup.temporary.project, setup.lintOptions, replayOf(checkout.outputDir))).toEqual([
      'missing: generated/dist/client.d.ts',
      'differs: generated/openapi.yaml',
      'not built from the source: generated/stray.txt',
    ]);
  });

  it('reports nothing again once the edit is rebuilt; the build makes the outputs folder, and removes a staging folder a killed build left', async () => {
    const { dir, project } = setup.temporary;
    await editWebhooks(dir);
    await fs.rm(project.outputDir, { recursive: true });
    await fs.mkdir(path.join(dir, `${stagingPrefix}999999999-x`)); // no such process
    const log = recordingLog();
    expect(await build(project, log, { steps: committedSteps, lintOptions: setup.lintOptions }), log.errors.join('\n')).toBe(true);
    expect(log.lines.filter((line) => line.includes('✓')).map((line) => line.trim().split(/\s+/)[1])).toEqual(
      expect.arrayContaining(['lint', 'bundle', 'variants', 'types', 'client']),
    );
    expect((await fs.readdir(dir)).filter((name) => name.startsWith(stagingPrefix))).toEqual([]);
    // What the check builds from the edited source, as it built it for the test above.
    expect(await checkDrift(project, setup.lintOptions, replayOf((await checkOfEditedSource()).built))).toEqual([]);
  });

  it('throws, naming the problem, when the source does not build', async () => {
    await edit(setup.temporary.dir, 'openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: List Webhooks');
    await expect(checkDrift(setup.temporary.project, setup.lintOptions)).rejects.toThrow(/step 'lint' failed: .*rule\/summary-sentence-case/s);
  });
});
