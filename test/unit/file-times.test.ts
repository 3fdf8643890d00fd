// What a test run says of its files' times: the reporter's seconds per file
// (support/file-times-reporter.ts), the commands each file ran (support/child-times.ts), and how
// `npm run test:times` reads, prints and merges them (scripts/dev/file-times.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileTimesSummary, mergedTimes, mergeSummary, readSpend, readTimes } from '../../scripts/dev/file-times.ts';
import { childTimesFile, commandLabel, recordChildTime } from '../support/child-times.ts';
import { secondsOf } from '../support/file-times-reporter.ts';
import { root } from '../support/helpers.ts';
import { withScratchFolder } from '../support/scratch-folder.ts';

describe('commandLabel and recordChildTime', () => {
  it('names a node script by its file or its package, and any other command by its program', () => {
    expect(commandLabel(process.execPath, ['scripts/cli/build.ts', '--overlay', 'x.yaml'])).toBe('build');
    expect(commandLabel(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit'])).toBe('vitest');
    expect(commandLabel(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '--noEmit', 'app.ts'])).toBe('typescript');
    expect(commandLabel(process.execPath, ['-e', '1'])).toBe(path.basename(process.execPath));
    expect(commandLabel('/usr/bin/node', ['scripts/cli/lint.ts'])).toBe('lint');
    expect(commandLabel(process.execPath, ['node_modules/@stoplight/spectral-cli/dist/index.js', 'lint'])).toBe('@stoplight/spectral-cli');
    expect(commandLabel('git', ['status'])).toBe('git');
    expect(commandLabel(path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), ['-p', '.'])).toBe('tsc');
  });

  it("adds each command's time to its test file's record, and writes it whole", () => {
    const file = 'test/e2e/not-a-real-file.test.ts';
    try {
      recordChildTime(path.join(root, file), 'build', 1_500);
      recordChildTime(path.join(root, file), 'build', 1_000);
      recordChildTime(path.join(root, file), 'git', 40);
      recordChildTime(undefined, 'build', 9_000);
      expect(JSON.parse(fs.readFileSync(childTimesFile(file), 'utf8'))).toEqual({ build: 2.5, git: 0 });
    } finally {
      fs.rmSync(childTimesFile(file), { force: true });
    }
  });
});

describe('fileTimesSummary', () => {
  it("sums each tier's file times and lists the slowest files first, each with the commands it ran longest", () => {
    const times = new Map([
      ['test/e2e/site.test.ts', 70],
      ['test/unit/lint.test.ts', 4.5],
      ['test/unit/diff.test.ts', 1],
    ]);
    expect(fileTimesSummary(times).split('\n')).toEqual([
      'tiers (sum of file times): e2e 70 s, unit 6 s',
      'the ten slowest files (file time):',
      '    70.0 s  test/e2e/site.test.ts',
      '     4.5 s  test/unit/lint.test.ts',
      '     1.0 s  test/unit/diff.test.ts',
    ]);
    const spend = { 'test/e2e/site.test.ts': { git: 0.05, site: 30.2, build: 12, tsc: 9.5, 'bad\u001b[31m': 1 } };
    expect(fileTimesSummary(times, spend).split('\n').slice(1, 3)).toEqual([
      'the ten slowest files (file time; the commands each ran longest, wall time, overlapping where they ran at once):',
      '    70.0 s  test/e2e/site.test.ts  (site 30.2 s, build 12.0 s, tsc 9.5 s)',
    ]);
  });
});

describe('secondsOf', () => {
  it("counts a file's environment, harness, import, setup files, and its tests and hooks (beforeAll included)", () => {
    const diagnostic = { environmentSetupDuration: 100, prepareDuration: 200, collectDuration: 1_500, setupDuration: 50, duration: 40_000 };
    expect(secondsOf({ diagnostic: () => diagnostic } as unknown as Parameters<typeof secondsOf>[0])).toBe(41.85);
  });
});

describe('mergedTimes', () => {
  it("takes the run's times, keeps the times of files it did not run, and drops files that are gone", () => {
    const committed = { 'test/e2e/site.test.ts': 57, 'test/unit/lint.test.ts': 3, 'test/unit/gone.test.ts': 2 };
    const times = new Map([
      ['test/unit/lint.test.ts', 4.63],
      ['test/unit/new.test.ts', 0.42],
    ]);
    const merged = mergedTimes(committed, times, (file) => !file.includes('gone'));
    expect(merged).toEqual({ 'test/e2e/site.test.ts': 57, 'test/unit/lint.test.ts': 4.6, 'test/unit/new.test.ts': 0.4 });
    expect(mergeSummary(committed, merged)).toBe('1 updated, 1 added, 1 removed (no such file)');
  });
});

describe('readSpend', () => {
  it('reads file-spend.json beside the times, and is empty where it is missing or not an object', async () => {
    await withScratchFolder('spend', async (dir) => {
      const times = path.join(dir, 'file-times.json');
      expect(readSpend(times)).toEqual({});
      fs.writeFileSync(path.join(dir, 'file-spend.json'), '[1]');
      expect(readSpend(times)).toEqual({});
      fs.writeFileSync(path.join(dir, 'file-spend.json'), '{"test/e2e/a.test.ts": {"build": 3}}');
      expect(readSpend(times)).toEqual({ 'test/e2e/a.test.ts': { build: 3 } });
    });
  });
});

describe('readTimes', () => {
  it('names the file and what is wrong with it: missing, not JSON, not the times of test files', async () => {
    await withScratchFolder('times', async (dir) => {
      const file = (name: string, text: string) => (fs.writeFileSync(path.join(dir, name), text), path.join(dir, name));
      expect(readTimes(path.join(dir, 'none.json'))).toBe(`cannot read ${path.join(dir, 'none.json')}: ENOENT`);
      expect(readTimes(file('cut.json', '{"test/unit/a.test.ts": '))).toMatch(/^\S+cut\.json is not JSON: /);
      expect(readTimes(file('report.json', '{"testResults": []}'))).toMatch(/^\S+report\.json is not a run's file times .*: "testResults"$/);
      expect(readTimes(file('elsewhere.json', '{"/home/x/test/unit/a.test.ts": 1}'))).toMatch(
        /is not a run's file times .*: "\/home\/x\/test\/unit\/a\.test\.ts"$/,
      );
      expect(readTimes(file('negative.json', '{"test/unit/a.test.ts": -1}'))).toMatch(/is not a run's file times/);
      expect(readTimes(file('empty.json', '{}'))).toMatch(/is not a run's file times/);
      expect(readTimes(file('good.json', '{"test/unit/a.test.ts": 1.5, "test/e2e/client.types.test-d.ts": 0}'))).toEqual(
        new Map([
          ['test/unit/a.test.ts', 1.5],
          ['test/e2e/client.types.test-d.ts', 0],
        ]),
      );
    });
  });
});
