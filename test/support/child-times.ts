// What a test file spends on the commands it runs (run-command.ts): each command's wall time, by
// what it is (`build`, `lint`, `git`, `typescript`, `vitest`...), written after each command to
// test-results/child-times/, one file per test file; file-times-reporter.ts gathers them at the
// end of the run, and `npm run test:times` shows them beside the slowest files. Commands a file
// runs at once are each counted whole, so their sum can exceed the file's time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Not helpers.ts' root: the reporter imports this file in vitest's own process.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const childTimesFolder = path.join(root, 'test-results', 'child-times');

/** What a command is: a node script by its file (`scripts/cli/build.ts` -> build) or its package, anything else by its program. */
export function commandLabel(command: string, args: string[]): string {
  const program = path.basename(command);
  if (program !== 'node' && command !== process.execPath) return program;
  // The script: node's first argument that is a file (not an option, nor the code of `-e`).
  const script = args.find((arg) => !arg.startsWith('-') && (arg.includes('/') || /\.[mc]?[jt]s$/.test(arg)));
  if (!script) return program;
  // A package's script by its package (node_modules/@redocly/cli/lib/index.js -> @redocly/cli).
  const inPackage = /(?:^|[\\/])node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(script);
  return inPackage ? inPackage[1].replace('\\', '/') : path.basename(script).replace(/\.[mc]?[jt]s$/, '');
}

/** The file each test file's times go to: its checkout-relative name, made one path segment. */
export const childTimesFile = (testFile: string) => path.join(childTimesFolder, `${testFile.replaceAll('/', '__')}.json`);

const spent = new Map<string, Map<string, number>>();

/** Adds `ms` to what the test file at `testPath` spent on `label`, and writes its times. */
export function recordChildTime(testPath: string | undefined, label: string, ms: number): void {
  if (!testPath) return;
  const file = path.relative(root, testPath).split(path.sep).join('/');
  const times = spent.get(file) ?? new Map<string, number>();
  spent.set(file, times.set(label, (times.get(label) ?? 0) + ms));
  fs.mkdirSync(childTimesFolder, { recursive: true });
  const seconds = Object.fromEntries([...times].map(([name, total]) => [name, Number((total / 1000).toFixed(1))]));
  fs.writeFileSync(childTimesFile(file), `${JSON.stringify(seconds)}\n`);
}
