// The Spectral worker thread (started by startSpectralWorker in spectral-worker-client.ts). It imports Spectral
// and loads the ruleset as soon as it starts, while the main thread runs Redocly, then lints the
// one bundle the main thread sends and answers with the findings.
import { parentPort, workerData } from 'node:worker_threads';
import { openProject, ReportedError } from '../project.ts';
import { runSpectral } from './spectral.ts';
import type { WorkerAnswer, WorkerRequest } from './spectral-worker-client.ts';
import { loadRuleset } from './spectral-ruleset.ts';

const project = openProject(workerData.root);
const ruleset = loadRuleset(project, workerData.rulesetFile);
ruleset.catch(() => {}); // a failure is reported in the answer below

parentPort?.once('message', async (request: WorkerRequest) => {
  let answer: WorkerAnswer;
  try {
    answer = { results: await runSpectral(await ruleset, request.bundleJson, request.fileLabel) };
  } catch (error) {
    const reported = error instanceof ReportedError;
    answer = { error: reported ? error.message : String(error instanceof Error ? error.stack : error), reported };
  }
  parentPort?.postMessage(answer);
});
