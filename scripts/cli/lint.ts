// `npm run lint [-- --format github-actions]`: Redocly on openapi/ with the house rules, then
// Spectral and the faithfulness contract on a fresh bundle held in memory. Writes nothing.
// Exit 0: no problem; 1: problems (warnings included); 2: bad arguments.
const { checkout } = require('./start.ts');

async function main() {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({ options: { format: { type: 'string', default: 'stylish' } } });
  const { lintFormats } = await import('../lint/lint-formats.ts');
  const format = lintFormats.find((known) => known === values.format);
  if (!format) {
    console.error(`lint: unknown --format '${values.format}'; use one of: ${lintFormats.join(', ')}`);
    return 2;
  }
  const started = performance.now();
  const [{ openProject, ReportedError }, { lintDescription }] = await Promise.all([import('../project.ts'), import('../lint/lint-description.ts')]);
  const project = openProject(checkout);
  try {
    const result = await lintDescription(project);
    const [{ printLint }, { lintSummary, problemCount }] = await Promise.all([import('../lint/print-lint.ts'), import('../lint/lint-problems.ts')]);
    await printLint(project, result, format);
    if (problemCount(result) > 0) {
      console.error(`lint: ${lintSummary(project, result)}`);
      return 1;
    }
    console.log(
      `lint: 0 problems (Redocly on openapi/, Spectral and the faithfulness contract on the bundle) in ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
    return 0;
  } catch (error) {
    console.error(`lint: ${error instanceof ReportedError ? error.message : error instanceof Error ? error.stack : String(error)}`);
    return 1;
  }
}

main().then((code) => (process.exitCode = code));
