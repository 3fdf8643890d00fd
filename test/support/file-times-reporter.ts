// A vitest reporter (test/vitest.config.ts, and .ci/run's `npm test`): at the end of a run, each
// test file that passed and the seconds its worker spent on it (its import and environment, its
// hooks, beforeAll included, and its tests) into test-results/file-times.json, and what it spent
// on the commands it ran (child-times.ts) into test-results/file-spend.json. Vitest's JSON report
// gives a file only the span of its tests, without the build a beforeAll makes. `npm run
// test:times` prints them and merges the times into test/file-times.json (longest-first.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { childTimesFile, childTimesFolder } from './child-times.ts';

/** The seconds a worker spent on `module`: environment, harness, import, setup files, then tests and hooks. */
export function secondsOf(module: Pick<TestModule, 'diagnostic'>): number {
  const { environmentSetupDuration, prepareDuration, collectDuration, setupDuration, duration } = module.diagnostic();
  return (environmentSetupDuration + prepareDuration + collectDuration + setupDuration + duration) / 1000;
}

export default class FileTimesReporter implements Reporter {
  private root = '';

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
    // Only this run's commands are counted.
    fs.rmSync(childTimesFolder, { recursive: true, force: true });
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    // A failed or skipped file's time is not its time: it keeps the one it has.
    const passed = modules.filter((module) => module.state() === 'passed');
    if (passed.length === 0) return;
    const times = Object.fromEntries(
      passed.map((module) => [path.relative(this.root, module.moduleId).split(path.sep).join('/'), Number(secondsOf(module).toFixed(1))]),
    );
    const spend = Object.fromEntries(
      Object.keys(times).flatMap((file) => {
        const written = fs.existsSync(childTimesFile(file)) ? JSON.parse(fs.readFileSync(childTimesFile(file), 'utf8')) : undefined;
        return written ? [[file, written]] : [];
      }),
    );
    const folder = path.join(this.root, 'test-results');
    fs.mkdirSync(folder, { recursive: true });
    for (const [name, value] of [
      ['file-times.json', times],
      ['file-spend.json', spend],
    ] as const) {
      fs.writeFileSync(path.join(folder, `${name}.tmp`), `${JSON.stringify(value, null, 2)}\n`);
      fs.renameSync(path.join(folder, `${name}.tmp`), path.join(folder, name));
    }
  }
}
