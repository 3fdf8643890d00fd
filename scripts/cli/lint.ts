// `npm run lint`: Redocly on openapi/ with the house rules and the faithfulness contract's rules,
// then Spectral on a fresh bundle held in memory. Writes nothing, unless `--fix` (first writes the
// wordings the contract wants: scripts/lint/fix-wordings.ts). The definition below is the usage,
// the parser and `--help` (scripts/command-line.ts).
const { checkout } = require('./start.ts');

const command = {
  name: 'lint',
  summary: [
    'Lints the description: Redocly on openapi/ with the house rules and the faithfulness contract',
    '(docs/faithfulness.md), then Spectral on a fresh bundle held in memory. Each problem at its file,',
    'line and column. Writes nothing, unless --fix.',
  ].join('\n'),
  options: {
    fix: {
      type: 'boolean',
      description: 'first write each wording the contract wants (what is open) in place of the text that differs; leads stay yours',
    },
    format: {
      type: 'string',
      value: 'stylish|github-actions',
      choices: ['stylish', 'github-actions'],
      default: 'stylish',
      description: 'github-actions: annotations on the changed lines of a pull request',
    },
  },
  examples: ['npm run lint -- --format github-actions', 'npm run lint -- --fix'],
  exits: [
    [0, 'no problem'],
    [1, 'problems (warnings included)'],
    [2, 'bad arguments'],
  ],
};

async function main() {
  const { commandLine } = await import('../command-line.ts');
  const parsed = commandLine(command, process.argv.slice(2));
  if (typeof parsed === 'number') return parsed;
  const { lintFormats } = await import('../lint/lint-formats.ts');
  const format = lintFormats.find((known) => known === parsed.values.format);
  if (!format) return 2;
  const started = performance.now();
  const [{ openProject, ReportedError }, { lintDescription }] = await Promise.all([import('../project.ts'), import('../lint/lint-description.ts')]);
  const project = openProject(checkout);
  try {
    if (parsed.values.fix) {
      const { fixWordings } = await import('../lint/fix-wordings.ts');
      const { files, texts } = await fixWordings(project);
      console.error(`lint: --fix wrote ${texts} wording(s)${files.length ? ` in ${files.join(', ')}` : ''}`);
    }
    const result = await lintDescription(project);
    const [{ printLint }, { lintSummary, problemCount }] = await Promise.all([import('../lint/print-lint.ts'), import('../lint/lint-problems.ts')]);
    await printLint(project, result, format);
    if (problemCount(result) > 0) {
      console.error(`lint: ${lintSummary(project, result)}`);
      return 1;
    }
    console.log(
      `lint: 0 problems (Redocly with the house rules and the faithfulness contract on openapi/, Spectral on the bundle) in ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
    return 0;
  } catch (error) {
    console.error(`lint: ${error instanceof ReportedError ? error.message : error instanceof Error ? error.stack : String(error)}`);
    return 1;
  }
}

main().then((code) => (process.exitCode = code));
