// The lint of a description, after the source boundary (source-boundary.ts: what may be read at
// all): Redocly on the split source, with the house rules and the faithfulness contract's
// (faithful.ts), while Spectral lints a fresh in-memory bundle in its thread. `npm run lint`, the
// build's first step, the docs server's rebuilds and the mutation runner all run this. It prints
// nothing: the result carries each problem, and the caller reports them.
import path from 'node:path';
import type { Config, NormalizedProblem } from '@redocly/openapi-core';
import { type Project, shown } from '../project.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import { type BoundaryProblem, readSource } from './source-boundary.ts';
import type { SpectralDiagnostic, SpectralLinter } from './spectral.ts';
import { startSpectralWorker } from './spectral-worker-client.ts';

export interface LintResult {
  /** The bundle, when the source bundles (even with lint problems, so that Spectral can run). */
  bundle?: OpenApiDocument;
  /** The text of `generated/openapi.json`: what Spectral linted is byte for byte what is written. */
  bundleJson?: string;
  /** Where Spectral's findings point: the bundle's file, relative to the project root. */
  bundleLabel: string;
  /** Redocly's problems in the source: the house rules' and the faithfulness contract's (`faithful/`). */
  redocly: NormalizedProblem[];
  spectral: SpectralDiagnostic[];
  /** What the source boundary refused (when there is any, no linter ran), or the files no `$ref` reaches (`source/unreferenced`: the linters ran). */
  boundary: BoundaryProblem[];
}

export interface LintOptions {
  /** Spectral to use; by default a worker thread that starts loading the ruleset at once. */
  spectral?: SpectralLinter;
  /** Redocly's config, when the caller has loaded it already (it lints many times). */
  redoclyConfig?: Config;
}

/**
 * With `firstProblemOnly`, Spectral runs only when Redocly found nothing: for the mutation runner,
 * which wants the first problem only (Redocly's come first), not one run that shows every problem.
 */
type LintRun = LintOptions & { firstProblemOnly?: boolean };

/**
 * Lints `project`'s description. What the source boundary refuses comes back as `boundary`
 * problems, and then no linter runs. Spectral runs even when Redocly found problems, as long as
 * the source still bundles, so one run shows every problem. Throws a ReportedError only when the
 * source cannot be read at all (a YAML error in the root file, a broken or refused config or ruleset).
 */
export async function lintDescription(project: Project, options: LintRun = {}): Promise<LintResult> {
  const spectral = options.spectral ?? startSpectralWorker(project);
  try {
    // Imported only now, so that the worker's start does not wait for Redocly's import.
    const { bundleSource, lintSource, loadRedoclyConfig, redoclySession } = await import('./redocly.ts');
    const bundleLabel = shown(project, path.join(project.outputDir, 'openapi.json'));
    const [config, source] = await Promise.all([options.redoclyConfig ?? loadRedoclyConfig(project), readSource(project)]);
    if (source.problems.length > 0) return { bundleLabel, redocly: [], spectral: [], boundary: source.problems };
    const session = redoclySession(project, config, source.files);
    // Bundled first, with a resolver of its own (bundling rewrites the documents it resolved), so
    // that Spectral starts on the bundle at once.
    const bundled = await bundleSource(redoclySession(project, config, source.files));
    if (bundled.problems.length > 0) {
      const redocly = await lintSource(session);
      return { bundleLabel, redocly: redocly.length > 0 ? redocly : bundled.problems, spectral: [], boundary: source.unreferenced };
    }
    const bundleJson = bundleJsonText(bundled.bundle);
    if (options.firstProblemOnly) {
      const redocly = await lintSource(session);
      const spectralFound = redocly.length > 0 ? [] : await spectral.lint(bundleJson, bundleLabel);
      return { bundle: bundled.bundle, bundleJson, bundleLabel, redocly, spectral: spectralFound, boundary: source.unreferenced };
    }
    const spectralDone = spectral.lint(bundleJson, bundleLabel);
    spectralDone.catch(() => {}); // awaited below, after Redocly: not an unhandled rejection meanwhile
    // Redocly (the contract's rules with the house rules) lints in this thread while Spectral lints in its own.
    const redocly = await lintSource(session);
    return { bundle: bundled.bundle, bundleJson, bundleLabel, redocly, spectral: await spectralDone, boundary: source.unreferenced };
  } finally {
    if (!options.spectral) await spectral.close();
  }
}

/** The text of a bundle or variant as the build writes it. */
export function bundleJsonText(bundle: unknown): string {
  return `${JSON.stringify(bundle, null, 2)}\n`;
}
