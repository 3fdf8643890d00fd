// The one writer of a file the user named (scripts/write-atomically.ts), in process: whole or not at
// all, its temporary file created exclusively under a name nobody can guess and opened through no
// link, a link at the file's own name replaced rather than written through, a mode set whatever the
// umask; and no other file of scripts/ writes a temporary file of its own.
import fs from 'node:fs/promises';
import { constants } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMcpBundle } from '../../scripts/mcp/mcp-bundle.ts';
import { writeAtomically } from '../../scripts/write-atomically.ts';
import { filesNotIgnored } from '../support/files-not-ignored.ts';
import { root } from '../support/helpers.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const scratch = scratchFolderPerFile('write-atomically');
afterEach(() => vi.restoreAllMocks());

describe('writeAtomically', () => {
  it('writes the whole text, and leaves nothing else beside it', async () => {
    const file = path.join(scratch.dir, 'whole.txt');
    await writeAtomically(file, 'whole\n');
    expect(await fs.readFile(file, 'utf8')).toBe('whole\n');
    expect((await fs.readdir(scratch.dir)).filter((name) => name.includes('whole'))).toEqual(['whole.txt']);
  });

  it('creates its temporary file exclusively, through no link, under a new random name each time', async () => {
    const opened: [string, number][] = [];
    const open = fs.open;
    vi.spyOn(fs, 'open').mockImplementation(((file: string, flags: number, mode?: number) => {
      opened.push([file, flags]);
      return open(file, flags, mode);
    }) as typeof fs.open);
    const file = path.join(scratch.dir, 'flags.txt');
    await writeAtomically(file, 'a');
    await writeAtomically(file, 'b');
    expect(opened).toHaveLength(2);
    for (const [name, flags] of opened) {
      expect(path.dirname(name)).toBe(scratch.dir);
      expect(path.basename(name)).toMatch(/^\.flags\.txt\.[0-9a-f]{24}\.tmp$/);
      const wanted = constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW | constants.O_WRONLY;
      expect(flags & wanted).toBe(wanted);
    }
    expect(opened[0][0]).not.toBe(opened[1][0]);
    expect(path.basename(opened[0][0])).not.toContain(String(process.pid));
  });

  it.each([
    ['255 ASCII characters', 'a'.repeat(251) + '.txt'],
    ['85 characters of 3 bytes each (255 bytes)', '語'.repeat(85)],
  ])('writes a file whose name is as long as a file system takes: %s', async (_, name) => {
    const file = path.join(scratch.dir, name);
    await writeAtomically(file, 'long');
    expect(await fs.readFile(file, 'utf8')).toBe('long');
  });

  it("replaces a link at the file's own name with the file, and never writes where it points", async () => {
    const victim = path.join(scratch.dir, 'victim.txt');
    const file = path.join(scratch.dir, 'linked.txt');
    await fs.writeFile(victim, 'untouched');
    await fs.symlink(victim, file);
    await writeAtomically(file, 'written');
    expect(await fs.readFile(victim, 'utf8')).toBe('untouched');
    expect((await fs.lstat(file)).isFile()).toBe(true);
    expect(await fs.readFile(file, 'utf8')).toBe('written');
  });

  it.each([
    ['0o600 under umask 0', 0o600, 0o000],
    ['0o600 under umask 0o277, which would take its write bit', 0o600, 0o277],
    ['0o644 under umask 0o077', 0o644, 0o077],
  ])("a mode is the file's exactly: %s", async (_, mode, umask) => {
    const file = path.join(scratch.dir, `mode-${umask}.txt`);
    const old = process.umask(umask);
    try {
      await writeAtomically(file, 'x', { mode });
    } finally {
      process.umask(old);
    }
    expect((await fs.stat(file)).mode & 0o777).toBe(mode);
  });

  it.each([
    ['a folder that does not exist', (dir: string) => path.join(dir, 'missing', 'x.txt'), /^shown could not be written \(its folder \S+ does not exist\)$/],
    ['a folder in its place', (dir: string) => dir, /^shown could not be written \(it is a folder\)$/],
  ])('%s: a ReportedError naming the file as shown, nothing left behind', async (_, target, message) => {
    const dir = path.join(scratch.dir, 'refused');
    await fs.mkdir(dir, { recursive: true });
    await expect(writeAtomically(target(dir), 'x', { shownAs: 'shown' })).rejects.toThrow(message);
    expect((await fs.readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

// Found by the fourth review (issue 57, finding 3): verify wrote `<file>.<pid>.tmp` without exclusive
// creation, and lint --fix did the same beside the source; every writer now goes through the one above.
it('no other file of scripts/ names a temporary file of its own', async () => {
  const writers: string[] = [];
  for (const file of filesNotIgnored().map((name) => path.relative(root, name))) {
    if (!file.startsWith(`scripts${path.sep}`) || !file.endsWith('.ts') || file === path.join('scripts', 'write-atomically.ts')) continue;
    const text = await fs.readFile(path.join(root, file), 'utf8');
    if (/\}\.tmp`|writeFile(Sync)?\(\s*(temporary|tmp)\b/.test(text)) writers.push(file);
  }
  expect(writers).toEqual([]);
});

// Found in review: the MCP Bundle `npm run package` writes beside the tarball went through the mcpb
// CLI's own write, which followed a link planted at its name.
it('the MCP Bundle is written the same way: a link planted at its name is replaced, never written through', async () => {
  const dir = path.join(scratch.dir, 'bundle');
  await fs.mkdir(dir);
  const victim = path.join(scratch.dir, 'bundle-victim.txt');
  await fs.writeFile(victim, 'untouched');
  const version = (JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
  await fs.symlink(victim, path.join(dir, `email-delivery-mcp-${version}.mcpb`));
  const bundle = await makeMcpBundle(root, dir);
  expect(bundle).toBe(path.join(dir, `email-delivery-mcp-${version}.mcpb`));
  expect(await fs.readFile(victim, 'utf8')).toBe('untouched');
  expect((await fs.lstat(bundle)).isFile()).toBe(true);
  expect((await fs.readFile(bundle)).subarray(0, 4)).toEqual(Buffer.from('PK\x03\x04', 'latin1'));
  expect(await fs.readdir(dir)).toEqual([path.basename(bundle)]);
});
