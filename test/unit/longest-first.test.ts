// The order the test files start in and the shards they are split into, by test/file-times.json,
// which names only test files that exist (support/longest-first.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import LongestFirst, { balancedShards, longestFirst, readFileTimes } from '../support/longest-first.ts';

describe('longestFirst', () => {
  it('starts the files without a time first, in their order, then the others longest first', () => {
    const times = new Map([
      ['test/e2e/short.test.ts', 2],
      ['test/e2e/long.test.ts', 150],
      ['test/unit/middle.test.ts', 8],
    ]);
    const files = ['test/e2e/short.test.ts', 'test/unit/new-b.test.ts', 'test/e2e/long.test.ts', 'test/unit/new-a.test.ts', 'test/unit/middle.test.ts'];
    expect(longestFirst(files, (file) => file, times)).toEqual([
      'test/unit/new-b.test.ts',
      'test/unit/new-a.test.ts',
      'test/e2e/long.test.ts',
      'test/unit/middle.test.ts',
      'test/e2e/short.test.ts',
    ]);
  });

  it('reads test/file-times.json, which names only test files that exist, the longest an e2e file', () => {
    const times = readFileTimes(path.join(root, 'test', 'file-times.json'));
    expect(times.size).toBeGreaterThan(0);
    const missing = [...times.keys()].filter((file) => !fs.existsSync(path.join(root, file)));
    expect(missing, 'remove these from test/file-times.json (npm run test:times -- <report> --write)').toEqual([]);
    expect(longestFirst([...times.keys()], (file) => file, times)[0]).toMatch(/^test\/e2e\//);
  });
});

describe('balancedShards', () => {
  it('gives each file to the shard with the least time so far, longest first, a file without a time counted at the median', () => {
    const times = new Map([
      ['a', 100],
      ['b', 60],
      ['c', 50],
      ['d', 10],
      ['e', 5],
    ]);
    // 100 -> 1; 60 -> 2; 50 -> 2 (110); new (median 50) -> 1 (150); 10 -> 2 (120); 5 -> 2 (125).
    expect(balancedShards(['e', 'new', 'd', 'c', 'b', 'a'], (file) => file, times, 2)).toEqual([
      ['a', 'new'],
      ['b', 'c', 'd', 'e'],
    ]);
  });

  it('splits the same files the same way whatever order they come in, equal times by name', () => {
    const times = new Map([
      ['x', 7],
      ['y', 7],
      ['z', 7],
    ]);
    const shards = (files: string[]) => balancedShards(files, (file) => file, times, 3);
    expect(shards(['z', 'y', 'x'])).toEqual([['x'], ['y'], ['z']]);
    expect(shards(['y', 'x', 'z'])).toEqual(shards(['z', 'y', 'x']));
  });

  it("splits the e2e tier's files into the workflow's three shards, each within the longest file of a third of the time", () => {
    const times = readFileTimes(path.join(root, 'test', 'file-times.json'));
    const files = fs
      .readdirSync(path.join(root, 'test', 'e2e'))
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => `test/e2e/${name}`);
    const shards = balancedShards(files, (file) => file, times, 3);
    expect(shards.flat().sort()).toEqual([...files].sort());
    const timeOf = (shard: string[]) => shard.reduce((sum, file) => sum + (times.get(file) ?? 0), 0);
    const third = timeOf(files) / 3;
    const longest = Math.max(...files.map((file) => times.get(file) ?? 0));
    for (const shard of shards) expect(Math.abs(timeOf(shard) - third)).toBeLessThanOrEqual(longest);
  });
});

describe('LongestFirst, as vitest calls it', () => {
  // The checkout's own files and times, through the sequencer vitest makes from test/vitest.config.ts.
  const times = readFileTimes(path.join(root, 'test', 'file-times.json'));
  const project = (name: string, isolate: boolean) => ({ name, config: { sequence: { groupOrder: 0 }, isolate } });
  const e2e = project('e2e', true);
  const unit = project('unit', false);
  const spec = (file: string) => ({ moduleId: path.join(root, file), project: file.startsWith('test/unit/') ? unit : e2e });
  const files = [...times.keys()].filter((file) => !file.startsWith('test/languages/')).map(spec);
  const sequencer = (shard?: { index: number; count: number }) =>
    new LongestFirst({ config: { root, shard }, cache: { getTestSpecificationResult: () => undefined } } as unknown as ConstructorParameters<
      typeof LongestFirst
    >[0]);
  const nameOf = (one: { moduleId: string }) => path.relative(root, one.moduleId);
  type Specs = Parameters<LongestFirst['sort']>[0];

  it("starts each project's files longest first, one project after the other", async () => {
    const sorted = (await sequencer().sort(files as unknown as Specs)).map(nameOf);
    const e2eFiles = sorted.filter((file) => file.startsWith('test/e2e/'));
    expect(sorted).toEqual([...e2eFiles, ...sorted.filter((file) => file.startsWith('test/unit/'))]);
    expect(e2eFiles).toEqual([...e2eFiles].sort((a, b) => times.get(b)! - times.get(a)!));
    expect(e2eFiles[0]).toBe([...times].filter(([file]) => file.startsWith('test/e2e/')).sort((a, b) => b[1] - a[1])[0][0]);
  });

  it('gives each file to one shard of three, as balancedShards splits them', async () => {
    const shards = await Promise.all([1, 2, 3].map(async (index) => (await sequencer({ index, count: 3 }).shard(files as unknown as Specs)).map(nameOf)));
    expect(shards).toEqual(balancedShards(files.map(nameOf), (file) => file, times, 3));
    expect(shards.flat().sort()).toEqual(files.map(nameOf).sort());
  });
});
