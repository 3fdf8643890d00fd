// The docs server's watcher (scripts/serve/watch-folders.ts, chokidar as pinned), in this process on
// a temporary tree: a file written, a file replaced by rename (twice), a folder removed and made
// again under the same name, and a watched config file replaced by rename, removed and added back
// are each heard (Node's own recursive watch lost the rename and the folder made again).
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { watchPaths, type Watching } from '../../scripts/serve/watch-folders.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

let root = '';
let watching: Watching | undefined;
let heard: string[] = [];
const warnings: string[] = [];

beforeEach(async () => {
  root = await makeScratchFolder('watch');
  await fs.mkdir(path.join(root, 'tree', 'paths'), { recursive: true });
  await fs.writeFile(path.join(root, 'tree', 'paths', 'a.yaml'), 'a: 1\n');
  await fs.writeFile(path.join(root, 'redocly.yaml'), 'r: 1\n');
  heard = [];
  watching = watchPaths(
    [path.join(root, 'tree'), path.join(root, 'redocly.yaml')],
    (event, file) => heard.push(`${event} ${path.relative(root, file)}`),
    (line) => warnings.push(line),
  );
  await watching.ready;
});

afterEach(async () => {
  await watching?.close();
  await fs.rm(root, { recursive: true, force: true });
});

/**
 * Waits until `what` is heard after `action`: `add|change tree/paths/a.yaml` is either (a file
 * removed and written again within chokidar's atomic window is one change).
 */
async function hears(what: string, action: () => Promise<void>): Promise<void> {
  const [events, file] = what.split(' ');
  const from = heard.length;
  await action();
  await expect
    .poll(() => heard.slice(from).some((event) => events.split('|').some((name) => event === `${name} ${file}`)), { timeout: 5_000, interval: 10 })
    .toBe(true);
}

/** Replaces `file` as `sed -i` does: the new text in a temporary file beside it, renamed over it. */
async function replaceByRename(file: string, text: string): Promise<void> {
  await fs.writeFile(`${file}.tmp`, text);
  await fs.rename(`${file}.tmp`, file);
}

it('hears a file written, the same file replaced by rename twice, and a folder made again under its name', async () => {
  const file = path.join(root, 'tree', 'paths', 'a.yaml');
  await hears('change tree/paths/a.yaml', () => fs.writeFile(file, 'a: 2\n'));
  for (const value of [3, 4]) await hears('change tree/paths/a.yaml', () => replaceByRename(file, `a: ${value}\n`));
  await hears('addDir tree/paths', async () => {
    await fs.rm(path.join(root, 'tree', 'paths'), { recursive: true });
    await fs.mkdir(path.join(root, 'tree', 'paths'));
  });
  await hears('add|change tree/paths/a.yaml', () => fs.writeFile(file, 'a: 5\n'));
  await hears('change tree/paths/a.yaml', () => fs.writeFile(file, 'a: 6\n'));
  expect(warnings).toEqual([]);
});

it('hears a watched file replaced by rename twice, written, removed and added back; not a file beside it', async () => {
  const config = path.join(root, 'redocly.yaml');
  await fs.writeFile(path.join(root, 'beside.yaml'), 'b: 1\n');
  for (const value of [2, 3]) await hears('change redocly.yaml', () => replaceByRename(config, `r: ${value}\n`));
  await hears('change redocly.yaml', () => fs.writeFile(config, 'r: 4\n'));
  await hears('unlink redocly.yaml', () => fs.rm(config));
  await hears('add|change redocly.yaml', () => fs.writeFile(config, 'r: 5\n'));
  expect(heard.filter((event) => !event.endsWith(' redocly.yaml'))).toEqual([]);
  expect(warnings).toEqual([]);
});
