// The files of the checkout as git sees them: tracked, and new ones not ignored. Walking the folders
// instead would also read what other tests write meanwhile (the build's staging folders, which come
// and go beside generated/ and are ignored by .gitignore), so a test that reads every file would pass
// or fail with the timing of the others.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { root } from './helpers.ts';

/** The checkout's files (absolute paths), tracked or new and not ignored, that are there now. */
export function filesGitLists(): string[] {
  // safe.directory: the tests ignore the machine's git settings (global-setup.ts), so a checkout
  // owned by another user than the one testing is allowed here, for this one command.
  const listed = execFileSync('git', ['-c', `safe.directory=${root}`, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .split('\0')
    .filter(Boolean)
    .map((file) => path.join(root, file))
    .filter((file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile());
}
