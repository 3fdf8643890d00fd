// Go modules for the Go SDK's package checks (package-checks.ts, overlaid.ts): a module in a scratch
// folder that takes an SDK through a replace, one go.work over the modules that use the committed
// SDK in place, and Go's verdicts and builds kept while every input is the same (reusedWhenSame): a
// link is most of a build, and a go vet of a folder that moves (a scratch folder) is not in Go's cache.
import fs from 'node:fs/promises';
import path from 'node:path';
import { root } from '../../support/helpers.ts';
import { languagesDir, mustRun, reusedWhenSame, toolVersion } from '../../support/languages.ts';
import { run } from '../../support/run-command.ts';

/** The bench of the Go SDK, a module of its own (scripts/dev/sdk-bench). */
export const benchDir = path.join(root, 'scripts', 'dev', 'sdk-bench');
/** The tier's Go module (its programs of the committed SDK: cmd/sdk-consumer, cmd/sdk-driver, cmd/sdk-behaviour). */
export const tierDir = path.join(languagesDir, 'go');

/** The module path a Go SDK's go.mod declares. */
export async function moduleOf(sdk: string): Promise<string> {
  const goMod = await fs.readFile(path.join(sdk, 'go.mod'), 'utf8');
  return /^module (\S+)$/m.exec(goMod)?.[1] ?? `no module line in ${goMod}`;
}

/**
 * A Go module `consumer.test/app` in `dir` of `files` (relative path: source, `SDK_MODULE` put to
 * the SDK's module path), taking the SDK in `sdk` through a replace by a relative path: the
 * module's files are the same wherever the scratch folder is, so that they key a reuse.
 */
export async function consumerModule(dir: string, sdk: string, files: Record<string, string>): Promise<void> {
  const module = await moduleOf(sdk);
  await fs.mkdir(dir, { recursive: true });
  const goMod = `module consumer.test/app\n\ngo 1.24.0\n\nrequire ${module} v0.0.0\n\nreplace ${module} => ${path.relative(dir, sdk)}\n`;
  await fs.writeFile(path.join(dir, 'go.mod'), goMod);
  for (const [file, source] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), source.replaceAll('SDK_MODULE', module));
  }
}

/**
 * A go.work in `dir` over the committed SDK, the tier's module and the bench: one go vet, one go
 * build over the three (GOWORK, the variable to run go with). Go finds a go.work in a folder's
 * parents too: `dir` holds no module, and every other go run here says GOWORK=off.
 */
export async function workspace(dir: string, committed: string): Promise<{ GOWORK: string }> {
  const file = path.join(dir, 'go.work');
  await fs.writeFile(file, `go 1.24.0\n\nuse (\n${[committed, tierDir, benchDir].map((folder) => `\t${folder}\n`).join('')})\n`);
  return { GOWORK: file };
}

/** What keys a result of Go's besides its inputs: the toolchain, and the flags it reads. */
const goKey = async () => [await toolVersion('go', ['version']), `GOFLAGS=${process.env.GOFLAGS ?? ''}`];

/** `go <args>` in `module` (its exit code and output), kept while the module's and the SDK's files are the same. */
export async function goVerdict(name: string, module: string, sdk: string, args: string[]): Promise<{ code: number; output: string }> {
  const key = [...(await goKey()), ...args, { tree: module }, { tree: sdk }];
  return reusedWhenSame(name, key, module, [], async () => {
    const result = await run('go', args, module, { GOWORK: 'off' });
    return { code: result.code, output: result.output };
  });
}

/**
 * The programs `packages` built by one go build in `cwd` into `<dir>/bin` (each named after its
 * package's last element), kept while `inputs` (the folders and files of their sources and of the
 * SDK) are the same.
 */
export async function goBuilt(
  name: string,
  inputs: ({ tree: string } | { file: string })[],
  cwd: string,
  packages: string[],
  dir: string,
  env: NodeJS.ProcessEnv = { GOWORK: 'off' },
): Promise<string> {
  const bin = path.join(dir, 'bin');
  await reusedWhenSame(name, [...(await goKey()), ...packages, ...inputs], dir, ['bin'], async () => {
    await mustRun('go', ['build', '-o', `${bin}/`, ...packages], cwd, env);
  });
  return bin;
}

let queue: Promise<unknown> = Promise.resolve();
/**
 * Runs `task` once every task given before it has ended. The checks run side by side in one
 * thread, which also runs the recording servers: a command run in this process (learn, sdk, an
 * overlaid description) holds the thread for seconds, and a server whose thread was held past its
 * keep-alive (1 s) closes a connection on which a program has just sent a request (a reset, and a
 * POST or PATCH is not sent again). So the runs of a program against a server, and the commands in
 * this process, take turns. Never nested.
 */
export function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const result = queue.then(task, task);
  queue = result.catch(() => undefined);
  return result;
}
