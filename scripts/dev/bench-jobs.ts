// The pull-request workflow's jobs (.github/workflows/pull-request.yml) timed one after the other on
// this machine, in a fresh clone, each with its own `npm ci` from npm's cache as a runner does: each
// job's time, and the critical path (the verdict waits for `lint`, then for the longest job that
// needs it, or for `docs-preview`, which needs nothing). The matrices (the test tiers and shards,
// the languages tier's legs) are read from the workflow itself, so the timed jobs are its jobs.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { timed } from './bench-timing.ts';

export interface Job {
  name: string;
  /** `lint` for the jobs that wait for it; undefined for the ones that start at once. */
  needs?: 'lint';
  commands: string[];
}

interface MatrixEntry {
  tier?: string;
  run?: string;
  leg?: string;
  languages?: string;
  files?: string;
}

/** The workflow's jobs as commands this machine runs; `npm ci` is timed separately, once per job. */
export async function workflowJobs(root: string): Promise<Job[]> {
  const workflow = parse(await fs.readFile(path.join(root, '.github', 'workflows', 'pull-request.yml'), 'utf8'));
  const matrix = (job: string): MatrixEntry[] => workflow.jobs[job]?.strategy?.matrix?.include ?? [];
  const actionlint = '"$(bash .ci/install-actionlint)" -no-color .github/workflows/*.yml examples/workflows/*.yml';
  return [
    { name: 'lint', commands: ['npm run -s lint -- --format github-actions', 'npm run -s check', 'npm run -s diff -- --gate'] },
    { name: 'types-and-style', needs: 'lint', commands: ['npm run -s typecheck', 'npm run -s lint:code && npm run -s format:check', actionlint] },
    ...matrix('tests').map((entry): Job => ({ name: `tests (${entry.tier})`, needs: 'lint', commands: [String(entry.run)] })),
    ...matrix('languages').map((entry): Job => ({
      name: `languages (${entry.leg})`,
      needs: 'lint',
      commands: [`bash .ci/install-languages ${entry.languages}`, `npm test -- --project languages ${entry.files}`],
    })),
    { name: 'mutate', needs: 'lint', commands: ['npm run -s mutate'] },
    { name: 'client-runtime (this Node)', needs: 'lint', commands: ['npm run -s test:runtime'] },
    { name: 'docs-preview', commands: ['npm run -s build', 'npm run -s diff -- --format markdown'] },
  ];
}

/** Each job's time (its commands after one `npm ci`), and the critical path through them. */
export async function timeJobs(jobs: Job[], npmCi: number, runJob: (command: string) => Promise<unknown>): Promise<{ rows: string[][]; criticalPath: number }> {
  const times = new Map<string, number>();
  for (const job of jobs) {
    let total = npmCi;
    for (const command of job.commands) total += await timed(() => runJob(command));
    times.set(job.name, total);
    process.stderr.write(`  job ${job.name}: ${(total / 1000).toFixed(1)} s\n`);
  }
  const lint = times.get('lint') ?? 0;
  const afterLint = Math.max(0, ...jobs.filter((job) => job.needs === 'lint').map((job) => times.get(job.name) ?? 0));
  const alone = Math.max(0, ...jobs.filter((job) => !job.needs && job.name !== 'lint').map((job) => times.get(job.name) ?? 0));
  const criticalPath = Math.max(lint + afterLint, alone);
  const rows = jobs.map((job) => {
    const ms = times.get(job.name) ?? 0;
    const ends = job.needs === 'lint' ? lint + ms : ms;
    return [job.name, job.needs ?? '-', `${(ms / 1000).toFixed(1)} s`, `${(ends / 1000).toFixed(1)} s`];
  });
  return { rows, criticalPath };
}
