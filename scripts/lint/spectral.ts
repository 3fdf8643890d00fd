// Spectral, driven through its programmatic API, on the bundle: it misreads split OpenAPI 3.1
// files, so it only ever sees the one bundled document, as consumers do. Two ways to run it, one
// interface: in this thread with a ruleset loaded once (the mutation runner and the tests, which
// lint many times), or in a worker thread (spectral-worker-client.ts, for the commands).
import spectralCore, { type ISpectralDiagnostic } from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { shareSpectralAjvInstances } from './spectral-ajv.ts';
import type { LoadedRuleset } from './spectral-ruleset.ts';

// The JSON Schema meta-schemas compiled once, not once per lint (spectral-ajv.ts).
shareSpectralAjvInstances();

export type SpectralDiagnostic = Pick<ISpectralDiagnostic, 'code' | 'message' | 'path' | 'severity' | 'range' | 'source'>;

export interface SpectralLinter {
  /** Lints `bundleJson`, the text of the bundle as written to `fileLabel`. */
  lint(bundleJson: string, fileLabel: string): Promise<SpectralDiagnostic[]>;
  close(): Promise<void>;
}

/** Runs Spectral with `ruleset` on one bundle text. */
export async function runSpectral(ruleset: LoadedRuleset, bundleJson: string, fileLabel: string): Promise<SpectralDiagnostic[]> {
  const spectral = new spectralCore.Spectral();
  spectral.setRuleset(ruleset);
  const results = await spectral.run(new spectralCore.Document(bundleJson, spectralParsers.Json, fileLabel));
  return results.map(({ code, message, path, severity, range, source }) => ({ code, message, path, severity, range, source }));
}

/**
 * Spectral in this thread, with a ruleset loaded (or loading: a ruleset that fails to load then
 * fails the lint, as the worker's does).
 */
export function inThreadSpectral(ruleset: LoadedRuleset | Promise<LoadedRuleset>): SpectralLinter {
  const loaded = Promise.resolve(ruleset);
  loaded.catch(() => {}); // observed by `lint`; unobserved when the linter is closed unused
  return { lint: async (bundleJson, fileLabel) => runSpectral(await loaded, bundleJson, fileLabel), close: async () => {} };
}
