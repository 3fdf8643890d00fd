// `npm run mutate [-- --only <text>]`: mutation testing of the contract, in one process. Prints
// one line per mutation with what caught it, or SURVIVED, then a summary by stage.
// Exit 0: every mutation caught; 1: one survived or could not be applied; 2: bad arguments.
const { checkout } = require('./start.ts');

async function main() {
  const { parseArgs } = await import('node:util');
  const { values } = parseArgs({ options: { only: { type: 'string' } } });
  const [{ openProject }, { mutate }, { mutations }] = await Promise.all([import('../project.ts'), import('../dev/mutate.ts'), import('../dev/mutations.ts')]);
  const selected = values.only ? mutations.filter((mutation) => mutation.name.includes(values.only ?? '')) : mutations;
  if (selected.length === 0) {
    console.error(`mutate: no mutation's name contains '${values.only}'`);
    return 2;
  }
  const started = performance.now();
  console.log(`mutate: ${selected.length} mutations of openapi/, each linted, generated from and held against the contract in memory`);
  let done = 0;
  const outcomes = await mutate(openProject(checkout), selected, (outcome) => {
    done += 1;
    const verdict = outcome.error ? `ERROR    ${outcome.error}` : outcome.caughtBy ? `caught   by ${outcome.caughtBy}` : 'SURVIVED';
    console.log(`  [${String(done).padStart(3)}/${selected.length}] ${outcome.mutation.name}: ${verdict}`);
  });
  const seconds = (performance.now() - started) / 1000;
  const stages = new Map();
  for (const outcome of outcomes) {
    const stage = outcome.caughtBy?.split(' ')[0];
    if (stage) stages.set(stage, (stages.get(stage) ?? 0) + 1);
  }
  const survived = outcomes.filter((outcome) => !outcome.caughtBy && !outcome.error).length;
  const errors = outcomes.filter((outcome) => outcome.error).length;
  const byStage = [...stages].map(([stage, count]) => `${stage} ${count}`).join(', ');
  const bundled = outcomes.filter((outcome) => outcome.referenceChanged);
  const changing = bundled.filter((outcome) => (outcome.referenceChanged?.length ?? 0) > 0).length;
  console.log(`mutate: ${changing} of the ${bundled.length} mutants that bundle change the Markdown reference (generated/reference/, llms-full.txt)`);
  console.log(
    `mutate: ${outcomes.length - survived - errors} of ${outcomes.length} caught (${byStage}), ${survived} survived, ${errors} errors, in ${seconds.toFixed(1)} s (${(outcomes.length / seconds).toFixed(2)} mutants/s)`,
  );
  return survived > 0 || errors > 0 ? 1 : 0;
}

main().then((code) => (process.exitCode = code));
