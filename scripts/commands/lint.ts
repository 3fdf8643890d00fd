// `npm run lint`: Redocly on openapi/ with the house rules and the faithfulness contract's rules,
// then Spectral on a fresh bundle held in memory. Writes nothing, unless `--fix` (first writes the
// wordings the contract wants: scripts/lint/fix-wordings.ts).
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { lintFormats } from '../lint/lint-formats.ts';
import { openProject, ReportedError } from '../project.ts';

export const definition: CommandDefinition = {
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
      choices: lintFormats,
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

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  const format = lintFormats.find((known) => known === parsed.values.format);
  if (!format) return 2;
  const started = performance.now();
  const project = openProject(io.root);
  try {
    if (parsed.values.fix) {
      const { fixWordings } = await import('../lint/fix-wordings.ts');
      const { files, texts } = await fixWordings(project);
      io.err(`lint: --fix wrote ${texts} wording(s)${files.length ? ` in ${files.join(', ')}` : ''}`);
    }
    // The linters load only now: `--help` and a usage error need none of them.
    const [{ lintDescription }, { printLint }, { lintSummary, problemCount }] = await Promise.all([
      import('../lint/lint-description.ts'),
      import('../lint/print-lint.ts'),
      import('../lint/lint-problems.ts'),
    ]);
    const result = await lintDescription(project);
    await printLint(project, result, format, io.write);
    if (problemCount(result) > 0) {
      io.err(`lint: ${lintSummary(project, result)}`);
      return 1;
    }
    io.out(
      `lint: 0 problems (Redocly with the house rules and the faithfulness contract on openapi/, Spectral on the bundle) in ${((performance.now() - started) / 1000).toFixed(2)} s`,
    );
    return 0;
  } catch (error) {
    io.err(`lint: ${error instanceof ReportedError ? error.message : error instanceof Error ? error.stack : String(error)}`);
    return 1;
  }
}
