// `npm run release [-- --dry-run] [--bump major|minor|patch] [--branch <name>]`: the next release,
// from the comparison with the last one reachable from HEAD (last-release.ts, next-release.ts): the
// description's and the package's exported names (package-exports.ts). It first says the version
// it would choose and why, then everything that blocks it, all checked before anything is written:
// HEAD not on the target branch, a dirty tree, versions out of step, a tag that exists, a bump
// lower than the comparison needs, a changelog that misses an affected operation, the release
// gate, drift, no name and email for git to commit with. Then it sets info.version and the
// package's version together (package.json and its lock edited as JSON), moves [Unreleased] into a
// dated section, rebuilds, remakes the committed SDKs (release-sdks.ts), commits and creates the
// annotated tag vX.Y.Z (and the Go SDK's, generated/sdk/go/vX.Y.Z). Pushing is the maintainer's step.
import fs from 'node:fs/promises';
import path from 'node:path';
import semver from 'semver';
import { forTerminal } from '../escape.ts';
import { type BuildLog, build } from '../pipeline/build.ts';
import { checkDrift } from '../pipeline/check.ts';
import { bundleWithinBoundary, loadRedoclyConfig } from '../lint/redocly.ts';
import { type Project, ReportedError } from '../project.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import { bundleAt } from './bundle-at-ref.ts';
import { git } from './git.ts';
import { bumps, lastRelease } from './last-release.ts';
import { affectedOperations, atLeast, type BumpDecision, movedChangelog, requiredBump, unreleasedSection } from './next-release.ts';
import { compareExports } from './package-exports.ts';
import { packageExportsAt, packageExportsInTree } from './package-exports-read.ts';
import { gateProblems } from './release-gate.ts';
import { remakeSdks, sdkBlockers, sdkTags } from './release-sdks.ts';

export interface ReleaseOptions {
  dryRun: boolean;
  /** A bump at least as high as the comparison needs: major, minor or patch. */
  bump?: string;
  /** The release date, YYYY-MM-DD; today by default. */
  date?: string;
  /** The target branch, which HEAD must be on: `main` by default. */
  branch?: string;
  /** The environment the SDKs' generators run in (the tools cache, PATH). */
  env?: NodeJS.ProcessEnv;
}

const packageFile = (project: Project) => path.join(project.root, 'package.json');
const lockFile = (project: Project) => path.join(project.root, 'package-lock.json');

/** The `version:` line of the root file's `info`, which the release rewrites. */
const infoVersionLine = /^( {2}version: )(\S+)$/m;

/** Makes the next release (or, with `dryRun`, says what it would be); resolves true on success. */
export async function release(project: Project, log: BuildLog, options: ReleaseOptions): Promise<boolean> {
  try {
    const plan = await planRelease(project, log, options);
    for (const blocker of plan.blockers) log.error(`release: ${blocker}`);
    if (plan.blockers.length > 0) {
      log.error(
        options.dryRun ? `release: --dry-run: ${plan.blockers.length} thing(s) block v${plan.version}; nothing was written` : 'release: nothing was changed',
      );
      return false;
    }
    if (options.dryRun) {
      log.info('release: --dry-run: nothing was written');
      return true;
    }
    await writeRelease(project, log, plan);
    return true;
  } catch (error) {
    if (!(error instanceof ReportedError)) throw error;
    log.error(`release: ${error.message}`);
    log.error('release: nothing was changed');
    return false;
  }
}

interface ReleasePlan {
  version: string;
  source: string;
  changelog: string;
  nextChangelog?: string;
  blockers: string[];
  env: NodeJS.ProcessEnv;
}

/** The version and why, printed at once; then every check, each failure a blocker. */
async function planRelease(project: Project, log: BuildLog, options: ReleaseOptions): Promise<ReleasePlan> {
  const [source, packageJson, changelog] = await Promise.all([
    fs.readFile(project.sourceEntry, 'utf8'),
    fs.readFile(packageFile(project), 'utf8'),
    fs.readFile(project.changelog, 'utf8'),
  ]);
  if (options.bump !== undefined && !bumps.includes(options.bump as never)) throw new ReportedError(`--bump ${options.bump}: give major, minor or patch`);
  const last = await lastRelease(project);
  const head = (await bundleWithinBoundary(project, await loadRedoclyConfig(project))).bundle;
  const base = last ? await bundleAt(project, last.ref) : ({ openapi: '3.1.0', info: { version: '0.0.0' }, paths: {} } as OpenApiDocument);
  const [baseExports, headExports] = await Promise.all([last ? packageExportsAt(project, last.ref) : [], packageExportsInTree(project)]);
  const decision = requiredBump(base, head, compareExports(baseExports, headExports));
  const bump = (options.bump as BumpDecision['bump'] | undefined) ?? decision.bump;
  const lastVersion = last?.version ?? '0.0.0';
  const version = semver.inc(lastVersion, bump)!;
  const date = options.date ?? new Date().toISOString().slice(0, 10);
  const since = last ? `${last.version} (${last.foundBy})` : 'nothing (the first release)';
  const why = bump === decision.bump ? decision.reason : `asked for; the comparison needs ${decision.bump}: ${decision.reason}`;
  log.info(`release: v${version}, a ${bump} release after ${since}: ${why}`);
  const affected = affectedOperations(decision.comparison);
  log.info(`release: affected operations: ${affected.length > 0 ? affected.join(', ') : 'none'}`);

  const blockers = [...(await branchBlockers(project, options.branch ?? 'main')), ...(await treeBlockers(project, source, packageJson, version))];
  if (!atLeast(bump, decision.bump)) blockers.push(`--bump ${bump} is lower than the ${decision.bump} the comparison needs: ${decision.reason}`);
  let nextChangelog: string | undefined;
  try {
    nextChangelog = movedChangelog(changelog, version, date, affected, decision.comparison.added);
    log.info(`release: the changelog section:\n\n## [${version}] - ${date}\n\n${unreleasedSection(changelog)}\n`);
    const gate = gateProblems(decision.comparison, lastVersion, version, nextChangelog);
    if (gate.length > 0) blockers.push(`the release gate fails: ${gate.join('; ')}`);
  } catch (error) {
    blockers.push((error as Error).message);
  }
  blockers.push(...(await driftBlockers(project)), ...(await sdkBlockers(project, version, options.env ?? process.env)));
  return { version, source, changelog, nextChangelog, blockers, env: options.env ?? process.env };
}

/** HEAD not on the target branch `branch` (a pull request's branch, a detached HEAD): the release is made after the merge. */
async function branchBlockers(project: Project, branch: string): Promise<string[]> {
  const current = await git(project, 'symbolic-ref', '--quiet', '--short', 'HEAD').catch(() => undefined);
  if (current === branch) return [];
  const where =
    current === undefined ? `HEAD is detached (at ${(await git(project, 'rev-parse', '--short', 'HEAD')) || 'no commit'})` : `HEAD is on branch ${current}`;
  return [forTerminal(`${where}, not on the target branch ${branch}: release on ${branch} after the merge (or name the target branch with --branch <name>)`)];
}

/** What in the repository blocks the release: a dirty tree, versions out of step, the tag taken. */
async function treeBlockers(project: Project, source: string, packageJson: string, version: string): Promise<string[]> {
  const blockers: string[] = [];
  const dirty = await git(project, 'status', '--porcelain', '--untracked-files=normal');
  if (dirty) blockers.push(`the working tree has changes (${dirty.split('\n')[0].trim()}${dirty.includes('\n') ? ', ...' : ''}): commit or stash them first`);
  const infoVersion = infoVersionLine.exec(source)?.[2];
  const packageVersion = (JSON.parse(packageJson) as { version?: string }).version;
  if (!infoVersion || infoVersion !== packageVersion)
    blockers.push(`info.version (${infoVersion ?? 'none'}) and package.json's version (${packageVersion ?? 'none'}) must be equal before a release`);
  else if (semver.valid(infoVersion) && semver.lt(version, infoVersion))
    blockers.push(`the next version ${version} would be lower than info.version ${infoVersion}`);
  if (await git(project, 'tag', '--list', `v${version}`)) blockers.push(`tag v${version} already exists`);
  // The release commits and tags: without a name and address git refuses, after the build.
  if (!(await git(project, 'var', 'GIT_COMMITTER_IDENT').catch(() => '')))
    blockers.push('git has no name and email to commit with: set them (git config user.name "..." and git config user.email "...")');
  return blockers;
}

async function driftBlockers(project: Project): Promise<string[]> {
  try {
    const drift = await checkDrift(project);
    return drift.length > 0 ? [`generated/ does not match the source (${drift[0]}${drift.length > 1 ? ', ...' : ''}): run npm run build and commit first`] : [];
  } catch (error) {
    return [`generated/ cannot be checked against the source: ${error instanceof Error ? error.message : String(error)}`];
  }
}

/** Writes the release, every check passed; the tree was clean, so a failure is undone by a reset to where it started. */
async function writeRelease(project: Project, log: BuildLog, plan: ReleasePlan): Promise<void> {
  const { version } = plan;
  const tag = `v${version}`;
  const start = await git(project, 'rev-parse', 'HEAD');
  const made: string[] = [];
  try {
    await fs.writeFile(project.sourceEntry, plan.source.replace(infoVersionLine, `$1${version}`));
    await fs.writeFile(packageFile(project), withVersion(await fs.readFile(packageFile(project), 'utf8'), version));
    const lock = await fs.readFile(lockFile(project), 'utf8').catch(() => undefined);
    if (lock !== undefined) await fs.writeFile(lockFile(project), withLockVersion(lock, version));
    await fs.writeFile(project.changelog, plan.nextChangelog!);
    if (!(await build(project, log, { rootOutputs: true }))) throw new ReportedError('the build failed');
    await remakeSdks(project, log, plan.env);
    await git(project, 'add', '--all', '--', '.');
    await git(project, 'commit', '--quiet', '--message', `Release ${tag}`);
    for (const name of [tag, ...sdkTags(project, version)]) {
      await git(project, 'tag', '--annotate', name, '--message', `Release ${tag}\n\n${unreleasedSection(plan.changelog)}`);
      made.push(name);
    }
  } catch (error) {
    // A tag made before one failed would name the commit the reset takes away.
    for (const name of made) await git(project, 'tag', '--delete', name).catch(() => {});
    await git(project, 'reset', '--hard', '--quiet', start).catch(() => {});
    await git(project, 'clean', '--force', '-d', '--quiet', '--', path.relative(project.root, project.outputDir)).catch(() => {});
    throw error;
  }
  const tags = [tag, ...sdkTags(project, version)].join(' and ');
  log.info(`release: committed and tagged ${tags}; push them when you are ready: git push --follow-tags`);
}

/** package.json with its version set, edited as JSON (its key order and two-space indent kept). */
function withVersion(packageJson: string, version: string): string {
  const data = JSON.parse(packageJson) as { version?: string };
  data.version = version;
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** package-lock.json with the project's own version set (the root and its `packages[""]` entry). */
function withLockVersion(lock: string, version: string): string {
  const data = JSON.parse(lock) as { version?: string; packages?: Record<string, { version?: string }> };
  data.version = version;
  if (data.packages?.['']) data.packages[''].version = version;
  return `${JSON.stringify(data, null, 2)}\n`;
}
