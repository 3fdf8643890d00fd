// `npm run bench [-- --runs N] [--only <section>[,<section>…]] [--baseline <commit> | --no-baseline]`:
// speed figures, printed as tables (samples on stderr); lint, build, test and mutate are measured
// side by side with the baseline commit (default: 3dd9525, the last commit before the redesign).
// Sections: lint, build, overlays, unit, test, mutate, ci, client, docs, scale, site; all but ci by default (ci clones
// and runs .ci/run whole). Exit 1: a measured command failed (named, with its last lines); 2: bad arguments.
const { checkout } = require('./start.ts');

async function main() {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '5' },
      only: { type: 'string' },
      baseline: { type: 'string', default: '3dd9525' },
      'no-baseline': { type: 'boolean', default: false },
    },
  });
  const [{ openProject }, { bench, benchSections }] = await Promise.all([import('../project.ts'), import('../dev/bench.ts')]);
  const wanted = values.only ? values.only.split(',') : benchSections.filter((section) => section !== 'ci');
  const sections = benchSections.filter((section) => wanted.includes(section));
  const runs = Number(values.runs);
  if (sections.length !== wanted.length) {
    console.error(`bench: --only takes one of ${benchSections.join(', ')}`);
    return 2;
  }
  if (!Number.isInteger(runs) || runs < 1) {
    console.error(`bench: --runs must be a whole number from 1, not '${values.runs}'`);
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
