// The languages tier's reuse of a result (reusedWhenSame in test/support/languages.ts): only when
// every input its key names is byte for byte the same; a changed byte, file name or text part
// produces again; what the key ignores does not count; nothing is reused under
// EMAIL_DELIVERY_NO_REUSE=1 or from a results folder others may write.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makeScratchFolder } from '../support/scratch-folder.ts';

let tools = '';
let work = '';
let reusedWhenSame: typeof import('../support/languages.ts').reusedWhenSame;
const saved = process.env.EMAIL_DELIVERY_TOOLS;
// A cold run of the suite (EMAIL_DELIVERY_NO_REUSE=1, the bench's) still tests reuse itself.
const savedNoReuse = process.env.EMAIL_DELIVERY_NO_REUSE;

beforeAll(async () => {
  tools = await makeScratchFolder('reuse-tools');
  process.env.EMAIL_DELIVERY_TOOLS = tools;
  delete process.env.EMAIL_DELIVERY_NO_REUSE;
  // A fresh module: the tools folder is read when it loads.
  const url = new URL('../support/languages.ts', import.meta.url);
  url.search = `?tools=${encodeURIComponent(tools)}`;
  ({ reusedWhenSame } = await import(url.href));
});
afterAll(async () => {
  if (saved === undefined) delete process.env.EMAIL_DELIVERY_TOOLS;
  else process.env.EMAIL_DELIVERY_TOOLS = saved;
  if (savedNoReuse !== undefined) process.env.EMAIL_DELIVERY_NO_REUSE = savedNoReuse;
  await fs.rm(tools, { recursive: true, force: true });
});
beforeEach(async () => {
  work = await makeScratchFolder('reuse');
  await fs.mkdir(path.join(work, 'tree', 'sub'), { recursive: true });
  await fs.writeFile(path.join(work, 'tree', 'a.txt'), 'a');
  await fs.writeFile(path.join(work, 'tree', 'sub', 'b.txt'), 'b');
  await fs.writeFile(path.join(work, 'input.json'), '{"x":1}');
  return () => fs.rm(work, { recursive: true, force: true });
});

/** One use: the key over the input file and the tree; produce writes out/result.txt and returns a value. */
async function use(name: string, text = 'pinned 1'): Promise<{ produced: boolean; value: string; output: string }> {
  let produced = false;
  const out = path.join(work, `out-${Math.random().toString(36).slice(2)}`);
  const key = [text, { file: path.join(work, 'input.json') }, { tree: path.join(work, 'tree'), ignored: /\.cache$/ }];
  const value = await reusedWhenSame(name, key, out, ['result.txt'], async () => {
    produced = true;
    await fs.mkdir(out, { recursive: true });
    await fs.writeFile(path.join(out, 'result.txt'), 'made');
    return 'the warnings';
  });
  return { produced, value, output: await fs.readFile(path.join(out, 'result.txt'), 'utf8') };
}

describe('reusedWhenSame', () => {
  it('reuses the files and the value when every input is the same', async () => {
    expect(await use('same')).toEqual({ produced: true, value: 'the warnings', output: 'made' });
    expect(await use('same')).toEqual({ produced: false, value: 'the warnings', output: 'made' });
  });

  it.each([
    ['a byte of the input file', () => fs.writeFile(path.join(work, 'input.json'), '{"x":2}')],
    ['a byte of a file in the tree', () => fs.writeFile(path.join(work, 'tree', 'sub', 'b.txt'), 'B')],
    ['a file added to the tree', () => fs.writeFile(path.join(work, 'tree', 'c.txt'), '')],
    ['a file of the tree renamed', () => fs.rename(path.join(work, 'tree', 'a.txt'), path.join(work, 'tree', 'z.txt'))],
  ])('produces again after a change to %s', async (_what, change) => {
    const name = `changed-${Math.random().toString(36).slice(2)}`;
    expect((await use(name)).produced).toBe(true);
    await change();
    expect((await use(name)).produced).toBe(true);
    expect((await use(name)).produced).toBe(false);
  });

  it('produces again when a text part (a tool version) changes, and ignores what the key ignores', async () => {
    expect((await use('text')).produced).toBe(true);
    expect((await use('text', 'pinned 2')).produced).toBe(true);
    await fs.writeFile(path.join(work, 'tree', 'x.cache'), String(Date.now()));
    expect((await use('text', 'pinned 2')).produced).toBe(false);
  });

  it('keeps one entry per name', async () => {
    await use('one');
    await fs.writeFile(path.join(work, 'input.json'), '{"x":3}');
    await use('one');
    expect((await fs.readdir(path.join(tools, 'results'))).filter((entry) => entry.startsWith('one-'))).toHaveLength(1);
  });

  it('reuses nothing under EMAIL_DELIVERY_NO_REUSE=1', async () => {
    await use('off');
    process.env.EMAIL_DELIVERY_NO_REUSE = '1';
    try {
      expect((await use('off')).produced).toBe(true);
    } finally {
      delete process.env.EMAIL_DELIVERY_NO_REUSE;
    }
  });

  it('refuses a results folder others may write', async () => {
    const results = path.join(tools, 'results');
    await fs.mkdir(results, { recursive: true });
    await fs.chmod(results, 0o777);
    try {
      await expect(use('open')).rejects.toThrow(`${results} is not a folder only you can read and write (mode 0700): remove it`);
    } finally {
      await fs.chmod(results, 0o700);
    }
  });
});
