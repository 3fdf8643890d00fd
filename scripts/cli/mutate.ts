// `npm run mutate`: mutation testing, in one process. Prints one line per mutation with the rule
// that caught it, or SURVIVED (PASSED for a neutral rewording, FALSE ALARM when one is caught),
// then a summary by stage and by rule. The definition below is the usage, the parser and `--help`
// (scripts/command-line.ts).
const { checkout } = require('./start.ts');

const command = {
  name: 'mutate',
  summary: [
    'Mutation testing: small mistakes and neutral rewordings applied in memory to openapi/; each',
    'mistake must be caught by lint (the contract included) or a generator, naming the rule, and each',
    'rewording must pass. One line per mutation, then a summary by stage and by rule.',
  ].join('\n'),
  options: {
    only: { type: 'string', value: '<text>', description: 'only the mutations whose name contains <text>' },
    in: { type: 'string', value: '<prefix>', description: 'only the mutations of the files of openapi/ whose path starts with <prefix> (paths/v1_webhooks)' },
  },
  examples: ['npm run mutate -- --only "Title Case"', 'npm run mutate -- --in paths/v1_webhooks'],
  exits: [
    [0, 'every mistake caught and every rewording passed'],
    [1, 'a mistake survived, a rewording was caught, or a mutation could not be applied'],
    [2, 'bad arguments, or no mutation matches --only and --in'],
  ],
};

/** Exit 2 with one line when --only and --in select no mutation. */
async function noneSelected(values = { only: '', in: '' }) {
  const { forTerminal } = await import('../escape.ts');
  const name = values.only ? `'s name contains '${values.only}'` : '';
  const file = values.in ? ` changes a file under openapi/${values.in}` : '';
  console.error(forTerminal(`mutate: no mutation${name}${name && file ? ' and' : ''}${file}`));
  return 2;
}

async function main() {
  const { commandLine } = await import('../command-line.ts');
  const parsed = commandLine(command, process.argv.slice(2));
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  // The table alone first: a selection of nothing is refused before the runner and its linters load.
  const { mutations } = await import('../dev/mutations.ts');
  const selected = mutations.filter(
    (mutation) => (!values.only || mutation.name.includes(values.only)) && (!values.in || String(mutation.file).startsWith(values.in)),
  );
  if (selected.length === 0) return noneSelected({ only: values.only ?? '', in: values.in ?? '' });
  const [{ openProject }, { mutate }] = await Promise.all([import('../project.ts'), import('../dev/mutate.ts')]);
  const started = performance.now();
  const neutrals = selected.filter((mutation) => mutation.neutral).length;
  console.log(
    `mutate: ${selected.length - neutrals} mistakes and ${neutrals} neutral rewordings of openapi/, each linted (Redocly, Spectral, the faithfulness contract) and generated from in memory`,
  );
  let done = 0;
  const outcomes = await mutate(openProject(checkout), selected, (outcome) => {
    done += 1;
    const verdict = outcome.error
      ? `ERROR    ${outcome.error}`
      : outcome.mutation.neutral
        ? outcome.caughtBy
          ? `FALSE ALARM: caught by ${outcome.caughtBy}`
          : 'passed   (neutral)'
        : outcome.caughtBy
          ? `caught   by ${outcome.caughtBy}`
          : 'SURVIVED';
    console.log(`  [${String(done).padStart(3)}/${selected.length}] ${outcome.mutation.name}: ${verdict}`);
  });
  const seconds = (performance.now() - started) / 1000;
  // The default value only gives the parameter its type: this file keeps to the JavaScript subset.
  const count = (keys = [undefined, ''].slice(0, 0)) => {
    const counts = new Map();
    for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    return [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([key, n]) => `${key} ${n}`)
      .join(', ');
  };
  const mistakes = outcomes.filter((outcome) => !outcome.mutation.neutral);
  const survived = mistakes.filter((outcome) => !outcome.caughtBy && !outcome.error).length;
  const falseAlarms = outcomes.filter((outcome) => outcome.mutation.neutral && outcome.caughtBy).length;
  const errors = outcomes.filter((outcome) => outcome.error).length;
  const byStage = count(mistakes.map((outcome) => outcome.caughtBy?.split(' ')[0]));
  const bundled = outcomes.filter((outcome) => outcome.referenceChanged);
  const changing = bundled.filter((outcome) => (outcome.referenceChanged?.length ?? 0) > 0).length;
  console.log(`mutate: ${changing} of the ${bundled.length} mutants that bundle change the Markdown reference (generated/reference/, llms-full.txt)`);
  console.log(`mutate: caught by rule: ${count(mistakes.map((outcome) => outcome.rule))}`);
  console.log(
    `mutate: ${mistakes.length - survived - errors} of ${mistakes.length} mistakes caught (${byStage}), ${survived} survived; ` +
      `${neutrals - falseAlarms} of ${neutrals} neutral rewordings passed, ${falseAlarms} false alarms; ${errors} errors; ` +
      `in ${seconds.toFixed(1)} s (${(outcomes.length / seconds).toFixed(2)} mutants/s)`,
  );
  return survived > 0 || falseAlarms > 0 || errors > 0 ? 1 : 0;
}

main().then((code) => (process.exitCode = code));
