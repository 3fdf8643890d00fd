// Runs a command to its end and gives back its exit code and output; never throws on a non-zero
// exit. For the end-to-end tests, which are about processes.
import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { commandLabel, recordChildTime } from './child-times.ts';
import { root } from './helpers.ts';

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
  output: string;
}

export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  return runInEnvironment(command, args, cwd, { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env });
}

/** As {@link run}, with `env` as the whole environment, not added to this process's. */
export function runInEnvironment(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<RunResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      recordChildTime(expect.getState().testPath, commandLabel(command, args), performance.now() - started);
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr, output: `${stdout}\n${stderr}` });
    });
  });
}

/**
 * The `tsc` of one of the installed TypeScripts: `typescript` (5.9, the toolchain's), `typescript-6`
 * or `typescript-7`. By path: all three packages name their binary `tsc`.
 */
export const tsc = (pkg: 'typescript' | 'typescript-6' | 'typescript-7') => path.join(root, 'node_modules', pkg, 'bin', 'tsc');

/** `npm run <name>` of the checkout at `cwd`, as package.json gives it, without npm's own start-up. */
export async function runScript(cwd: string, name: string, args: string[] = [], env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  const { scripts } = JSON.parse(await import('node:fs/promises').then((fs) => fs.readFile(path.join(cwd, 'package.json'), 'utf8')));
  const [command, ...commandArgs] = String(scripts[name] ?? '').split(' ');
  if (command !== 'node') throw new Error(`package.json: script '${name}' is not a node command: ${scripts[name]}`);
  return run(process.execPath, [...commandArgs, ...args], cwd, env);
}

/** The first `node` on PATH outside node_modules: the machine's own Node, whatever npm put first. */
export function systemNode(): { file: string; version: string; major: number } {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir.includes('node_modules')) continue;
    const file = path.join(dir, 'node');
    try {
      const version = execFileSync(file, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
      return { file, version, major: Number(version.split('.')[0]) };
    } catch {
      // not there: the next PATH entry
    }
  }
  throw new Error('no node on PATH outside node_modules');
}
