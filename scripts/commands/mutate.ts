// `npm run mutate`: mutation testing, in one process. Prints one line per mutation with the rule
// that caught it, or SURVIVED (PASSED for a neutral rewording, FALSE ALARM when one is caught),
// then a summary by stage and by rule.
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import type { Outcome } from '../dev/mutate.ts';
import { mutations } from '../dev/mutations.ts';
import { forTerminal } from '../escape.ts';
import { openProject } from '../project.ts';

export const definition: CommandDefinition = {
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

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  const only: string = parsed.values.only ?? '';
  const within: string = parsed.values.in ?? '';
  const selected = mutations.filter((mutation) => (!only || mutation.name.includes(only)) && (!within || String(mutation.file).startsWith(within)));
  if (selected.length === 0) {
    const name = only ? `'s name contains '${only}'` : '';
    const file = within ? ` changes a file under openapi/${within}` : '';
    io.err(forTerminal(`mutate: no mutation${name}${name && file ? ' and' : ''}${file}`));
    return 2;
  }
  const started = performance.now();
  const neutrals = selected.filter((mutation) => mutation.neutral).length;
  io.out(
    `mutate: ${selected.length - neutrals} mistakes and ${neutrals} neutral rewordings of openapi/, each linted (Redocly, Spectral, the faithfulness contract) and generated from in memory`,
  );
  let done = 0;
  // The runner and its linters load only now: `--help` and a selection of nothing need none of them.
  const { mutate } = await import('../dev/mutate.ts');
  const outcomes = await mutate(openProject(io.root), selected, (outcome) => {
    done += 1;
    io.out(`  [${String(done).padStart(3)}/${selected.length}] ${outcome.mutation.name}: ${verdict(outcome)}`);
  });
  const seconds = (performance.now() - started) / 1000;
  const mistakes = outcomes.filter((outcome) => !outcome.mutation.neutral);
  const survived = mistakes.filter((outcome) => !outcome.caughtBy && !outcome.error).length;
  const falseAlarms = outcomes.filter((outcome) => outcome.mutation.neutral && outcome.caughtBy).length;
  const errors = outcomes.filter((outcome) => outcome.error).length;
  const byStage = countOf(mistakes.map((outcome) => outcome.caughtBy?.split(' ')[0]));
  const bundled = outcomes.filter((outcome) => outcome.referenceChanged);
  const changing = bundled.filter((outcome) => (outcome.referenceChanged?.length ?? 0) > 0).length;
  io.out(`mutate: ${changing} of the ${bundled.length} mutants that bundle change the Markdown reference (generated/reference/, llms-full.txt)`);
  io.out(`mutate: caught by rule: ${countOf(mistakes.map((outcome) => outcome.rule))}`);
  io.out(
    `mutate: ${mistakes.length - survived - errors} of ${mistakes.length} mistakes caught (${byStage}), ${survived} survived; ` +
      `${neutrals - falseAlarms} of ${neutrals} neutral rewordings passed, ${falseAlarms} false alarms; ${errors} errors; ` +
      `in ${seconds.toFixed(1)} s (${(outcomes.length / seconds).toFixed(2)} mutants/s)`,
  );
  return survived > 0 || falseAlarms > 0 || errors > 0 ? 1 : 0;
}

function verdict(outcome: Outcome): string {
  if (outcome.error) return `ERROR    ${outcome.error}`;
  if (outcome.mutation.neutral) return outcome.caughtBy ? `FALSE ALARM: caught by ${outcome.caughtBy}` : 'passed   (neutral)';
  return outcome.caughtBy ? `caught   by ${outcome.caughtBy}` : 'SURVIVED';
}

/** `key n, key n`, the most frequent first. */
function countOf(keys: (string | undefined)[]): string {
  const counts = new Map<string, number>();
  for (const key of keys) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => `${key} ${n}`)
    .join(', ');
}
