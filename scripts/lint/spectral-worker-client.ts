// Spectral in a worker thread, for the commands: started before Redocly is even imported, so that
// importing Spectral and loading its ruleset (about 0.6 s) overlap with Redocly's work on the
// other core. This module imports neither linter: the main thread must not wait for Spectral.
import { Worker } from 'node:worker_threads';
import { type Project, ReportedError } from '../project.ts';
import type { SpectralDiagnostic, SpectralLinter } from './spectral.ts';

export interface WorkerRequest {
  bundleJson: string;
  fileLabel: string;
}
export type WorkerAnswer = { results: SpectralDiagnostic[] } | { error: string; reported: boolean };

/** Spectral in a worker thread that starts loading `project`'s ruleset now. Lints once. */
export function startSpectralWorker(project: Project): SpectralLinter {
  const worker = new Worker(new URL('./spectral-worker.ts', import.meta.url), { workerData: { root: project.root, rulesetFile: project.spectralRuleset } });
  const answered = new Promise<WorkerAnswer>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the Spectral worker stopped (exit code ${code}) before it answered`)));
  });
  answered.catch(() => {}); // observed by `lint`; unobserved when the worker is closed unused
  return {
    async lint(bundleJson, fileLabel) {
      worker.postMessage({ bundleJson, fileLabel } satisfies WorkerRequest);
      const answer = await answered;
      if ('error' in answer) throw answer.reported ? new ReportedError(answer.error) : new Error(`Spectral failed: ${answer.error}`);
      return answer.results;
    },
    async close() {
      await worker.terminate();
    },
  };
}
