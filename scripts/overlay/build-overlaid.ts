// `npm run build -- --overlay <file> ... --out <folder>`: the description plus the user's overlays,
// built into a folder of the user's choosing with the same artifact set as generated/ (the bundle
// and its variants, types, the client and its dist/, the Markdown reference and llms.txt, the
// docs), plus overlay-changes.md. The description is linted as always first; the overlaid one
// (overlaid-description.ts) with the standard rules (lint-overlaid.ts). The folder is replaced only when everything passed, and
// only if it is empty or was written by this command: generated/ and openapi/ are never written.
import fs from 'node:fs';
import path from 'node:path';
import { type BuildLog, build } from '../pipeline/build.ts';
import { buildSteps, type BuildContext, lintStep, type Step } from '../pipeline/pipeline.ts';
import { forTerminal } from '../escape.ts';
import { overlaidInfo } from '../openapi-document.ts';
import { type Project, ReportedError, shown } from '../project.ts';
import { checkOutputFolder, entriesBelow, manifestFile, recordOutputFolder } from './output-folder.ts';
import { packageJson, packageReadme, vendorDependencies } from './overlay-package.ts';
import { overlaidDescription, overlaidProblemLine, type OverlayBuildOptions, readOverlays } from './overlaid-description.ts';
import type { Overlay } from './read-overlay.ts';
import { sdkCommandLines } from '../languages/languages.ts';

// What the other commands that take --overlay use, from where they have always imported it.
export { type Overlaid, overlaidDescription, overlaidProblemLine, type OverlayBuildOptions, readOverlays } from './overlaid-description.ts';

export const changesFile = 'overlay-changes.md';

/** The build's steps with the overlays' step in place of the lint step. */
function overlaySteps(project: Project, options: OverlayBuildOptions, overlays: Overlay[], log: BuildLog): Step[] {
  const overlaysStep: Step = {
    name: 'overlays',
    after: [],
    async run(context: BuildContext) {
      await lintStep.run(context);
      const overlaid = await overlaidDescription(project, options, context.bundle!, overlays);
      for (const warning of overlaid.warnings) log.info(`  ${overlaidProblemLine(warning, overlaid.overlays)}`);
      for (const line of overlaid.changesText) log.info(line.startsWith('warning: ') ? `  ${line}` : `  change: ${line}`);
      Object.assign(context, { bundle: overlaid.document, bundleJson: overlaid.json });
      fs.writeFileSync(path.join(context.outDir, changesFile), overlaid.changesMarkdown);
    },
  };
  const rest = buildSteps
    .filter((step) => step !== lintStep)
    .map((step) => ({ ...step, after: step.after.map((name) => (name === lintStep.name ? 'overlays' : name)) }));
  // package.json, README.md and LICENSE: the output folder is a package an application installs.
  const packageStep: Step = {
    name: 'package',
    after: ['overlays'],
    async run(context) {
      const document = context.bundle!;
      const { name, version } = overlaidInfo(document)!['x-package']!;
      fs.writeFileSync(path.join(context.outDir, 'package.json'), packageJson(project, name, version, document, overlays));
      fs.writeFileSync(path.join(context.outDir, 'README.md'), packageReadme(name, version, document, overlays, changesFile));
      // The license the package.json names, which its `files` list ships.
      const license = path.join(project.root, 'LICENSE');
      if (fs.existsSync(license)) fs.copyFileSync(license, path.join(context.outDir, 'LICENSE'));
      vendorDependencies(project, context.outDir);
    },
  };
  const manifestStep: Step = {
    name: 'manifest',
    after: [...rest.map((step) => step.name), packageStep.name],
    async run(context) {
      const written = entriesBelow(context.outDir);
      fs.writeFileSync(path.join(context.outDir, manifestFile), `${JSON.stringify({ writtenBy: 'npm run build -- --overlay', files: written }, null, 2)}\n`);
    },
  };
  return [overlaysStep, ...rest, packageStep, manifestStep];
}

/** Builds the description with `options.overlays` into `options.out`; resolves true on success. */
export async function buildOverlaid(project: Project, log: BuildLog, options: OverlayBuildOptions): Promise<boolean> {
  const shownAs = options.shownAs ?? ((file: string) => shown(project, file));
  const out = path.resolve(options.out);
  let overlays: Overlay[];
  try {
    if (options.overlays.length === 0) throw new ReportedError('name at least one overlay with --overlay');
    checkOutputFolder(project, out, shownAs(out), out, options.tools);
    // Read first: a file that is not an overlay fails before the description is linted.
    overlays = readOverlays(project, { ...options, shownAs });
  } catch (error) {
    log.error(`build: ${error instanceof Error ? error.message : String(error)}`);
    log.error(`build: ${shownAs(out)}/ is unchanged`);
    return false;
  }
  const count = `${options.overlays.length} ${options.overlays.length === 1 ? 'overlay' : 'overlays'}`;
  const built = await build({ ...project, outputDir: out }, log, {
    steps: overlaySteps(project, { ...options, shownAs }, overlays, log),
    label: `openapi/ + ${count} -> ${shownAs(out)}/`,
    outputsShown: `${shownAs(out)}/`,
    checkReplaced: (aside) => checkOutputFolder(project, out, shownAs(out), aside, options.tools),
    kept: [],
  });
  if (built) {
    log.info(
      `build: install it into an application with \`npm install ${out}\` (a link: rebuilds reach the application), or \`npm pack ${out}\` for a tarball`,
    );
    // The SDKs of other languages of the same description, each in a folder beside this one.
    const sdkFolder = (language: string) => {
      // Named as the user named --out (relative or absolute), when that name ends in a folder's own name.
      const typed = shownAs(out).replace(/[/\\]+$/, '');
      const beside = ['', '.', '..'].includes(path.basename(typed)) ? out : typed;
      return `${beside}-sdk-${language}`;
    };
    log.info('build: its SDKs of other languages, from the same overlays (docs/sdks.md):');
    const allow = options.allowOperationChanges ? ['--allow-operation-changes'] : [];
    for (const line of sdkCommandLines(options.overlays.map(shownAs), sdkFolder, allow)) log.info(`build:   ${forTerminal(line)}`);
    try {
      recordOutputFolder(out, 'overlay-builds', options.tools);
    } catch (error) {
      const why = forTerminal(error instanceof Error ? error.message : String(error));
      log.info(`build: warning: the record of ${shownAs(out)}/ could not be written (${why}); a build into it again will refuse it until it is emptied`);
    }
  }
  return built;
}
