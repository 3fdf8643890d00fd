// The Spectral worker thread (started by sharedWorker in spectral-worker-client.ts). It imports
// Spectral as soon as it starts; for each linter, it loads that project's ruleset when asked to
// prepare (while the main thread runs Redocly), then lints the one bundle the main thread sends
// with it and answers with the findings.
import { parentPort } from 'node:worker_threads';
import { openProject, ReportedError } from '../project.ts';
import { runSpectral } from './spectral.ts';
import type { WorkerAnswer, WorkerRequest } from './spectral-worker-client.ts';
import { type LoadedRuleset, loadRuleset } from './spectral-ruleset.ts';

/** Each linter's ruleset, loading or loaded, until it lints or is forgotten. */
const rulesets = new Map<number, Promise<LoadedRuleset>>();

parentPort?.on('message', async (request: WorkerRequest) => {
  if (request.kind === 'prepare') {
    const ruleset = loadRuleset(openProject(request.root), request.rulesetFile);
    ruleset.catch(() => {}); // a failure is reported in the answer below
    rulesets.set(request.id, ruleset);
    return;
  }
  const ruleset = rulesets.get(request.id);
  rulesets.delete(request.id);
  if (request.kind === 'forget' || !ruleset) return;
  let answer: WorkerAnswer;
  try {
    answer = { id: request.id, results: await runSpectral(await ruleset, request.bundleJson, request.fileLabel) };
  } catch (error) {
    const reported = error instanceof ReportedError;
    answer = { id: request.id, error: reported ? error.message : String(error instanceof Error ? error.stack : error), reported };
  }
  parentPort?.postMessage(answer);
});
