// `npm run build`: lint, then every generation step, into a temporary folder that replaces
// `generated/` only when all steps have passed. On failure `generated/` is left exactly as it was.
import fs from 'node:fs/promises';
import path from 'node:path';
import { buildSteps, newContext, runSteps, StepError } from './pipeline.ts';
import { generatedDir, ReportedError, root } from './project.ts';

const started = performance.now();
const stagingDir = await fs.mkdtemp(path.join(root, '.generated-staging-'));
await fs.chmod(stagingDir, 0o755); // mkdtemp makes it private; generated/ is an ordinary folder
console.log('build: openapi/ -> generated/');
try {
  await runSteps(await newContext(stagingDir), buildSteps, (line) => console.log(line));
  await swapIn(stagingDir, generatedDir);
  console.log(`build: done in ${((performance.now() - started) / 1000).toFixed(2)} s`);
} catch (error) {
  await fs.rm(stagingDir, { recursive: true, force: true });
  const detail = error instanceof StepError && !(error.reason instanceof ReportedError) && error.reason instanceof Error ? `\n${error.reason.stack}` : '';
  console.error(`build: ${error instanceof Error ? error.message : String(error)}${detail}`);
  console.error('build: generated/ is unchanged');
  process.exit(1);
}

/** Replaces `target` with `staging` by two renames on one file system. */
async function swapIn(staging: string, target: string): Promise<void> {
  const old = `${staging}-old`;
  const hadTarget = await fs.rename(target, old).then(() => true, (error) => (error.code === 'ENOENT' ? false : Promise.reject(error)));
  await fs.rename(staging, target);
  if (hadTarget) await fs.rm(old, { recursive: true, force: true });
}
