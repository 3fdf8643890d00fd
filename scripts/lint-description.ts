// The lint of the description: Redocly on the split source, then Spectral on a fresh in-memory
// bundle. `npm run lint` and the build's first step both run this.
import { startSpectral } from './spectral.ts';
import { ReportedError, shown, sourceEntry } from './project.ts';

export type LintFormat = 'stylish' | 'github-actions';
export const lintFormats: LintFormat[] = ['stylish', 'github-actions'];

/**
 * Lints the description and returns its bundle, with the JSON text Spectral linted (the text of
 * `generated/openapi.json`). Spectral runs even when Redocly found problems (as long as the source
 * still bundles), so one run shows every problem. Throws a ReportedError that counts the problems
 * when there are any.
 */
export async function lintDescription(format: LintFormat): Promise<{ bundle: Record<string, unknown>; bundleJson: string }> {
  const spectral = startSpectral(); // imports Spectral on the other core while Redocly works here
  try {
    // Imported only now, so that the worker's start does not wait for Redocly's import.
    const { bundleSource, lintSource, openRedocly } = await import('./redocly.ts');
    const session = await openRedocly();
    const sourceProblems = await lintSource(session, format);
    const sourceFailure = `Redocly found ${sourceProblems} problem(s) in the source (${shown(sourceEntry)} and the files it references)`;
    let bundle: Record<string, unknown>;
    try {
      bundle = await bundleSource(session, { quiet: sourceProblems > 0 });
    } catch (error) {
      throw sourceProblems > 0 ? new ReportedError(sourceFailure) : error;
    }
    const bundleJson = bundleJsonText(bundle);
    const bundleProblems = await spectral.lint(bundleJson, 'generated/openapi.json', format);
    const failures = [
      ...(sourceProblems > 0 ? [sourceFailure] : []),
      ...(bundleProblems > 0 ? [`Spectral found ${bundleProblems} problem(s) in the bundle (generated/openapi.json)`] : []),
    ];
    if (failures.length > 0) throw new ReportedError(failures.join('; '));
    return { bundle, bundleJson };
  } finally {
    await spectral.close();
  }
}

/** The text of `generated/openapi.json`: what Spectral lints is byte for byte what is written. */
export function bundleJsonText(bundle: unknown): string {
  return `${JSON.stringify(bundle, null, 2)}\n`;
}
