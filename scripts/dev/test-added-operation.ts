// `npm run test:added-operation`: the whole unit tier and the mutations of the area on a copy of
// the project with an operation #N+1 added by the five hand edits of added-operation.ts (no test
// counts or lists by hand what the table knows; the area's mutations are still caught). It copies
// the checkout's files (tracked, or new and not ignored) as the working tree has them into a
// temporary git repository (committed, tagged with the package's version), makes the edits, and
// runs there, one after the other: npm run build, npm run test:unit, npm run mutate -- --in
// paths/v1_webhooks. A line before and after each; exit 1 at the first that fails (the copy is
// kept, and named), 0 when all pass. Weekly in .github/workflows/added-operation.yml;
// test/e2e/added-operation.test.ts proves the rest (lint, build, check and the gate pass; each
// edit is needed) in process on every test run.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type CommandDefinition, commandLine } from '../command-line.ts';
import { addedNumber, handEdits, makeEdits, stillNeeded } from './added-operation.ts';
import { commitAsRelease } from './release-repository.ts';

const exec = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..', '..');
const say = (line: string) => console.log(`test:added-operation: ${line}`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

/** The checkout's files as the working tree has them, in a new git repository whose one commit is tagged as the release. */
async function copyCheckout(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-added-operation-'));
  // What `git add -A` would take: the tracked files and the new ones .gitignore does not ignore.
  const { stdout } = await exec('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, maxBuffer: 16 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    const from = path.join(root, file);
    if (!(await fs.lstat(from).catch(() => undefined))) continue; // deleted in the working tree
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.cp(from, path.join(dir, file), { verbatimSymlinks: true });
  }
  await fs.symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await commitAsRelease(dir);
  return dir;
}

/**
 * `npm run <args>` in `dir`, its output on this terminal; resolves its exit code. Its tests get a
 * process mark of their own (test/support/global-setup.ts), so that their teardown ends only what
 * they started, not what a test run around this one started.
 */
function npmRun(dir: string, args: string[]): Promise<number> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  env.EMAIL_DELIVERY_TEST_RUN = `added-operation-${process.pid}`;
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', ...args], { cwd: dir, stdio: 'inherit', env });
    child.on('error', () => resolve(127));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

const steps = [['build'], ['test:unit'], ['mutate', '--', '--in', 'paths/v1_webhooks']];

const definition: CommandDefinition = {
  name: 'test:added-operation',
  summary: [
    'Copies the checkout (its tracked files and new ones, as the working tree has them) into a',
    `temporary repository, adds operation #${addedNumber} there by the hand edits CONTRIBUTING.md lists, and runs`,
    `${steps.map((args) => `npm run ${args.join(' ')}`).join(', ')} in it. About a minute on 2 cores.`,
  ].join('\n'),
  options: {},
  examples: ['npm run test:added-operation'],
  exits: [
    [0, "the unit tier and the area's mutations pass with the operation added"],
    [1, 'a step failed (the copy is kept, and named)'],
    [2, 'bad arguments'],
  ],
};

async function main(): Promise<number> {
  const started = performance.now();
  const dir = await copyCheckout();
  say(`a copy of the checkout in ${dir} (${seconds(started)})`);
  await makeEdits(dir, [...handEdits, ...stillNeeded]);
  say(`operation #${addedNumber} (PUT /v1/webhooks/{id}, replaceWebhook) added: ${[...handEdits, ...stillNeeded].map(({ file }) => file).join(', ')}`);
  for (const [index, args] of steps.entries()) {
    const stepStarted = performance.now();
    const shown = `npm run ${args.join(' ')}`;
    say(`[${index + 1}/${steps.length}] ${shown}`);
    const code = await npmRun(dir, args);
    if (code !== 0) {
      say(`FAILED: \`${shown}\` exited ${code} after ${seconds(stepStarted)}; the copy is kept for a look: ${dir}`);
      return 1;
    }
    say(`[${index + 1}/${steps.length}] ${shown} passed in ${seconds(stepStarted)}`);
  }
  await fs.rm(dir, { recursive: true, force: true });
  say(`passed in ${seconds(started)}: the unit tier and the area's mutations hold with operation #${addedNumber} added`);
  return 0;
}

const parsed = commandLine(definition, process.argv.slice(2), {
  err: (line) => console.error(line),
  write: (text) => void process.stdout.write(text),
  env: process.env,
});
process.exitCode =
  typeof parsed === 'number'
    ? parsed
    : await main().catch((error: unknown) => {
        say(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return 1;
      });
