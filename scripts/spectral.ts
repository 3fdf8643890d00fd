// Spectral, driven through its programmatic API, on the bundle: it misreads split OpenAPI 3.1
// files, so it only ever sees the one bundled document, as consumers do.
import fs from 'node:fs';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';
import spectralRuntime from '@stoplight/spectral-runtime';
import spectralFormatters from '@stoplight/spectral-formatters';
import type { LintFormat } from './redocly.ts';
import { spectralRulesetFile } from './project.ts';

// These packages are CommonJS: take their exports from the default import.
const { Spectral, Document } = spectralCore;
const { Json } = spectralParsers;
const { fetch } = spectralRuntime;
const { githubActions, stylish } = spectralFormatters;

/**
 * Lints `bundleJson` (the text of the bundle as it is written to `fileLabel`) with `.spectral.yaml`;
 * prints the problems in `format`; returns the number of problems.
 */
export async function lintBundle(bundleJson: string, fileLabel: string, format: LintFormat): Promise<number> {
  const spectral = new Spectral();
  spectral.setRuleset(await bundleAndLoadRuleset(spectralRulesetFile, { fs, fetch }));
  const results = await spectral.run(new Document(bundleJson, Json, fileLabel));
  if (results.length > 0) {
    const formatter = format === 'github-actions' ? githubActions : stylish;
    process.stdout.write(`${formatter(results, { failSeverity: 1 } as never)}\n`);
  }
  return results.length;
}
