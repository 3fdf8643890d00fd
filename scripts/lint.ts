// `npm run lint [-- --format github-actions]`: Redocly on the source, then Spectral on a fresh
// bundle held in memory. Writes nothing. Exits 1 on any problem, warnings included.
import { parseArgs } from 'node:util';
import { lintDescription, lintFormats } from './lint-description.ts';
import { ReportedError } from './project.ts';

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
