// `npm run bench`: speed figures, printed as tables (samples on stderr); lint, build, test and
// mutate are measured side by side with the baseline commit. The definition below is the usage,
// the parser and `--help` (scripts/command-line.ts).
const { checkout } = require('./start.ts');

const command = {
  name: 'bench',
  summary: [
    'Speed figures, as tables (samples on stderr): lint, build, test and mutate side by side with the',
    'baseline commit (docs/speed.md). Sections: lint, build, overlays, unit, tiers, test, mutate, ci, client,',
    'docs, scale, site, mcp, size; all but ci by default (ci clones and runs .ci/run whole). size is the',
    "faithfulness contract's lines and most complex function, here and at the baseline (read from git).",
  ].join('\n'),
  options: {
    runs: { type: 'string', value: '<n>', integer: { min: 1, max: 100 }, default: '5', description: 'runs per measurement' },
    only: { type: 'string', value: '<section>[,<section>...]', description: 'only these sections' },
    baseline: { type: 'string', value: '<commit>', default: '3dd9525', description: 'the commit to compare with (the last before the redesign)' },
    'no-baseline': { type: 'boolean', description: 'measure this checkout alone' },
  },
  examples: ['npm run bench -- --runs 3 --only lint,build', 'npm run bench -- --only size --baseline d53587e'],
  exits: [
    [0, 'measured'],
    [1, 'a measured command failed (named, with its last lines)'],
    [2, 'bad arguments'],
  ],
};

async function main() {
  const { commandLine } = await import('../command-line.ts');
  const parsed = commandLine(command, process.argv.slice(2));
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const [{ openProject }, { bench, benchSections }] = await Promise.all([import('../project.ts'), import('../dev/bench.ts')]);
  const wanted = values.only ? values.only.split(',') : benchSections.filter((section) => section !== 'ci');
  const sections = benchSections.filter((section) => wanted.includes(section));
  const runs = Number(values.runs);
  if (sections.length !== wanted.length) {
    console.error(`bench: --only takes one of ${benchSections.join(', ')}: see \`npm run bench -- --help\``);
    return 2;
  }
  try {
    await bench(openProject(checkout), { runs, sections, baseline: values['no-baseline'] ? undefined : values.baseline });
    return 0;
  } catch (error) {
    console.error(`bench: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

main().then((code) => (process.exitCode = code));
