// A copy of the project made into a git repository whose one commit is tagged as the release its
// package.json names (`v<version>`), as a project looks just after `npm run release`: what the
// release, the gate and the site compare with. The e2e fixture's repository
// (test/support/e2e-setup.ts) and `npm run test:added-operation`'s copy are made so.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const exec = promisify(execFile);

/** Commits every file of `dir` (not yet a repository) on `main`, and tags the commit `v<version>`. */
export async function commitAsRelease(dir: string): Promise<void> {
  const { version } = JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  const git = (...args: string[]) => exec('git', ['-c', 'user.email=ci@example.invalid', '-c', 'user.name=ci', ...args], { cwd: dir });
  await git('init', '-q', '-b', 'main');
  await git('add', '-A');
  await git('commit', '-qm', `the project at ${version}`);
  await git('tag', `v${version}`);
}
