// The atomic build: every step writes into a staging folder beside the outputs, which replaces
// them only when all steps have passed (staging.ts). On failure the outputs are left exactly as
// they were; a staging folder left by a build that was killed is removed by the next build.
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Project, ReportedError } from '../project.ts';
import { type BuildContext, buildSteps, keptOutputs, runSteps, type Step, StepError } from './pipeline.ts';
import { rootOutputs } from './root-outputs.ts';
import { stagingFolder, swapIn } from './staging.ts';
import { writeAtomically } from '../write-atomically.ts';

export interface BuildLog {
  info(line: string): void;
  error(line: string): void;
}

export interface BuildOptions {
  /** The steps to run; every build step by default. */
  steps?: Step[];
  lintOptions?: BuildContext['lintOptions'];
  /** What the first progress line says is built into what; default `openapi/ -> <outputs>/`. */
  label?: string;
  /** How the last line of a failure names the outputs folder; default `<outputs>/`, its name. */
  outputsShown?: string;
  /**
   * Checks the outputs folder being replaced, renamed aside at the swap (staging.ts's swapIn), and
   * throws to keep it: a folder the user may have written into while the steps ran (the build with
   * overlays' --out) is then put back as it is.
   */
  checkReplaced?: (aside: string) => void | Promise<void>;
  /**
   * Folders of the outputs that no step makes, carried over as they are into the outputs that
   * replace them: generated/sdk/ by default (pipeline.ts' keptOutputs); none for a build into a
   * folder of the user's.
   */
  kept?: string[];
  /**
   * Writes the project's root outputs too (root-outputs.ts: server.json), made before the swap and
   * written after it: the project's own build, never one into another folder.
   */
  rootOutputs?: boolean;
}

/** Builds `project`'s outputs; resolves true on success. Reports progress and failures through `log`. */
export async function build(project: Project, log: BuildLog, options: BuildOptions = {}): Promise<boolean> {
  const started = performance.now();
  const outputs = path.basename(project.outputDir);
  const parent = path.dirname(project.outputDir);
  const stagingDir = await stagingFolder(parent, stagingPrefix);
  log.info(`build: ${options.label ?? `openapi/ -> ${outputs}/`}`);
  try {
    await runSteps({ project, outDir: stagingDir, lintOptions: options.lintOptions }, options.steps ?? buildSteps, log.info);
    for (const name of options.kept ?? keptOutputs) await carryOver(path.join(project.outputDir, name), path.join(stagingDir, name));
    const beside = options.rootOutputs ? await rootOutputs(project, stagingDir) : new Map<string, string>();
    await swapIn(stagingDir, project.outputDir, options.checkReplaced);
    for (const [file, text] of beside) await writeAtomically(path.join(project.root, file), text, { shownAs: file });
    log.info(`build: done in ${((performance.now() - started) / 1000).toFixed(2)} s`);
    return true;
  } catch (error) {
    await fs.rm(stagingDir, { recursive: true, force: true });
    const reason = error instanceof StepError ? error.reason : error;
    const unexpected = !(reason instanceof ReportedError) && reason instanceof Error;
    log.error(`build: ${error instanceof Error ? error.message : String(error)}${unexpected ? `\n${reason.stack}` : ''}`);
    log.error(`build: ${options.outputsShown ?? `${outputs}/`} is unchanged`);
    return false;
  }
}

export const stagingPrefix = '.generated-staging-';

/** Copies the folder `from` (if there is one) to `to`, but for the hidden folders directly in it: a run of `npm run sdk` stages there. */
async function carryOver(from: string, to: string): Promise<void> {
  if (!(await fs.stat(from).catch(() => undefined))?.isDirectory()) return;
  await fs.cp(from, to, { recursive: true, filter: (source) => path.dirname(source) !== from || !path.basename(source).startsWith('.') });
}
