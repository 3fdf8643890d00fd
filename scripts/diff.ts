// `npm run diff -- [<git-ref>] [--gate]`: builds the bundle at <git-ref> (default: the latest
// release tag v*, else main) and compares it with the working tree's: added, changed and removed
// operations, and each breaking change by kind. With --gate, a breaking change fails unless
// info.version has a new major version and CHANGELOG.md has an entry for it marked BREAKING that
// names every affected operationId.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { bundle, createConfig } from '@redocly/openapi-core';
import { compareBundles, type Comparison } from './compare.ts';
import { gateProblems } from './release-gate.ts';
import { bundleSource, openRedocly } from './redocly.ts';
import { ReportedError, root } from './project.ts';

const exec = promisify(execFile);
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed OpenAPI

async function git(...args: string[]): Promise<string> {
  return (await exec('git', args, { cwd: root, maxBuffer: 64 * 1024 * 1024 })).stdout.trim();
}

/** The latest release tag (v*), else main. */
async function defaultBase(): Promise<string> {
  const tag = await git('describe', '--tags', '--abbrev=0', '--match', 'v[0-9]*').catch(() => '');
  return tag || 'main';
}

/** Bundles openapi/ as it is at `ref`, from a scratch copy of that tree. */
async function bundleAt(ref: string): Promise<Json> {
  const commit = await git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`).catch(() => '');
  if (!commit) throw new ReportedError(`'${ref}' is not a commit, branch or tag in this repository`);
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-diff-'));
  try {
    const archive = path.join(scratch, 'base.tar');
    await exec('git', ['archive', '--output', archive, commit, 'openapi'], { cwd: root }).catch(() => {
      throw new ReportedError(`'${ref}' has no openapi/ folder to compare with`);
    });
    await exec('tar', ['-xf', archive, '-C', scratch]);
    const result = await bundle({ ref: path.join(scratch, 'openapi', 'openapi.yaml'), config: await createConfig({}) });
    const errors = result.problems.filter((problem) => problem.severity === 'error');
    if (errors.length > 0) throw new ReportedError(`the description at '${ref}' does not bundle: ${errors[0].message}`);
    return result.bundle.parsed as Json;
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
}

function report(comparison: Comparison, from: string, to: string): string {
  const list = (ids: string[]) => (ids.length > 0 ? ids.join(', ') : 'none');
  const lines = [`diff: ${from} -> ${to}`];
  if (comparison.added.length + comparison.removed.length + comparison.changed.length === 0) {
    lines.push('no changes');
    return lines.join('\n');
  }
  lines.push(`added: ${list(comparison.added)}`, `removed: ${list(comparison.removed)}`, `changed: ${list(comparison.changed)}`);
  lines.push(`breaking changes: ${comparison.breaking.length}`);
  for (const change of comparison.breaking) lines.push(`  BREAKING ${change.kind}: ${change.operationId} (${change.operation}): ${change.detail}`);
  return lines.join('\n');
}

const { values, positionals } = parseArgs({ allowPositionals: true, options: { gate: { type: 'boolean', default: false } } });
if (positionals.length > 1) {
  console.error('diff: usage: npm run diff -- [<git-ref>] [--gate]');
  process.exit(2);
}
try {
  const ref = positionals[0] ?? (await defaultBase());
  const [base, head] = await Promise.all([bundleAt(ref), openRedocly().then(bundleSource)]);
  const comparison = compareBundles(base, head);
  const baseVersion = String(base.info?.version);
  const headVersion = String((head as Json).info?.version);
  console.log(report(comparison, `${ref} (${baseVersion})`, `working tree (${headVersion})`));
  if (values.gate) {
    const changelog = await fs.readFile(path.join(root, 'CHANGELOG.md'), 'utf8').catch(() => '');
    const problems = gateProblems(comparison, baseVersion, headVersion, changelog);
    for (const problem of problems) console.error(`diff: gate: ${problem}`);
    if (problems.length > 0) process.exit(1);
    console.log(comparison.breaking.length > 0 ? 'diff: gate: the breaking changes are released as a major version with a changelog entry' : 'diff: gate: nothing breaks callers');
  }
} catch (error) {
  console.error(`diff: ${error instanceof ReportedError ? error.message : error instanceof Error ? error.stack : String(error)}`);
  process.exit(2);
}
