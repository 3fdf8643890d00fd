// The Spectral worker thread (started by scripts/spectral.ts). It imports Spectral and loads
// .spectral.yaml as soon as it starts, while the main thread runs Redocly, then lints the one
// bundle the main thread sends and answers with the number of problems and the report.
import { parentPort, workerData } from 'node:worker_threads';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { ReportedError } from './project.ts';
import type { SpectralAnswer, SpectralRequest } from './spectral.ts';
import { loadRuleset } from './spectral-ruleset.ts';

const { Spectral, Document } = spectralCore; // CommonJS packages: their exports come as the default import
const { Json } = spectralParsers;

const ruleset = loadRuleset(workerData.rulesetFile);
ruleset.catch(() => {}); // a failure is reported in the answer below

parentPort?.once('message', async (request: SpectralRequest) => {
  let answer: SpectralAnswer;
  try {
    const spectral = new Spectral();
    spectral.setRuleset(await ruleset);
    const results = await spectral.run(new Document(request.bundleJson, Json, request.fileLabel));
    let report = '';
    if (results.length > 0) {
      const { githubActions, stylish } = (await import('@stoplight/spectral-formatters')).default;
      const formatter = request.format === 'github-actions' ? githubActions : stylish;
      report = `${formatter(results, { failSeverity: 1 } as never)}\n`;
    }
    answer = { problems: results.length, report };
  } catch (error) {
    answer = { error: error instanceof ReportedError ? error.message : String(error instanceof Error ? error.stack : error), reported: error instanceof ReportedError };
  }
  parentPort?.postMessage(answer);
});
