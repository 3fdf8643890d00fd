// The standard lint of a description with overlays (lint-overlaid.ts) in a child process of its own,
// on this Node: the command's process never loads the linters (Redocly, Spectral and markdownlint
// are about 90 MB of modules, and a lint about 50 MB more, which a process keeps once it has them),
// so what it holds afterwards is its own work's: `verify --traffic` then reads the traffic in the
// memory it takes without an overlay. The child is bounded (its heap, its time, what it prints) and
// has ended before the command goes on; whatever goes wrong is one line.
import { spawn } from 'node:child_process';
import module from 'node:module';
import { fileURLToPath } from 'node:url';
import { ReportedError } from '../project.ts';
import type { StandardProblem } from './lint-overlaid.ts';

export const lintApartLimits = {
  /** The child's V8 heap, in MB: the lint of a description the overlays grew to its 16 MiB bound fits. */
  heapMb: 1024,
  seconds: 300,
  /** What the child may print on stdout (its problems, as JSON) and on stderr (kept for the message). */
  outputBytes: 64 * 1024 * 1024,
  errorBytes: 4096,
};

const childFile = fileURLToPath(new URL('./lint-apart-child.ts', import.meta.url));

/** Every problem of the standard lint of `json` (the description with overlays applied), from the child. */
export function standardProblemsApart(json: string): Promise<StandardProblem[]> {
  // The child compiles the linters' modules from this process's compile cache (cli/main.ts), when it has one.
  const cache = module.getCompileCacheDir();
  const child = spawn(process.execPath, [`--max-old-space-size=${lintApartLimits.heapMb}`, childFile], {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...(cache ? { NODE_COMPILE_CACHE: cache } : {}) },
  });
  return new Promise((resolve, reject) => {
    const out: Buffer[] = [];
    let outBytes = 0;
    let error = '';
    let why: string | undefined;
    const stop = (reason: string) => {
      why ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop(`it took more than ${lintApartLimits.seconds} s`), lintApartLimits.seconds * 1000);
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > lintApartLimits.outputBytes) stop(`it printed more than ${lintApartLimits.outputBytes} bytes`);
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (error.length < lintApartLimits.errorBytes) error += chunk.toString('utf8').slice(0, lintApartLimits.errorBytes - error.length);
    });
    // A child that ended before it read everything closes its stdin: its exit says why.
    child.stdin.on('error', () => {});
    const fail = (reason: string) => reject(new ReportedError(`the standard lint of the description with the overlays, run apart, failed: ${reason}`));
    child.on('error', (spawnError) => {
      clearTimeout(timer);
      fail(spawnError.message);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (why !== undefined) return fail(why);
      if (code !== 0) {
        const heap = /heap limit|out of memory/i.test(error) ? `it needed more than its ${lintApartLimits.heapMb} MB of heap` : undefined;
        const last = error.trim().split('\n').at(-1);
        return fail(heap ?? `it ended with ${signal ?? `exit code ${code}`}${last ? `: ${last}` : ''}`);
      }
      try {
        resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as StandardProblem[]);
      } catch {
        fail('what it printed is not its list of problems');
      }
    });
    child.stdin.end(json);
  });
}
