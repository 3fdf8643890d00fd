// The build, in this process on a temporary project: a failure injected after any step leaves the
// outputs byte for byte as they were and no staging folder behind. (The docs step runs the Redocly
// CLI as a child process: the end-to-end tier covers it, with a build killed half-way.) Each
// failure row runs its own step for real and the others as replays that write their committed
// outputs, so that the rows cost one step each, not a build each. That the real steps write
// exactly those bytes is drift.test.ts's clean tree (the drift check builds them and compares each
// file), and the whole build through build(), from no outputs folder and beside a staging folder a
// killed build left, is its rebuild after an edit: the tier builds the description whole there.
// generated/sdk/, which `npm run sdk` writes, is carried over by every build of generated/.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, stagingPrefix } from '../../scripts/pipeline/build.ts';
import { committedSteps, type Step } from '../../scripts/pipeline/pipeline.ts';
import { checkOutputFolder } from '../../scripts/overlay/output-folder.ts';
import { stagingFolder, swapIn } from '../../scripts/pipeline/staging.ts';
import { checkout, fingerprint, recordingLog, temporaryProjectPerTest } from '../support/helpers.ts';

// The replays copy the checkout's outputs: a test's project holds the committed bundle alone in
// generated/, which a failed build must leave as it was (and a passing one would replace whole).
const setup = temporaryProjectPerTest({ outputs: ['openapi.json'] });

const stagingLeft = async () => (await fs.readdir(setup.temporary.dir)).filter((name) => name.startsWith(stagingPrefix));

/** Which committed step writes each committed output (a folder's name ends in `/`); the lint step writes none. */
const writtenBy: Record<string, string[]> = {
  lint: [],
  bundle: ['openapi.json', 'openapi.yaml'],
  variants: ['openapi-3.0.json', 'openapi.dereferenced.json'],
  types: ['schema.ts'],
  client: ['client.ts', 'client-runtime.ts', 'dist/client.js', 'dist/client.d.ts', 'dist/client-runtime.js', 'dist/client-runtime.d.ts', 'dist/schema.d.ts'],
  mcp: ['mcp-tools.json', 'dist/mcp.js'],
  reference: ['llms.txt', 'llms-full.txt', 'reference/'],
  'mcp-record': ['mcp-resources.json', 'openapi-mcp.json'],
};

/** The committed outputs (generated/docs/ is not committed) `step` writes, relative to generated/; throws when the table above has a step or an output wrong. */
async function committedOutputsOf(step: string): Promise<string[]> {
  const files = (await fs.readdir(checkout.outputDir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(checkout.outputDir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(`docs${path.sep}`) && !file.startsWith(`sdk${path.sep}`));
  const owns = (name: string, file: string) => (writtenBy[name] ?? []).some((output) => (output.endsWith('/') ? file.startsWith(output) : file === output));
  const steps = committedSteps.map((s) => s.name);
  if (Object.keys(writtenBy).join() !== steps.join()) throw new Error(`the table of outputs names ${Object.keys(writtenBy).join()}, the build ${steps.join()}`);
  for (const file of files) {
    const owners = steps.filter((name) => owns(name, file));
    if (owners.length !== 1) throw new Error(`generated/${file} is written by ${owners.length} steps in the table of outputs, not one`);
  }
  return files.filter((file) => owns(step, file));
}

/**
 * `step` as it ends when it passes, without running it: it writes its committed outputs into the
 * staging folder (the lint step leaves the committed bundle, parsed afresh, in the context).
 */
function replay(step: Step): Step {
  return {
    ...step,
    async run(context) {
      if (step.name === 'lint') {
        const bundleJson = await fs.readFile(path.join(checkout.outputDir, 'openapi.json'), 'utf8');
        Object.assign(context, { bundle: JSON.parse(bundleJson), bundleJson });
      }
      for (const file of await committedOutputsOf(step.name)) {
        await fs.mkdir(path.dirname(path.join(context.outDir, file)), { recursive: true });
        await fs.copyFile(path.join(checkout.outputDir, file), path.join(context.outDir, file));
      }
    },
  };
}

/** The committed steps, with a failure injected right after `failAfter` has run for real; the others are replayed. */
function failingAfter(failAfter: string): Step[] {
  return committedSteps.map((step) =>
    step.name !== failAfter
      ? replay(step)
      : {
          ...step,
          async run(context) {
            await step.run(context);
            throw new Error(`failure injected after the ${step.name} step`);
          },
        },
  );
}

describe('build', () => {
  it.each(committedSteps.map((step) => step.name))('a failure after the %s step leaves the outputs as they were', async (stepName) => {
    const before = await fingerprint(setup.temporary.project.outputDir);
    const log = recordingLog();
    expect(await build(setup.temporary.project, log, { steps: failingAfter(stepName), lintOptions: setup.lintOptions })).toBe(false);
    expect(log.errors.join('\n')).toContain(`build: step '${stepName}' failed: failure injected after the ${stepName} step`);
    expect(log.errors.at(-1)).toBe('build: generated/ is unchanged');
    expect(await fingerprint(setup.temporary.project.outputDir)).toEqual(before);
    expect(await stagingLeft()).toEqual([]);
  });
});

describe('generated/sdk/, which npm run sdk writes', () => {
  it('is carried over by the build as it is, but for the staging folders of an sdk run', async () => {
    const sdk = path.join(setup.temporary.project.outputDir, 'sdk');
    await fs.mkdir(path.join(sdk, 'python', 'src'), { recursive: true });
    await fs.writeFile(path.join(sdk, 'python', 'src', 'client.py'), 'kept = True\n');
    await fs.mkdir(path.join(sdk, '.sdk-staging-1-abc'));
    const log = recordingLog();
    expect(await build(setup.temporary.project, log, { steps: [replay(committedSteps[1])], lintOptions: setup.lintOptions }), log.errors.join('\n')).toBe(true);
    expect(await fs.readdir(sdk)).toEqual(['python']);
    expect(await fs.readFile(path.join(sdk, 'python', 'src', 'client.py'), 'utf8')).toBe('kept = True\n');
    expect(await fs.readdir(setup.temporary.project.outputDir)).toEqual(['openapi.json', 'openapi.yaml', 'sdk']);
  });
});

describe('an output folder written into while the build with overlays runs', () => {
  it('is checked again at the swap, renamed aside: a file the user wrote meanwhile keeps the folder as it is', async () => {
    const project = setup.temporary.project;
    const out = path.join(setup.temporary.dir, 'acme');
    const cacheBefore = process.env.XDG_CACHE_HOME;
    process.env.XDG_CACHE_HOME = path.join(setup.temporary.dir, 'cache'); // the build's records, not the user's
    try {
      // A step that stands for the build's time, during which the user writes into the folder.
      const userWrites: Step = {
        name: 'meanwhile',
        after: [],
        async run() {
          await fs.mkdir(out, { recursive: true });
          await fs.writeFile(path.join(out, 'notes.txt'), 'mine');
        },
      };
      const log = recordingLog();
      const built = await build({ ...project, outputDir: out }, log, {
        steps: [userWrites],
        checkReplaced: (aside) => checkOutputFolder(project, out, 'acme', aside),
        outputsShown: 'acme/',
      });
      expect(built).toBe(false);
      expect(log.errors[0]).toBe(
        'build: --out acme holds notes.txt, which this command did not write; it replaces the whole folder, so choose an empty or new one',
      );
      expect(await fs.readFile(path.join(out, 'notes.txt'), 'utf8')).toBe('mine');
      expect(await stagingLeft()).toEqual([]);
      expect((await fs.readdir(setup.temporary.dir)).filter((name) => name.includes('-old'))).toEqual([]);
    } finally {
      if (cacheBefore === undefined) delete process.env.XDG_CACHE_HOME;
      else process.env.XDG_CACHE_HOME = cacheBefore;
    }
  });
});

describe('swapIn: the folder being replaced is checked where nothing writes into it by name', () => {
  it('sees a file written after every earlier check, and puts the folder back as it is', async () => {
    const parent = await fs.mkdtemp(path.join(setup.temporary.dir, 'swap-'));
    const target = path.join(parent, 'out');
    const staging = await stagingFolder(parent, '.out-staging-');
    await fs.writeFile(path.join(staging, 'new.txt'), 'new');
    await fs.mkdir(target);
    await fs.writeFile(path.join(target, 'late.txt'), 'written at the last moment');
    const seen: string[][] = [];
    const refuse = async (aside: string) => {
      seen.push(await fs.readdir(aside));
      throw new Error('refused: late.txt');
    };
    await expect(swapIn(staging, target, refuse)).rejects.toThrow('refused: late.txt');
    expect(seen).toEqual([['late.txt']]);
    expect(await fs.readdir(target)).toEqual(['late.txt']);
    expect((await fs.readdir(parent)).sort()).toEqual([path.basename(staging), 'out']);
    // A run killed during that check leaves the folder aside: the next run names it, and deletes nothing.
    const dead = 2 ** 31 - 2; // beyond any pid_max: a process that is gone
    const leftAside = path.join(parent, `.out-staging-${dead}-abcdef-replaced`);
    await fs.mkdir(leftAside);
    await fs.writeFile(path.join(leftAside, 'mine.txt'), 'mine');
    await expect(stagingFolder(parent, '.out-staging-')).rejects.toThrow(
      `${leftAside} is a folder a run that stopped was replacing, kept as it was: rename it back to its name, or remove it, then run again`,
    );
    expect(await fs.readFile(path.join(leftAside, 'mine.txt'), 'utf8')).toBe('mine');
    await fs.rm(leftAside, { recursive: true });
    // Accepted: the staging folder takes its place, and the old one is gone.
    await swapIn(staging, target, () => {});
    expect(await fs.readdir(parent)).toEqual(['out']);
    expect(await fs.readdir(target)).toEqual(['new.txt']);
  });
});
