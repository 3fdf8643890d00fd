// Spectral, driven through its programmatic API, on the bundle: it misreads split OpenAPI 3.1
// files, so it only ever sees the one bundled document, as consumers do. It runs in a worker
// thread, started before Redocly, so that importing Spectral and loading its ruleset overlap
// with Redocly's work on the other core.
import { Worker } from 'node:worker_threads';
import type { LintFormat } from './lint-description.ts';
import { ReportedError, spectralRulesetFile } from './project.ts';

export interface SpectralRequest {
  bundleJson: string;
  fileLabel: string;
  format: LintFormat;
}
export type SpectralAnswer = { problems: number; report: string } | { error: string; reported: boolean };

/**
 * Starts the worker. Call `lint` once (it prints the problems and resolves to their number), or
 * `close` to stop the worker unused.
 */
export function startSpectral() {
  const worker = new Worker(new URL('./spectral-worker.ts', import.meta.url), { workerData: { rulesetFile: spectralRulesetFile } });
  const answered = new Promise<SpectralAnswer>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the Spectral worker stopped (exit code ${code}) before it answered`)));
  });
  answered.catch(() => {}); // observed by `lint`; unobserved when the worker is closed unused
  return {
    /**
     * Lints `bundleJson` (the text of the bundle as it is written to `fileLabel`) with
     * `.spectral.yaml`; prints the problems in `format`; resolves to the number of problems.
     */
    async lint(bundleJson: string, fileLabel: string, format: LintFormat): Promise<number> {
      worker.postMessage({ bundleJson, fileLabel, format } satisfies SpectralRequest);
      const answer = await answered;
      if ('error' in answer) throw answer.reported ? new ReportedError(answer.error) : new Error(`Spectral failed: ${answer.error}`);
      process.stdout.write(answer.report);
      return answer.problems;
    },
    async close(): Promise<void> {
      await worker.terminate();
    },
  };
}
