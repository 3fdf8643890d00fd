// The checkout's files but for what .gitignore ignores: what a commit could hold. A test that reads
// every file walks this list, never the bare folders, where other tests' builds come and go meanwhile
// (the `.generated-staging-*` and `.generated-check-*` folders beside generated/, all ignored), so
// that its verdict does not depend on their timing. The patterns are read with `ignore`, the
// package ESLint uses for the same syntax; only the root .gitignore is read (the only one here).
import fs from 'node:fs';
import path from 'node:path';
import ignore from 'ignore';
import { root } from './helpers.ts';

const patterns = ignore()
  .add(fs.readFileSync(path.join(root, '.gitignore'), 'utf8'))
  .add('.git/');

/** Whether .gitignore ignores `relative` (a path from the root, `/`-separated; a folder ends with `/`). */
export const ignoredByGit = (relative: string): boolean => patterns.ignores(relative);

/** The files below the checkout's root (absolute paths) that .gitignore does not ignore; links are not followed. */
export function filesNotIgnored(): string[] {
  const below = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) return ignoredByGit(`${relative}/`) ? [] : below(relative);
      return entry.isFile() && !ignoredByGit(relative) ? [path.join(root, relative)] : [];
    });
  return below('');
}
