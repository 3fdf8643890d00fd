// `npm run check`: rebuilds into a scratch folder and fails, naming each file, when anything under
// `generated/` differs from what the source builds. `generated/` itself is never written.
import fs from 'node:fs/promises';
import path from 'node:path';
import { committedSteps, newContext, runSteps, uncommittedOutputs } from './pipeline.ts';
import { generatedDir, root, shown } from './project.ts';

// Inside the checkout, so that the compiled client resolves its dependencies from node_modules/.
const scratch = await fs.mkdtemp(path.join(root, '.generated-check-'));
try {
  await runSteps(newContext(scratch), committedSteps, () => {});
  const drifted = await compareTrees(scratch, generatedDir);
  if (drifted.length > 0) {
    console.error('check: generated/ is out of step with openapi/ (run `npm run build` and commit the result):');
    for (const line of drifted) console.error(`  ${line}`);
    process.exitCode = 1;
  } else {
    console.log('check: generated/ matches what openapi/ builds');
  }
} catch (error) {
  console.error(`check: the build failed, so generated/ cannot be compared: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await fs.rm(scratch, { recursive: true, force: true });
}

/** One line per file that differs, is missing from `actual`, or is extra in it. */
async function compareTrees(expected: string, actual: string): Promise<string[]> {
  const [want, have] = await Promise.all([listFiles(expected), listFiles(actual)]);
  const lines: string[] = [];
  for (const file of [...new Set([...want, ...have])].sort()) {
    const shownFile = shown(path.join(actual, file));
    if (!have.includes(file)) lines.push(`missing: ${shownFile}`);
    else if (!want.includes(file)) lines.push(`not built from the source: ${shownFile}`);
    else if (!(await fs.readFile(path.join(expected, file))).equals(await fs.readFile(path.join(actual, file)))) lines.push(`differs: ${shownFile}`);
  }
  return lines;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch((error) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !uncommittedOutputs.includes(file.split(path.sep)[0]));
}
