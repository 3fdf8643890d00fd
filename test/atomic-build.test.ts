// The build is atomic: a failure injected after each of its steps, or the build process killed
// half-way, leaves generated/ byte for byte as it was; the next build cleans up and succeeds.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSteps } from '../scripts/pipeline.ts';
import { copyRepo, fingerprint, removeRepo, runScript, scriptCommand } from './helpers.ts';

let repo: string;
let before: Record<string, string>;
const staging = async () => (await fs.readdir(repo)).filter((name) => name.startsWith('.generated-staging-'));

beforeAll(async () => {
  repo = await copyRepo();
  // Start from a complete generated/, docs included, so that every output is at stake.
  const build = await runScript(repo, 'build');
  expect(build.code, build.output).toBe(0);
  before = await fingerprint(path.join(repo, 'generated'));
}, 120_000);
afterAll(async () => {
  await removeRepo(repo);
});

describe('atomic build', () => {
  it('covers every step of the build', () => {
    expect(buildSteps.map((step) => step.name)).toEqual(['lint', 'bundle', 'variants', 'types', 'client', 'docs']);
    expect(Object.keys(before)).toContain('docs/index.html');
  });

  it.each(buildSteps.map((step) => step.name))('a failure after the %s step leaves generated/ byte for byte as it was', async (step) => {
    const result = await runScript(repo, 'build', [], { EMAIL_DELIVERY_BUILD_FAIL_AFTER: step });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`build: step '${step}' failed: failure injected after this step`);
    expect(result.stderr).toContain('build: generated/ is unchanged');
    expect(await fingerprint(path.join(repo, 'generated'))).toEqual(before);
    expect(await staging()).toEqual([]);
  });

  it('a build killed half-way leaves generated/ as it was, and the next build removes its leftovers', async () => {
    // Its own process group: the build's docs step runs Redocly in a child process, and all must die.
    const [command, ...args] = scriptCommand(repo, 'build');
    const child = spawn(command, args, { cwd: repo, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    // Kill it once the bundle is in the staging folder, before the swap.
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('✓ bundle')) resolve();
      });
    });
    process.kill(-child.pid!, 'SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the group's other processes die
    expect((await staging()).length).toBe(1);
    expect(await fingerprint(path.join(repo, 'generated'))).toEqual(before);

    const next = await runScript(repo, 'build');
    expect(next.code, next.output).toBe(0);
    expect(await staging()).toEqual([]);
    expect(await fingerprint(path.join(repo, 'generated'))).toEqual(before);
  });
});
