// Spectral in a worker thread, for the commands: asked for before Redocly is even imported, so that
// loading the ruleset (and, the first time, importing Spectral: about 0.6 s) overlaps with
// Redocly's work on the other core. One worker serves every lint of the process, each with its
// ruleset read afresh: a process that lints many times (`npm run docs` rebuilding on each save, a
// release's drift check, the tests) imports Spectral once. This module imports neither linter: the
// main thread must not wait for Spectral.
import { Worker } from 'node:worker_threads';
import { type Project, ReportedError } from '../project.ts';
import type { SpectralDiagnostic, SpectralLinter } from './spectral.ts';

/** What the main thread asks of the worker; `id` names one linter's ruleset and answer. */
export type WorkerRequest =
  | { kind: 'prepare'; id: number; root: string; rulesetFile: string }
  | { kind: 'lint'; id: number; bundleJson: string; fileLabel: string }
  | { kind: 'forget'; id: number };
export type WorkerAnswer = { id: number } & ({ results: SpectralDiagnostic[] } | { error: string; reported: boolean });

interface SharedWorker {
  worker: Worker;
  /** The linters whose answer has not come, by id. */
  waiting: Map<number, { resolve(answer: WorkerAnswer): void; reject(error: unknown): void }>;
  /** The linters started and not yet done: while there is one, the worker keeps the process alive. */
  users: number;
}

let shared: SharedWorker | undefined;
let nextId = 0;

/** The process's Spectral worker, started on first use; it never keeps the process alive when idle. */
function sharedWorker(): SharedWorker {
  if (shared) return shared;
  const state: SharedWorker = { worker: new Worker(new URL('./spectral-worker.ts', import.meta.url)), waiting: new Map(), users: 0 };
  state.worker.on('message', (answer: WorkerAnswer) => {
    state.waiting.get(answer.id)?.resolve(answer);
    state.waiting.delete(answer.id);
  });
  // A worker that failed or stopped fails every lint it owes; the next lint starts another.
  const fail = (error: unknown) => {
    if (shared === state) shared = undefined;
    for (const { reject } of state.waiting.values()) reject(error);
    state.waiting.clear();
  };
  state.worker.on('error', fail);
  state.worker.on('exit', (code) => fail(new Error(`the Spectral worker stopped (exit code ${code}) before it answered`)));
  state.worker.unref();
  shared = state;
  return state;
}

/** Spectral in the process's worker thread, which starts loading `project`'s ruleset now. Lints once. */
export function startSpectralWorker(project: Project): SpectralLinter {
  const state = sharedWorker();
  const id = (nextId += 1);
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    state.users -= 1;
    if (state.users === 0) state.worker.unref();
  };
  if (state.users === 0) state.worker.ref();
  state.users += 1;
  const answered = new Promise<WorkerAnswer>((resolve, reject) => state.waiting.set(id, { resolve, reject }));
  answered.then(finish, finish);
  answered.catch(() => {}); // observed by `lint`; unobserved when the linter is closed unused
  state.worker.postMessage({ kind: 'prepare', id, root: project.root, rulesetFile: project.spectralRuleset } satisfies WorkerRequest);
  return {
    async lint(bundleJson, fileLabel) {
      state.worker.postMessage({ kind: 'lint', id, bundleJson, fileLabel } satisfies WorkerRequest);
      const answer = await answered;
      if ('error' in answer) throw answer.reported ? new ReportedError(answer.error) : new Error(`Spectral failed: ${answer.error}`);
      return answer.results;
    },
    async close() {
      if (done) return;
      state.waiting.delete(id);
      state.worker.postMessage({ kind: 'forget', id } satisfies WorkerRequest);
      finish();
    },
  };
}
