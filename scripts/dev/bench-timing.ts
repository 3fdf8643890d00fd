// Timing helpers shared by `npm run bench` and its per-size scale runs (scripts/dev/bench-scale.ts).

/** The middle sample; of an even count, the mean of the two middle ones (of two runs, their mean, not the larger). */
export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The rounds of an alternating bench that every side counted (`rounds[side][round]`: a time, or
 * undefined for a run that failed or was not counted), each side's samples of those rounds alone:
 * a round one side lost drops out of every side, so the medians compare the same turns of the
 * machine (a failed cold run of one side would leave the other's cold run against its warm ones).
 */
export function pairedRounds(rounds: (number | undefined)[][]): { samples: number[][]; dropped: number[] } {
  const count = Math.max(0, ...rounds.map((side) => side.length));
  const kept: number[] = [];
  const dropped: number[] = [];
  for (let round = 0; round < count; round++) (rounds.every((side) => side[round] !== undefined) ? kept : dropped).push(round);
  return { samples: rounds.map((side) => kept.map((round) => side[round]!)), dropped };
}

/**
 * The ratio of two sides of a bench that ran in alternating rounds (`side[round]` and
 * `base[round]`: the seconds of the same number of calls, one after the other): the median of
 * the rounds' ratios, so that a pause of the machine weighs on one round and not on the run's
 * total. Undefined where the two do not have the same rounds.
 */
export function roundsRatio(side: number[] | undefined, base: number[]): number | undefined {
  if (side === undefined || side.length === 0 || side.length !== base.length) return undefined;
  return median(side.map((seconds, round) => seconds / base[round]));
}

export async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/** Runs `action` `runs` times in a row; prints the samples on stderr; returns their median (ms). */
export async function medianOf(label: string, runs: number, action: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await timed(action));
  process.stderr.write(`  ${label}: ${samples.map((ms) => (ms / 1000).toFixed(2)).join(' ')} s\n`);
  return median(samples);
}
