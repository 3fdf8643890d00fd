// `npm run build -- --overlay <file> ... --out <folder>`: the description plus the user's overlays,
// built into a folder of the user's choosing with the same artifact set as generated/ (the bundle
// and its variants, types, the client and its dist/, the Markdown reference and llms.txt, the
// docs), plus overlay-changes.md. The description is linted as always first; the overlaid one with
// the standard rules (lint-overlaid.ts). The folder is replaced only when everything passed, and
// only if it is empty or was written by this command: generated/ and openapi/ are never written.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type BuildLog, build } from '../pipeline/build.ts';
import { buildSteps, type BuildContext, lintStep, type Step } from '../pipeline/pipeline.ts';
import { forMarkdown, forTerminal } from '../escape.ts';
import { bundleJsonText } from '../lint/lint-description.ts';
import { type OpenApiDocument, overlaidInfo } from '../openapi-document.ts';
import { type Project, ReportedError, shown } from '../project.ts';
import { applyOverlays, keyLine } from './apply-overlay.ts';
import { checkClientSupport } from './client-support.ts';
import { callerChanges } from './caller-changes.ts';
import { filledParts } from './open-parts.ts';
import { overlaidOverview } from './overlaid-overview.ts';
import { reconcileProse } from './overlaid-prose.ts';
import { lintOverlaid, type OverlaidProblem } from './lint-overlaid.ts';
import { changesMarkdown, changesText, overlayChanges } from './overlay-changes.ts';
import { checkOutputFolder, entriesBelow, manifestFile, recordOutputFolder } from './output-folder.ts';
import { checkPackageName, defaultPackageName, packageJson, packageReadme, packageVersion, vendorDependencies } from './overlay-package.ts';
import { type Overlay, readOverlay } from './read-overlay.ts';
import { sdkCommandLines } from '../sdk/languages.ts';

export interface OverlayBuildOptions {
  /** The overlay files, applied in this order. */
  overlays: string[];
  /** The folder to write; made if it does not exist. */
  out: string;
  /** Build even when an overlay removes or renames an operation or changes a method, path or success status. */
  allowOperationChanges?: boolean;
  /** How messages name a path the user gave (relative to where the user ran the command). */
  shownAs?: (file: string) => string;
  /** The name of the package the output folder is (`--name`); defaultPackageName if none. */
  packageName?: string;
  /** The user's tools cache, where the record of the output folder is kept (project.ts' toolsCache of the command's environment). */
  tools?: string;
}

export const changesFile = 'overlay-changes.md';

/** The description with the overlays applied, linted and compared: what the build's first step makes. */
export interface Overlaid {
  base: OpenApiDocument;
  document: OpenApiDocument;
  json: string;
  overlays: Overlay[];
  warnings: OverlaidProblem[];
  changesText: string[];
  changesMarkdown: string;
}

/**
 * Reads and applies the overlays to the linted description; throws a ReportedError naming the
 * overlay file and line of whatever fails (a shape, a target, a lint problem, a refused change).
 */
export async function overlaidDescription(
  project: Project,
  options: OverlayBuildOptions,
  base: OpenApiDocument,
  overlays: Overlay[] = readOverlays(project, options),
): Promise<Overlaid> {
  const { document, applied } = applyOverlays(base, overlays);
  // The overlays' own changes, before the description names them in `info`.
  const changes = overlayChanges(base, document);
  // What the overlays fill in is no longer said to be open, anywhere in the texts.
  const perOperation = callerChanges(base, document).changes;
  reconcileProse(document, perOperation);
  overlaidOverview(document, changes, filledParts(document, perOperation));
  const name = checkPackageName(options.packageName ?? defaultPackageName);
  // What the outputs are made of: the overlaid description, and the toolchain that makes them.
  const digest = createHash('sha256').update(bundleJsonText(document)).update(toolchainVersion(project)).digest('hex').slice(0, 8);
  withOverlaysNamed(document, overlays, String(base.info?.version), { name, version: packageVersion(String(base.info?.version), overlays, digest) });
  const json = bundleJsonText(document);
  if (changes.refused.length > 0 && !options.allowOperationChanges) {
    const lines = changes.refused.map((c) => `  ${forTerminal(`${c.operationId} (${c.operation}): ${c.kind}: ${c.detail}`)}`);
    throw new ReportedError(
      `the overlays move operations away from the interface document, so the client would no longer reach the service as it describes; pass --allow-operation-changes to build anyway:\n${lines.join('\n')}`,
    );
  }
  const problems = await lintOverlaid(document, json, applied);
  const errors = problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    throw new ReportedError(
      `the description with the overlays is not valid (${errors.length} ${errors.length === 1 ? 'problem' : 'problems'}):\n${errors.map((p) => `  ${overlaidProblemLine(p, overlays)}`).join('\n')}`,
    );
  }
  checkClientSupport(document, applied);
  return {
    base,
    document,
    json,
    overlays,
    warnings: problems.filter((problem) => problem.severity === 'warning'),
    changesText: changesText(changes),
    changesMarkdown: changesMarkdown(changes, overlays, String(base.info?.version), options.allowOperationChanges === true),
  };
}

/** Reads and checks every overlay file `options` names, in order. */
export function readOverlays(project: Project, options: OverlayBuildOptions): Overlay[] {
  const shownAs = options.shownAs ?? ((file: string) => shown(project, file));
  return options.overlays.map((file) => readOverlay(file, shownAs(file)));
}

/** The version of the toolchain (this project's package.json), which the outputs depend on too. */
function toolchainVersion(project: Project): string {
  try {
    return String((JSON.parse(fs.readFileSync(path.join(project.root, 'package.json'), 'utf8')) as { version?: unknown }).version ?? '');
  } catch {
    return '';
  }
}

/** One problem of the overlaid description: at the overlay action it is about, when there is one. */
export function overlaidProblemLine(problem: OverlaidProblem, overlays: Overlay[]): string {
  const where = problem.action
    ? `${problem.action.overlay.file}:${keyLine(problem.action, problem.at) ?? problem.action.action.line}: action ${problem.action.action.index + 1} (target ${problem.action.action.target})`
    : `the description with ${overlays.map((o) => o.file).join(', ')}`;
  return forTerminal(`${where}: ${problem.severity} ${problem.linter} ${problem.rule}: ${problem.message} (at ${problem.at})`);
}

/**
 * Names the overlays in `info`: `x-overlays` (title and version of each) for tools, and a first
 * paragraph of the description for readers of the docs and the Markdown reference.
 */
function withOverlaysNamed(document: OpenApiDocument, overlays: Overlay[], baseVersion: string, pkg: { name: string; version: string }): void {
  const info = overlaidInfo(document)!;
  const names = overlays.map((overlay) => `${forMarkdown(overlay.title)} ${forMarkdown(overlay.overlayVersion)}`).join('; ');
  info['x-overlays'] = overlays.map((overlay) => ({ title: overlay.title, version: overlay.overlayVersion }));
  // The package the build makes of it: the client's packageVersion and the samples' import read it.
  info['x-package'] = pkg;
  info.description = [
    `**Built with overlays.** This is the description ${baseVersion} with these overlays applied, in order: ${names}.`,
    "Their facts are the overlays' own, not the interface document's: the overview below shows, for each part, what the interface document states and what the overlays add, and each operation's description ends with what the overlays add to it.",
    '',
    info.description,
  ].join('\n');
}

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
