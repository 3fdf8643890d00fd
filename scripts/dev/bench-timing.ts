// Timing helpers shared by `npm run bench` and its per-size scale runs (scripts/dev/bench-scale.ts).

export const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

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
