// `npm run build`: lint, then every generation step, into a staging folder that replaces
// `generated/` only when all steps have passed. On failure `generated/` is left exactly as it was.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSteps, newContext, runSteps, StepError } from './pipeline.ts';
import { generatedDir, ReportedError, root } from './project.ts';

/** Builds `generated/`; resolves true on success. Reports progress and failures through `log`. */
export async function build(log: { info(line: string): void; error(line: string): void }): Promise<boolean> {
  const started = performance.now();
  await removeAbandonedStaging();
  const stagingDir = await fs.mkdtemp(path.join(root, `${stagingPrefix}${process.pid}-`));
  await fs.chmod(stagingDir, 0o755); // mkdtemp makes it private; generated/ is an ordinary folder
  log.info('build: openapi/ -> generated/');
  try {
    await runSteps(newContext(stagingDir), buildSteps, log.info);
    await swapIn(stagingDir, generatedDir);
    log.info(`build: done in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    return true;
  } catch (error) {
    await fs.rm(stagingDir, { recursive: true, force: true });
    const unexpected = error instanceof StepError && !(error.reason instanceof ReportedError) && error.reason instanceof Error;
    log.error(`build: ${error instanceof Error ? error.message : String(error)}${unexpected ? `\n${(error.reason as Error).stack}` : ''}`);
    log.error('build: generated/ is unchanged');
    return false;
  }
}

const stagingPrefix = '.generated-staging-';

/** Removes staging folders left by builds that were killed (their process is gone). */
async function removeAbandonedStaging(): Promise<void> {
  for (const name of await fs.readdir(root)) {
    const pid = Number(name.startsWith(stagingPrefix) ? name.slice(stagingPrefix.length).split('-')[0] : NaN);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    await fs.rm(path.join(root, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Replaces `target` with `staging` by two renames on one file system. */
async function swapIn(staging: string, target: string): Promise<void> {
  const old = `${staging}-old`;
  const hadTarget = await fs.rename(target, old).then(
    () => true,
    (error) => (error.code === 'ENOENT' ? false : Promise.reject(error)),
  );
  await fs.rename(staging, target);
  if (hadTarget) await fs.rm(old, { recursive: true, force: true });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const ok = await build({ info: (line) => console.log(line), error: (line) => console.error(line) });
  if (!ok) process.exitCode = 1;
}
