// `npm run mutate`: applies each mutation in scripts/mutations.ts to a fresh copy of the repository,
// then runs the build (lint first) and, if it passes, the contract tests. One line per mutation says
// what caught it, or SURVIVED; exits 1 unless every mutation is caught.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { mutations, type Mutation } from './mutations.ts';
import { root } from './project.ts';
import { copyRepository } from './repo-copy.ts';
import { runCommand } from './run-command.ts';

const contractTests = ['test/contract.test.ts', 'test/open-schemas.test.ts', 'test/validity.test.ts'];

interface Outcome {
  mutation: Mutation;
  caughtBy?: string;
  error?: string;
}

/** What the build's output says caught the mutant: the step, and the first rule or message. */
function buildCatch(output: string): string {
  const step = /step '([^']+)' failed/.exec(output)?.[1] ?? 'build';
  const rule = /\d+:\d+\s+error\s+(\S+)/.exec(output)?.[1] ?? /YAML syntax error/.exec(output)?.[0];
  return rule ? `${step} (${rule})` : step;
}

async function tryMutation(mutation: Mutation): Promise<Outcome> {
  const dir = await copyRepository('email-delivery-mutant-', ['test']);
  try {
    const file = path.join(dir, 'openapi', mutation.file);
    const before = await fs.readFile(file, 'utf8');
    const after = mutation.apply(before);
    if (after === before) return { mutation, error: 'the mutation changed nothing' };
    await fs.writeFile(file, after);

    // CI unset: the copies run as on a developer's machine, whatever runs mutate.
    const outsideCi = { CI: '' };
    const build = await runCommand(process.execPath, ['scripts/build.ts'], dir, outsideCi);
    if (build.code !== 0) return { mutation, caughtBy: buildCatch(build.output) };

    const report = path.join(dir, 'contract-report.json');
    const tests = await runCommand(
      path.join(root, 'node_modules', '.bin', 'vitest'),
      ['run', '--config', 'test/vitest.config.ts', '--typecheck.enabled=false', '--reporter=json', `--outputFile=${report}`, ...contractTests],
      dir,
      outsideCi,
    );
    if (tests.code !== 0) {
      const results = JSON.parse(await fs.readFile(report, 'utf8').catch(() => '{"testResults":[]}'));
      const failed = results.testResults.flatMap((file: { assertionResults: { status: string; fullName: string }[] }) => file.assertionResults).filter((test: { status: string }) => test.status === 'failed');
      return { mutation, caughtBy: `contract tests (${failed.length} failed, e.g. "${failed[0]?.fullName ?? 'the run'}")` };
    }
    return { mutation };
  } catch (error) {
    return { mutation, error: error instanceof Error ? error.message : String(error) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

const { values } = parseArgs({ options: { only: { type: 'string' }, jobs: { type: 'string', default: String(Math.max(1, os.availableParallelism())) } } });
const selected = values.only ? mutations.filter((mutation) => mutation.name.includes(values.only!)) : mutations;
const jobs = Math.max(1, Number(values.jobs) || 1);
const started = performance.now();
console.log(`mutate: ${selected.length} mutations, ${jobs} at a time; each builds a fresh copy, then runs the contract tests`);

const outcomes: Outcome[] = [];
let next = 0;
async function worker(): Promise<void> {
  while (next < selected.length) {
    const mutation = selected[next++];
    const outcome = await tryMutation(mutation);
    outcomes.push(outcome);
    const verdict = outcome.error ? `ERROR    ${outcome.error}` : outcome.caughtBy ? `caught   by ${outcome.caughtBy}` : 'SURVIVED';
    console.log(`  [${String(outcomes.length).padStart(2)}/${selected.length}] ${mutation.name}: ${verdict}`);
  }
}
await Promise.all(Array.from({ length: jobs }, worker));

const survived = outcomes.filter((outcome) => !outcome.caughtBy && !outcome.error);
const errors = outcomes.filter((outcome) => outcome.error);
const by = (prefix: string) => outcomes.filter((outcome) => outcome.caughtBy?.startsWith(prefix)).length;
console.log(
  `mutate: ${outcomes.length - survived.length - errors.length} of ${outcomes.length} caught (lint ${by('lint')}, other build steps ${outcomes.filter((o) => o.caughtBy && !o.caughtBy.startsWith('lint') && !o.caughtBy.startsWith('contract')).length}, contract tests ${by('contract')}), ${survived.length} survived, ${errors.length} errors, in ${((performance.now() - started) / 1000).toFixed(0)} s`,
);
if (survived.length > 0 || errors.length > 0 || outcomes.length === 0) process.exitCode = 1;
