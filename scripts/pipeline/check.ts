// The drift check: rebuilds the committed outputs into a scratch folder and lists each file under
// the outputs that differs from what the source builds. The outputs themselves are never written.
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Project, shown } from '../project.ts';
import { type BuildContext, committedSteps, keptOutputs, runSteps, type Step, uncommittedOutputs } from './pipeline.ts';

/**
 * One line per drifted file (`differs: …`, `missing: …`, `not built from the source: …`); none when
 * in step. `steps` are the committed ones but in a test (which may replay some).
 */
export async function checkDrift(project: Project, lintOptions?: BuildContext['lintOptions'], steps: Step[] = committedSteps): Promise<string[]> {
  // Beside the outputs (on their file system), where the build's staging folders go too.
  const scratch = await fs.mkdtemp(path.join(path.dirname(project.outputDir), '.generated-check-'));
  try {
    await runSteps({ project, outDir: scratch, lintOptions }, steps, () => {});
    return await compareTrees(project, scratch, project.outputDir);
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

async function compareTrees(project: Project, expected: string, actual: string): Promise<string[]> {
  const [want, have] = await Promise.all([listFiles(expected), listFiles(actual)]);
  const lines: string[] = [];
  for (const file of [...new Set([...want, ...have])].sort()) {
    const shownFile = shown(project, path.join(actual, file));
    if (!have.includes(file)) lines.push(`missing: ${shownFile}`);
    else if (!want.includes(file)) lines.push(`not built from the source: ${shownFile}`);
    else if (!(await fs.readFile(path.join(expected, file))).equals(await fs.readFile(path.join(actual, file)))) lines.push(`differs: ${shownFile}`);
  }
  return lines;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs
    .readdir(dir, { recursive: true, withFileTypes: true })
    .catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)));
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => ![...uncommittedOutputs, ...keptOutputs].includes(file.split(path.sep)[0]));
}
