// The order the test files start in (test/vitest.config.ts): the longest first, so that the run
// ends when its files together are done, not when a long file started last is. On a fresh clone
// vitest has no timings of its own and starts the largest files first: the added-operation test
// (the longest, about a third of the run) then started a minute and a half in and ended alone.
// The expected times are test/file-times.json (seconds, from a CI run's report; refresh it with
// `npm run test:times -- test-results/vitest.json --write`); a file it does not name
// goes by vitest's own order, before the named ones, as vitest runs a file it has no timing of.
import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The committed expected times: checkout-relative file → seconds. */
export function readFileTimes(file: string): Map<string, number> {
  const times = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  return new Map(Object.entries(times).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
}

/** `files` (checkout-relative) longest first by `times`; those without a time first, in their order. */
export function longestFirst<T>(files: T[], nameOf: (file: T) => string, times: Map<string, number>): T[] {
  const unknown = files.filter((file) => !times.has(nameOf(file)));
  const known = files.filter((file) => times.has(nameOf(file)));
  return [...unknown, ...known.sort((a, b) => times.get(nameOf(b))! - times.get(nameOf(a))!)];
}

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const times = readFileTimes(path.join(root, 'test', 'file-times.json'));
    return longestFirst(await super.sort(files), (spec) => path.relative(root, spec.moduleId), times);
  }
}
