// `npm run lint [-- --format github-actions]`: Redocly on the source, then Spectral on a fresh
// bundle held in memory. Writes nothing. Exits 1 on any problem, warnings included.
import { parseArgs } from 'node:util';
import { lintStep, newContext } from './pipeline.ts';
import type { LintFormat } from './redocly.ts';
import { ReportedError } from './project.ts';

const formats: LintFormat[] = ['stylish', 'github-actions'];
const { values } = parseArgs({ options: { format: { type: 'string', default: 'stylish' } } });
if (!formats.includes(values.format as LintFormat)) {
  console.error(`lint: unknown --format '${values.format}'; use one of: ${formats.join(', ')}`);
  process.exit(2);
}

const started = performance.now();
try {
  await lintStep.run(await newContext('', values.format as LintFormat));
  console.log(`lint: 0 problems (Redocly on openapi/, Spectral on the bundle) in ${((performance.now() - started) / 1000).toFixed(2)} s`);
} catch (error) {
  console.error(`lint: ${error instanceof ReportedError ? error.message : String(error)}`);
  process.exit(1);
}
