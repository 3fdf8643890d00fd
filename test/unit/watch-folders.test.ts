// The docs server's watcher (scripts/serve/watch-folders.ts), in this process on a temporary tree:
// a file written, a file replaced by rename, and a folder removed and made again under the same
// name are each heard (Node's own recursive watch lost the last two).
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { watchTree, type Watching } from '../../scripts/serve/watch-folders.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

let root = '';
let watching: Watching | undefined;
let heard = 0;
const warnings: string[] = [];

beforeEach(async () => {
  root = await makeScratchFolder('watch');
  await fs.mkdir(path.join(root, 'paths'));
  await fs.writeFile(path.join(root, 'paths', 'a.yaml'), 'a: 1\n');
  heard = 0;
  watching = watchTree(
    root,
    () => (heard += 1),
    (line) => warnings.push(line),
  );
});

afterEach(async () => {
  watching?.close();
  await fs.rm(root, { recursive: true, force: true });
});

/** Waits until something new is heard after `action`. */
async function hears(action: () => Promise<void>): Promise<void> {
  const before = heard;
  await action();
  await expect.poll(() => heard, { timeout: 5_000, interval: 20 }).toBeGreaterThan(before);
  // Let the rescan after a rename settle (50 ms) before the next step.
  await new Promise((resolve) => setTimeout(resolve, 150));
}

it('hears a file written, the same file replaced by rename twice, and a folder made again under its name', async () => {
  const file = path.join(root, 'paths', 'a.yaml');
  await hears(() => fs.writeFile(file, 'a: 2\n'));
  for (const value of [3, 4]) {
    await hears(async () => {
      await fs.writeFile(`${file}.tmp`, `a: ${value}\n`);
      await fs.rename(`${file}.tmp`, file);
    });
  }
  await hears(async () => {
    await fs.rm(path.join(root, 'paths'), { recursive: true });
    await fs.mkdir(path.join(root, 'paths'));
  });
  await hears(() => fs.writeFile(file, 'a: 5\n'));
  await hears(() => fs.writeFile(file, 'a: 6\n'));
  expect(warnings).toEqual([]);
});
