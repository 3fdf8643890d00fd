// Runs a command to its end and gives back its exit code and output; never throws on a non-zero
// exit. For the end-to-end tests, which are about processes.
import { execFile, execFileSync } from 'node:child_process';
import path from 'node:path';
import type { CommandIo } from '../../scripts/command-line.ts';
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
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
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

/** What `run` of a command of scripts/commands/ is. */
type CommandModule = { run(args: string[], io: CommandIo): Promise<number> };

export interface InProcessOptions {
  /** The checkout the command works on (default: this one). */
  root?: string;
  /** Where the user's relative paths start (default: `root`). */
  cwd?: string;
  /** Added to this process's environment, for the command's io. */
  env?: NodeJS.ProcessEnv;
  /** Stops a command that serves. */
  signal?: AbortSignal;
  /** Each line as it comes, stdout's and stderr's (a server's "listening" line). */
  onLine?: (line: string) => void;
  /**
   * Whose scripts/ to run (default: this checkout's): `root`'s own, for a clone whose toolchain a
   * test changed (the table in scripts/stated/), as `npm run` there would. A fresh module graph.
   */
  ownScripts?: boolean;
}

/**
 * `npm run <name> -- <args>` in this process: the command's `run` with an io that records what it
 * prints. What a spawned command gives, without the seconds a process and its imports cost.
 */
export async function runCommand(name: string, args: string[] = [], options: InProcessOptions = {}): Promise<RunResult> {
  const module = options.ownScripts && options.root ? path.join(options.root, 'scripts', 'commands', `${name}.ts`) : `../../scripts/commands/${name}.ts`;
  const { run } = (await import(module)) as CommandModule;
  let stdout = '';
  let stderr = '';
  let output = '';
  const line = (text: string, to: 'out' | 'err') => {
    if (to === 'out') stdout += `${text}\n`;
    else stderr += `${text}\n`;
    output += `${text}\n`;
    options.onLine?.(text);
  };
  const io: CommandIo = {
    root: options.root ?? root,
    cwd: options.cwd ?? options.root ?? root,
    env: { ...process.env, ...options.env },
    out: (text) => line(text, 'out'),
    err: (text) => line(text, 'err'),
    write: (text) => {
      stdout += text;
      output += text;
    },
    signal: options.signal ?? new AbortController().signal,
  };
  const code = await run(args, io);
  return { code, stdout, stderr, output };
}

/**
 * `npm run -s <script> [-- <args>]` in `cwd`, as a person types it: package.json's script line,
 * scripts/cli/main.ts and the command as a process (-s: npm echoes no command line).
 */
export const npmRun = (cwd: string, script: string, args: string[] = []): Promise<RunResult> =>
  run('npm', ['run', '-s', script, ...(args.length > 0 ? ['--', ...args] : [])], cwd);

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
