// The description with the user's overlays, as every command that takes `--overlay` makes it
// (build, sdk, verify, mcp, mock): read, applied strictly, compared with the description, its texts
// kept true, named in `info`, linted with the standard rules (in this process, or apart:
// lint-apart.ts) and held to what the client can carry. This module loads no linter and no
// generator until it lints, so a command that lints apart never loads them.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { forMarkdown, forTerminal } from '../escape.ts';
import { bundleJsonText } from '../lint/lint-description.ts';
import { type OpenApiDocument, overlaidInfo } from '../openapi-document.ts';
import { type Project, ReportedError, shown } from '../project.ts';
import { actionAbout, type AppliedAction, applyOverlays, keyLine } from './apply-overlay.ts';
import { checkClientSupport } from './client-support.ts';
import { callerChanges } from './caller-changes.ts';
import type { OverlaidProblem, StandardProblem } from './lint-overlaid.ts';
import { filledParts } from './open-parts.ts';
import { overlaidOverview } from './overlaid-overview.ts';
import { reconcileProse } from './overlaid-prose.ts';
import { changesMarkdown, changesText, overlayChanges } from './overlay-changes.ts';
import { checkPackageName, defaultPackageName, packageVersion } from './overlay-package-name.ts';
import { type Overlay, readOverlay } from './read-overlay.ts';

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
  /**
   * Lint in a child process of its own (lint-apart.ts), so that this process never loads the
   * linters: for a command whose memory is its own work's (verify --traffic), not the build's, which
   * has them loaded already.
   */
  lintApart?: boolean;
}

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
 * The standard lint's problems of each description with overlays this process linted, by its text's
 * SHA-256, the last few: the lint is a function of that text alone (fixed rules, no project config:
 * lint-overlaid.ts), so a process that makes the same description again (in practice the test
 * suite, which runs the commands in its own process) does not lint it again, nor start a child to
 * (lint-apart.ts: some 3 s of CPU). A lint that failed is not kept.
 */
const lints = new Map<string, Promise<StandardProblem[]>>();
const keptLints = 8;
function linted(json: string, lint: () => Promise<StandardProblem[]>): Promise<StandardProblem[]> {
  const key = createHash('sha256').update(json).digest('hex');
  let found = lints.get(key);
  if (found === undefined) {
    found = lint();
    found.catch(() => {
      // Not a newer lint of the same text made after this one was let go.
      if (lints.get(key) === found) lints.delete(key);
    });
    lints.set(key, found);
    if (lints.size > keptLints) lints.delete(lints.keys().next().value!);
  }
  return found;
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
  const found = await linted(json, async () =>
    options.lintApart ? (await import('./lint-apart.ts')).standardProblemsApart(json) : (await import('./lint-overlaid.ts')).standardProblems(document, json),
  );
  const problems = placeProblems(document, found, applied);
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

/**
 * Each problem put on the overlay action it is about; a warning at a node no action touched is the
 * description's own (e.g. `info-contact`), not the overlays', and left out.
 */
function placeProblems(document: OpenApiDocument, problems: StandardProblem[], applied: AppliedAction[]): OverlaidProblem[] {
  return problems
    .map((problem) => ({ ...problem, action: actionAbout(document, problem.at, applied) }))
    .filter((problem) => problem.severity === 'error' || problem.action !== undefined);
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
