// The test files' times in a vitest JSON report (`.ci/run` writes test-results/vitest.json): each
// tier's sum and the ten slowest files, printed; with `--write`, every file's time rounded to the
// second into test/file-times.json, the order test/support/longest-first.ts starts them in.
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

function main(args: string[]): number {
  const [report, ...rest] = args;
  if (!report || rest.some((arg) => arg !== '--write')) {
    console.error('usage: npm run test:times -- <vitest JSON report> [--write]');
    return 2;
  }
  const times = fileTimes(JSON.parse(fs.readFileSync(report, 'utf8')) as Report);
  console.log(fileTimesSummary(times));
  if (rest.includes('--write')) {
    const sorted = Object.fromEntries([...times].sort(([a], [b]) => a.localeCompare(b)).map(([file, seconds]) => [file, Math.round(seconds)]));
    fs.writeFileSync(path.join(checkout, 'test', 'file-times.json'), `${JSON.stringify(sorted, null, 2)}\n`);
    console.log('wrote test/file-times.json');
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv.slice(2));
