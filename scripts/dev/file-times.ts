// The test files' times of a run (test/support/file-times-reporter.ts writes them, as `npm test`
// runs, to test-results/file-times.json): each tier's sum and the ten slowest files, printed; with
// `--write`, merged into test/file-times.json (tenths of a second): the order
// test/support/longest-first.ts starts the files in and the shards it splits them into.
// Usage: npm run test:times -- <test-results/file-times.json> [--write]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A run's times are a few kilobytes: a file larger than this is not one. */
const maxBytes = 1024 * 1024;
/** A test file's name as the reporter writes it: relative to the checkout, in a tier's folder. */
const testFile = /^test\/(unit|e2e|languages)\/[\w./-]+\.test(-d)?\.ts$/;

/** The times in `file` (test file → seconds), or a message saying why it holds none. */
export function readTimes(file: string): Map<string, number> | string {
  let text: string;
  try {
    if (fs.statSync(file).size > maxBytes) return `${file} is larger than ${maxBytes} bytes: not a run's file times`;
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
  let times: unknown;
  try {
    times = JSON.parse(text);
  } catch (error) {
    return `${file} is not JSON: ${(error as Error).message}`;
  }
  const entries = times !== null && typeof times === 'object' && !Array.isArray(times) ? Object.entries(times) : [];
  const wrong = entries.find(([name, seconds]) => !testFile.test(name) || typeof seconds !== 'number' || !(seconds >= 0));
  if (entries.length === 0 || wrong)
    return `${file} is not a run's file times (test file -> seconds, as \`npm test\` writes test-results/file-times.json)${wrong ? `: ${JSON.stringify(wrong[0]).slice(0, 120)}` : ''}`;
  return new Map(entries as [string, number][]);
}

/** What a file spent on the commands it ran (test-results/file-spend.json): file → command → seconds. */
export type Spend = Record<string, Record<string, number>>;

/** The spend beside a run's times (test-results/file-spend.json), or nothing when it is missing or not one. */
export function readSpend(timesFile: string): Spend {
  const file = path.join(path.dirname(timesFile), 'file-spend.json');
  try {
    if (fs.statSync(file).size > maxBytes) return {};
    const spend = JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;
    return spend !== null && typeof spend === 'object' && !Array.isArray(spend) ? (spend as Spend) : {};
  } catch {
    return {};
  }
}

/** " (vitest 44.0 s, build 4.8 s, lint 9.8 s)": the commands a file spent most on, at most three. */
function spentOn(commands: Record<string, number> | undefined): string {
  const top = Object.entries(commands ?? {})
    .filter(([, seconds]) => typeof seconds === 'number' && seconds >= 0.1)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3);
  return top.length > 0 ? `  (${top.map(([name, seconds]) => `${name.replace(/[^\w.@/-]/g, '?')} ${seconds.toFixed(1)} s`).join(', ')})` : '';
}

/** The printed summary: each tier's sum of file times, then the ten slowest files, each with the commands it spent most on. */
export function fileTimesSummary(times: Map<string, number>, spend: Spend = {}): string {
  const tiers = new Map<string, number>();
  for (const [file, seconds] of times) tiers.set(file.split('/')[1], (tiers.get(file.split('/')[1]) ?? 0) + seconds);
  const slowest = [...times].sort((a, b) => b[1] - a[1]).slice(0, 10);
  return [
    `tiers (sum of file times): ${[...tiers].map(([tier, seconds]) => `${tier} ${seconds.toFixed(0)} s`).join(', ')}`,
    `the ten slowest files (file time${Object.keys(spend).length > 0 ? '; the commands each ran longest, wall time, overlapping where they ran at once' : ''}):`,
    ...slowest.map(([file, seconds]) => `  ${seconds.toFixed(1).padStart(6)} s  ${file}${spentOn(spend[file])}`),
  ].join('\n');
}

/**
 * test/file-times.json with the run's times: a file the run does not have keeps its time (a run of
 * one tier leaves the others' as they were), and a file that no longer exists goes.
 */
export function mergedTimes(committed: Record<string, number>, times: Map<string, number>, exists: (file: string) => boolean): Record<string, number> {
  const merged = new Map([...Object.entries(committed), ...[...times].map(([file, seconds]) => [file, Math.round(seconds * 10) / 10] as const)]);
  // By code unit, not locale: every machine writes the same file.
  return Object.fromEntries([...merged].filter(([file]) => exists(file)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** What --write changed: "3 updated, 1 added, 2 removed (no such file)". */
export function mergeSummary(before: Record<string, number>, after: Record<string, number>): string {
  const updated = Object.keys(after).filter((file) => file in before && before[file] !== after[file]).length;
  const added = Object.keys(after).filter((file) => !(file in before)).length;
  const removed = Object.keys(before).filter((file) => !(file in after)).length;
  return `${updated} updated, ${added} added, ${removed} removed (no such file)`;
}

const usage = 'usage: npm run test:times -- <file-times.json> [--write]   (`npm test` writes test-results/file-times.json)';

function main(args: string[]): number {
  const files = args.filter((arg) => !arg.startsWith('-'));
  const unknown = args.filter((arg) => arg.startsWith('-') && arg !== '--write');
  if (files.length !== 1 || unknown.length > 0) {
    const problem = unknown.length > 0 ? `no option ${unknown.join(', ')}` : files.length === 0 ? 'no file given' : `one file, not ${files.length}`;
    console.error(`test:times: ${problem}\n${usage}`);
    return 2;
  }
  // As the other commands: a path is relative to where npm was run.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), files[0]);
  const times = readTimes(file);
  if (typeof times === 'string') {
    console.error(`test:times: ${times}`);
    return 1;
  }
  console.log(fileTimesSummary(times, readSpend(file)));
  if (args.includes('--write')) {
    const target = path.join(checkout, 'test', 'file-times.json');
    const read = readTimes(target);
    if (typeof read === 'string') {
      console.error(`test:times: ${read}`);
      return 1;
    }
    const committed = Object.fromEntries(read);
    const exists = (name: string) => fs.existsSync(path.join(checkout, name));
    const gone = [...times.keys()].filter((name) => !exists(name));
    if (gone.length > 0) console.error(`test:times: ${gone.length} of the run's files are not in this checkout (${gone.slice(0, 3).join(', ')}): left out`);
    const merged = mergedTimes(committed, times, exists);
    // Whole or not at all: a new file renamed over the old one.
    fs.writeFileSync(`${target}.tmp`, `${JSON.stringify(merged, null, 2)}\n`);
    fs.renameSync(`${target}.tmp`, target);
    console.log(`wrote test/file-times.json: ${mergeSummary(committed, merged)}; ${Object.keys(merged).length} files in all`);
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
