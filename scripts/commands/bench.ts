// `npm run bench`: speed figures, printed as tables (samples on stderr); lint, build, test and
// mutate are measured side by side with the baseline commit.
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { sdkLanguages } from '../languages/languages.ts';
import { openProject } from '../project.ts';

export const definition: CommandDefinition = {
  name: 'bench',
  summary: [
    'Speed figures, as tables (samples on stderr): lint, build, test and mutate side by side with the',
    'baseline commit (docs/speed.md). Sections: lint, build, overlays, unit, tiers, test, mutate, ci, client,',
    'docs, scale, site, mcp, size, learn, sdk; all but ci by default (ci clones and runs .ci/run whole). size is the',
    "faithfulness contract's lines and most complex function, and the lines of scripts/ and test/, here and at the baseline (read from git).",
  ].join('\n'),
  options: {
    runs: { type: 'string', value: '<n>', integer: { min: 1, max: 100 }, default: '5', description: 'runs per measurement' },
    only: { type: 'string', value: '<section>[,<section>...]', description: 'only these sections' },
    sdk: {
      type: 'string',
      value: '<language>[,<language>...]',
      description: 'the sdk section: only these languages (typescript, python, go, java, php, ruby)',
    },
    baseline: {
      type: 'string',
      value: '<commit>',
      default: 'f11062c',
      description: 'the commit to compare with (where the round of the Java, PHP and Ruby SDKs started)',
    },
    'no-baseline': { type: 'boolean', description: 'measure this checkout alone' },
  },
  examples: ['npm run bench -- --runs 3 --only unit', 'npm run bench -- --runs 2 --only ci'],
  exits: [
    [0, 'measured'],
    [1, 'a measured command failed (named, with its last lines)'],
    [2, 'bad arguments'],
  ],
};

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  // The benchmarks load only now: `--help` and a usage error need none of them.
  const { bench, benchSections } = await import('../dev/bench.ts');
  const wanted: string[] = values.only ? values.only.split(',') : benchSections.filter((section) => section !== 'ci');
  const sections = benchSections.filter((section) => wanted.includes(section));
  if (sections.length !== wanted.length) {
    io.err(`bench: --only takes one of ${benchSections.join(', ')}: see \`npm run bench -- --help\``);
    return 2;
  }
  // Refused before anything is measured: an SDK the bench has no program for, or --sdk where no sdk section runs.
  const benchedSdks = ['typescript', ...sdkLanguages.map((language) => language.name)];
  const unknownSdk = values.sdk?.split(',').find((name: string) => !benchedSdks.includes(name));
  if (unknownSdk !== undefined) {
    io.err(`bench: --sdk ${JSON.stringify(unknownSdk)}: give one or more of ${benchedSdks.join(', ')}: see \`npm run bench -- --help\``);
    return 2;
  }
  if (values.sdk !== undefined && !sections.includes('sdk')) {
    io.err('bench: --sdk picks the languages of the sdk section, which this run does not have: add `--only sdk`');
    return 2;
  }
  try {
    await bench(openProject(io.root), {
      runs: Number(values.runs),
      sections,
      baseline: values['no-baseline'] ? undefined : values.baseline,
      sdkLanguages: values.sdk?.split(','),
    });
    return 0;
  } catch (error) {
    io.err(`bench: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
