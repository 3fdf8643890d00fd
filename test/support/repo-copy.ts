// A temporary copy of the whole checkout (tooling included, node_modules shared by a link), for the
// end-to-end tests that run the commands as a user does: a command resolves the checkout it lives in.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { edit, root } from './helpers.ts';
import { run } from './run-command.ts';
import { makeScratchFolder } from './scratch-folder.ts';

const checkoutFiles = ['openapi', 'scripts', 'generated', 'redocly.yaml', '.spectral.yaml', 'package.json', 'tsconfig.json', 'CHANGELOG.md'];

/** A copy of the checkout's files in a fresh temporary folder, node_modules linked. */
export async function copyCheckout(label = 'checkout'): Promise<string> {
  const dir = await makeScratchFolder(label);
  const notDocs = (source: string) => !source.startsWith(path.join(root, 'generated', 'docs'));
  await Promise.all(checkoutFiles.map((entry) => fs.cp(path.join(root, entry), path.join(dir, entry), { recursive: true, filter: notDocs })));
  await fs.symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

export interface SharedCopy {
  /** The copy's folder (set once the file's beforeAll has run). */
  readonly dir: string;
  /** Edits `file` in the copy; it is put back after the test. */
  change(file: string, search: string | RegExp, replacement: string): Promise<void>;
  /** Runs git in the copy. */
  git(...args: string[]): ReturnType<typeof run>;
}

/**
 * One copy of the checkout for a whole test file, made a git repository with one commit tagged
 * with the package's version (a release to compare with); each test's edits are undone after it.
 */
export function sharedCheckoutCopy(): SharedCopy {
  let dir = '';
  const pristine = new Map<string, string>();
  const touched = new Set<string>();
  const git = (...args: string[]) => run('git', ['-c', 'user.email=ci@example.invalid', '-c', 'user.name=ci', ...args], dir);
  beforeAll(async () => {
    dir = await copyCheckout();
    await git('init', '-q', '-b', 'main');
    await git('add', '-A');
    const { version } = JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8'));
    await git('commit', '-qm', `release ${version}`);
    await git('tag', `v${version}`);
  });
  afterEach(async () => {
    for (const file of touched) await fs.writeFile(path.join(dir, file), pristine.get(file) ?? '');
    touched.clear();
  });
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    async change(file, search, replacement) {
      if (!pristine.has(file)) pristine.set(file, await fs.readFile(path.join(dir, file), 'utf8'));
      touched.add(file);
      await edit(dir, file, search, replacement);
    },
    git,
  };
}

/**
 * Copies into `dir` the checkout's other tracked top-level entries (tests, docs, READMEs, CI), for
 * a copy that runs the tests themselves. Those already there are kept.
 */
export async function completeCheckoutCopy(dir: string): Promise<void> {
  const { stdout } = await run('git', ['ls-files', '-z'], root);
  const entries = new Set(stdout.split('\0').flatMap((file) => (file ? [file.split('/')[0]] : [])));
  for (const entry of entries) {
    const target = path.join(dir, entry);
    if (
      await fs.stat(target).then(
        () => false,
        () => true,
      )
    )
      await fs.cp(path.join(root, entry), target, { recursive: true });
  }
}
