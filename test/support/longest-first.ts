// The order the test files start in (test/vitest.config.ts), and the files each shard of a tier
// runs (the pull-request workflow runs the e2e tier as `--shard 1/3` and so on, one job each).
// Without timings of its own (a fresh clone: CI) vitest orders a project's files by size, and it
// splits shards by a hash of their names: the longest file could start late, and the three e2e
// jobs took 114, 85 and 69 s each alone on a 2-core machine (107, 94 and 87 s balanced by time:
// docs/speed.md). Here both come from test/file-times.json (seconds,
// from a CI run; refresh it with `npm run test:times -- test-results/file-times.json --write`):
// each project's files longest first, and shards balanced by those times. A file it does not name
// starts first in its project, and counts as a file of the median time in a shard.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { readTimes } from '../../scripts/dev/file-times.ts';

/** The committed expected times (read as `npm run test:times` reads a run's): checkout-relative file → seconds. */
export function readFileTimes(file: string): Map<string, number> {
  const times = readTimes(file);
  if (typeof times === 'string') throw new Error(`the test order (test/support/longest-first.ts): ${times}`);
  return times;
}

/** `files` (checkout-relative) longest first by `times`; those without a time first, in their order. */
export function longestFirst<T>(files: T[], nameOf: (file: T) => string, times: Map<string, number>): T[] {
  const unknown = files.filter((file) => !times.has(nameOf(file)));
  const known = files.filter((file) => times.has(nameOf(file)));
  return [...unknown, ...known.sort((a, b) => times.get(nameOf(b))! - times.get(nameOf(a))!)];
}

/**
 * `files` in `count` shards of about equal time: each file, longest first (by name where two are
 * equal), goes to the shard with the least time so far. The same files and times give every
 * shard's job the same split, whatever order vitest lists them in.
 */
export function balancedShards<T>(files: T[], nameOf: (file: T) => string, times: Map<string, number>, count: number): T[][] {
  const known = [...times.values()].sort((a, b) => a - b);
  const typical = known.length > 0 ? known[Math.floor(known.length / 2)] : 1;
  const timeOf = (file: T) => times.get(nameOf(file)) ?? typical;
  const byTime = [...files].sort((a, b) => timeOf(b) - timeOf(a) || (nameOf(a) < nameOf(b) ? -1 : nameOf(a) > nameOf(b) ? 1 : 0));
  const shards = Array.from({ length: count }, () => ({ files: [] as T[], time: 0 }));
  for (const file of byTime) {
    const least = shards.reduce((best, shard) => (shard.time < best.time ? shard : best));
    least.files.push(file);
    least.time += timeOf(file);
  }
  return shards.map((shard) => shard.files);
}

export default class LongestFirst extends BaseSequencer {
  private names(): { nameOf: (spec: TestSpecification) => string; times: Map<string, number> } {
    const root = this.ctx.config.root;
    return { nameOf: (spec) => path.relative(root, spec.moduleId).split(path.sep).join('/'), times: readFileTimes(path.join(root, 'test', 'file-times.json')) };
  }

  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const { nameOf, times } = this.names();
    return balancedShards(files, nameOf, times, count)[index - 1];
  }

  /** Within each project, in vitest's order of the projects: a unit worker (isolate: false) then goes on to the next unit file with its linters loaded. */
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { nameOf, times } = this.names();
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of await super.sort(files)) byProject.set(spec.project.name, [...(byProject.get(spec.project.name) ?? []), spec]);
    return [...byProject.values()].flatMap((specs) => longestFirst(specs, nameOf, times));
  }
}
