// `npm run release [-- --dry-run] [--bump major|minor|patch]`: the next release, from the
// comparison with the last one (last-release.ts, next-release.ts). Everything that can refuse is
// checked before anything is written: a dirty tree, a tag that exists, a bump lower than the
// comparison needs, a changelog that misses an affected operation, drift, the release gate. Then
// it sets info.version and the package's version together, moves [Unreleased] into a dated
// section, rebuilds, commits and creates the annotated tag vX.Y.Z. Pushing is the maintainer's step.
import fs from 'node:fs/promises';
import path from 'node:path';
import { type BuildLog, build } from '../pipeline/build.ts';
import { checkDrift } from '../pipeline/check.ts';
import { bundleWithinBoundary, loadRedoclyConfig } from '../lint/redocly.ts';
import { type Project, ReportedError } from '../project.ts';
import { bundleAt } from './bundle-at-ref.ts';
import { git } from './git.ts';
import { bumped, bumps, compareVersions, lastRelease, parseVersion, versionText } from './last-release.ts';
import { affectedOperations, atLeast, movedChangelog, requiredBump, unreleasedSection } from './next-release.ts';
import { gateProblems } from './release-gate.ts';

export interface ReleaseOptions {
  dryRun: boolean;
  /** A bump at least as high as the comparison needs: major, minor or patch. */
  bump?: string;
  /** The release date, YYYY-MM-DD; today by default. */
  date?: string;
}

const packageFile = (project: Project) => path.join(project.root, 'package.json');
const lockFile = (project: Project) => path.join(project.root, 'package-lock.json');

/** The `version:` line of the root file's `info`, which the release rewrites. */
const infoVersionLine = /^( {2}version: )(\S+)$/m;

/** Makes the next release (or, with `dryRun`, says what it would be); resolves true on success. */
export async function release(project: Project, log: BuildLog, options: ReleaseOptions): Promise<boolean> {
  try {
    await releaseOrThrow(project, log, options);
    return true;
  } catch (error) {
    if (!(error instanceof ReportedError)) throw error;
    log.error(`release: ${error.message}`);
    log.error('release: nothing was changed');
    return false;
  }
}

async function releaseOrThrow(project: Project, log: BuildLog, options: ReleaseOptions): Promise<void> {
  const dirty = await git(project, 'status', '--porcelain', '--untracked-files=normal');
  if (dirty)
    throw new ReportedError(`the working tree has changes (${dirty.split('\n')[0].trim()}${dirty.includes('\n') ? ', ...' : ''}): commit or stash them first`);

  const [source, packageJson, changelog] = await Promise.all([
    fs.readFile(project.sourceEntry, 'utf8'),
    fs.readFile(packageFile(project), 'utf8'),
    fs.readFile(project.changelog, 'utf8'),
  ]);
  const infoVersion = infoVersionLine.exec(source)?.[2];
  const packageVersion = (JSON.parse(packageJson) as { version?: string }).version;
  if (!infoVersion || infoVersion !== packageVersion)
    throw new ReportedError(`info.version (${infoVersion ?? 'none'}) and package.json's version (${packageVersion ?? 'none'}) must be equal before a release`);

  const last = await lastRelease(project);
  const head = (await bundleWithinBoundary(project, await loadRedoclyConfig(project))).bundle;
  const base = last ? await bundleAt(project, last.ref) : { openapi: '3.1.0', info: { version: '0.0.0' }, paths: {} };
  const decision = requiredBump(base, head);
  const lastVersion = last?.version ?? [0, 0, 0];
  const bump = bumps.find((name) => name === options.bump) ?? decision.bump;
  if (options.bump !== undefined && bump !== options.bump) throw new ReportedError(`--bump ${options.bump}: give major, minor or patch`);
  if (!atLeast(bump, decision.bump)) throw new ReportedError(`--bump ${bump} is lower than the ${decision.bump} the comparison needs: ${decision.reason}`);
  const version = versionText(bumped(lastVersion, bump));
  if (compareVersions(parseVersion(version)!, parseVersion(infoVersion) ?? [0, 0, 0]) < 0)
    throw new ReportedError(`the next version ${version} would be lower than info.version ${infoVersion}`);
  const tag = `v${version}`;
  if (await git(project, 'tag', '--list', tag)) throw new ReportedError(`tag ${tag} already exists`);

  const date = options.date ?? new Date().toISOString().slice(0, 10);
  const affected = affectedOperations(decision.comparison);
  let nextChangelog: string;
  try {
    nextChangelog = movedChangelog(changelog, version, date, affected);
  } catch (error) {
    throw new ReportedError((error as Error).message);
  }
  const since = last ? `${versionText(last.version)} (${last.foundBy})` : 'nothing (the first release)';
  log.info(
    `release: ${tag}, a ${bump} release after ${since}: ${bump === decision.bump ? decision.reason : `asked for; the comparison needs ${decision.bump}: ${decision.reason}`}`,
  );
  log.info(`release: affected operations: ${affected.length > 0 ? affected.join(', ') : 'none'}`);
  log.info(`release: the changelog section:\n\n## [${version}] - ${date}\n\n${unreleasedSection(changelog)}\n`);

  const gate = gateProblems(decision.comparison, versionText(lastVersion), version, nextChangelog);
  if (gate.length > 0) throw new ReportedError(`the release gate fails: ${gate.join('; ')}`);
  const drift = await checkDrift(project).catch((error: unknown) => {
    throw new ReportedError(`generated/ cannot be checked against the source: ${error instanceof Error ? error.message : String(error)}`);
  });
  if (drift.length > 0)
    throw new ReportedError(`generated/ does not match the source (${drift[0]}${drift.length > 1 ? ', ...' : ''}): run npm run build and commit first`);
  if (options.dryRun) {
    log.info('release: --dry-run: nothing was written');
    return;
  }

  // Written only now, every check passed; the tree was clean, so a failure below is undone by a
  // reset to the commit it started from (the release commit too, should the tag fail).
  const start = await git(project, 'rev-parse', 'HEAD');
  try {
    await fs.writeFile(project.sourceEntry, source.replace(infoVersionLine, `$1${version}`));
    await fs.writeFile(packageFile(project), packageJson.replace(/^( {2}"version": )"[^"]*"/m, `$1"${version}"`));
    const lock = await fs.readFile(lockFile(project), 'utf8').catch(() => undefined);
    if (lock !== undefined) await fs.writeFile(lockFile(project), withLockVersion(lock, version));
    await fs.writeFile(project.changelog, nextChangelog);
    if (!(await build(project, log))) throw new ReportedError('the build failed');
    await git(project, 'add', '--all', '--', '.');
    await git(project, 'commit', '--quiet', '--message', `Release ${tag}`);
    await git(project, 'tag', '--annotate', tag, '--message', `Release ${tag}\n\n${unreleasedSection(changelog)}`);
  } catch (error) {
    await git(project, 'reset', '--hard', '--quiet', start).catch(() => {});
    await git(project, 'clean', '--force', '-d', '--quiet', '--', path.relative(project.root, project.outputDir)).catch(() => {});
    throw error;
  }
  log.info(`release: committed and tagged ${tag}; push both when you are ready: git push --follow-tags`);
}

/** package-lock.json with the project's own version set (the root and its `packages[""]` entry). */
function withLockVersion(lock: string, version: string): string {
  const data = JSON.parse(lock) as { version?: string; packages?: Record<string, { version?: string }> };
  data.version = version;
  if (data.packages?.['']) data.packages[''].version = version;
  return `${JSON.stringify(data, null, 2)}\n`;
}
