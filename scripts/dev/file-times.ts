// The test files' times in a vitest JSON report (`.ci/run` writes test-results/vitest.json): each
// tier's sum and the ten slowest files, printed; with `--write`, the report's files' times rounded
// to the second into test/file-times.json, the order test/support/longest-first.ts starts them in.
// Usage: npm run test:times -- <report.json> [--write]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface Report {
  testResults: { name: string; startTime: number; endTime: number }[];
}

const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each file of the report (relative to the checkout the report was made in) and its time in seconds. */
export function fileTimes(report: Report): Map<string, number> {
  const times = new Map<string, number>();
  for (const { name, startTime, endTime } of report.testResults) {
    const file = name.slice(name.indexOf('/test/') + 1);
    times.set(file, (endTime - startTime) / 1000);
  }
  return times;
}

/** The printed summary: each tier's sum of file times, then the ten slowest files. */
export function fileTimesSummary(times: Map<string, number>): string {
  const tiers = new Map<string, number>();
  for (const [file, seconds] of times) tiers.set(file.split('/')[1], (tiers.get(file.split('/')[1]) ?? 0) + seconds);
  const slowest = [...times].sort((a, b) => b[1] - a[1]).slice(0, 10);
  return [
    `tiers (sum of file times): ${[...tiers].map(([tier, seconds]) => `${tier} ${seconds.toFixed(0)} s`).join(', ')}`,
    'the ten slowest files (file time):',
    ...slowest.map(([file, seconds]) => `  ${seconds.toFixed(1).padStart(6)} s  ${file}`),
  ].join('\n');
}

/** A report no bigger than this is read: a whole run's is under 2 MB. */
const maxReportBytes = 64 * 1024 * 1024;

/** The report at `file`, or a message saying why it is not one. */
export function readReport(file: string): Report | string {
  let text: string;
  try {
    if (fs.statSync(file).size > maxReportBytes) return `${file} is larger than ${maxReportBytes} bytes: not a test run's report`;
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    return `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch (error) {
    return `${file} is not JSON: ${(error as Error).message}`;
  }
  const results = (report as Partial<Report> | null)?.testResults;
  const valid = Array.isArray(results) && results.every((r) => typeof r?.name === 'string' && typeof r.startTime === 'number' && typeof r.endTime === 'number');
  return valid
    ? (report as Report)
    : `${file} is not a vitest JSON report (its testResults, each with name, startTime and endTime): write one with --reporter=json --outputFile.json=<file>`;
}

/**
 * test/file-times.json with the report's times: a file the report does not have keeps its time (a
 * run of one tier leaves the others' as they were), and a file that no longer exists goes.
 */
export function mergedTimes(committed: Record<string, number>, times: Map<string, number>, exists: (file: string) => boolean): Record<string, number> {
  const merged = new Map([...Object.entries(committed), ...[...times].map(([file, seconds]) => [file, Math.round(seconds)] as const)]);
  return Object.fromEntries([...merged].filter(([file]) => exists(file)).sort(([a], [b]) => a.localeCompare(b)));
}

function main(args: string[]): number {
  const [file, ...rest] = args;
  if (!file || rest.some((arg) => arg !== '--write')) {
    console.error('usage: npm run test:times -- <vitest JSON report> [--write]');
    return 2;
  }
  const report = readReport(file);
  if (typeof report === 'string') {
    console.error(`test:times: ${report}`);
    return 1;
  }
  const times = fileTimes(report);
  console.log(fileTimesSummary(times));
  if (rest.includes('--write')) {
    const target = path.join(checkout, 'test', 'file-times.json');
    const committed = JSON.parse(fs.readFileSync(target, 'utf8')) as Record<string, number>;
    const merged = mergedTimes(committed, times, (name) => fs.existsSync(path.join(checkout, name)));
    // Whole or not at all: a new file renamed over the old one.
    fs.writeFileSync(`${target}.tmp`, `${JSON.stringify(merged, null, 2)}\n`);
    fs.renameSync(`${target}.tmp`, target);
    console.log(`wrote test/file-times.json (${times.size} files from the report, ${Object.keys(merged).length} in all)`);
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
