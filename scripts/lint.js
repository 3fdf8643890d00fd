// `npm run lint [-- --format github-actions]`: Redocly on the source, then Spectral on a fresh
// bundle held in memory. Writes nothing. Exits 1 on any problem, warnings included.
//
// Why plain JavaScript: pull-request lint has to take under 1.5 s. On Node 20 any module loader
// hook (tsx's included) runs on its own thread and costs a round trip per imported module; it
// made importing Redocly and Spectral take 1.8 s instead of 0.9 s. So this entry and the modules
// it loads (project, redocly, spectral*, lint-description) are JavaScript, typed by JSDoc and
// checked by tsc like the TypeScript scripts, and `npm run lint` runs them on bare Node.
import { parseArgs } from 'node:util';
import { lintDescription, lintFormats } from './lint-description.js';
import { ReportedError } from './project.js';

const { values } = parseArgs({ options: { format: { type: 'string', default: 'stylish' } } });
const format = lintFormats.find((known) => known === values.format);
if (!format) {
  console.error(`lint: unknown --format '${values.format}'; use one of: ${lintFormats.join(', ')}`);
  process.exit(2);
}

const started = performance.now();
try {
  await lintDescription(format);
  console.log(`lint: 0 problems (Redocly on openapi/, Spectral on the bundle) in ${((performance.now() - started) / 1000).toFixed(2)} s`);
} catch (error) {
  console.error(`lint: ${error instanceof ReportedError ? error.message : String(error)}`);
  process.exit(1);
}
