// Spectral, driven through its programmatic API, on the bundle: it misreads split OpenAPI 3.1
// files, so it only ever sees the one bundled document, as consumers do. It runs in a worker
// thread, started before Redocly, so that importing Spectral and loading its ruleset overlap
// with Redocly's work on the other core.
// Plain JavaScript (typed by JSDoc, checked by tsc): `npm run lint` loads it; see scripts/lint.js.
import { Worker } from 'node:worker_threads';
import { ReportedError, spectralRulesetFile } from './project.js';

/** @typedef {{ bundleJson: string, fileLabel: string, format: import('./lint-description.js').LintFormat }} SpectralRequest */
/** @typedef {{ problems: number, report: string } | { error: string, reported: boolean }} SpectralAnswer */

/**
 * Starts the worker. Call `lint` once (it prints the problems and resolves to their number), or
 * `close` to stop the worker unused.
 */
export function startSpectral() {
  // No inherited --import or --require: the worker is plain JavaScript and needs no loader.
  const worker = new Worker(new URL('./spectral-worker.js', import.meta.url), { execArgv: [], workerData: { rulesetFile: spectralRulesetFile } });
  /** @type {Promise<SpectralAnswer>} */
  const answered = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the Spectral worker stopped (exit code ${code}) before it answered`)));
  });
  answered.catch(() => {}); // observed by `lint`; unobserved when the worker is closed unused
  return {
    /**
     * Lints `bundleJson` (the text of the bundle as it is written to `fileLabel`) with
     * `.spectral.yaml`; prints the problems in `format`; resolves to the number of problems.
     * @param {string} bundleJson
     * @param {string} fileLabel
     * @param {import('./lint-description.js').LintFormat} format
     * @returns {Promise<number>}
     */
    async lint(bundleJson, fileLabel, format) {
      worker.postMessage(/** @satisfies {SpectralRequest} */ ({ bundleJson, fileLabel, format }));
      const answer = await answered;
      if ('error' in answer) throw answer.reported ? new ReportedError(answer.error) : new Error(`Spectral failed: ${answer.error}`);
      process.stdout.write(answer.report);
      return answer.problems;
    },
    async close() {
      await worker.terminate();
    },
  };
}
