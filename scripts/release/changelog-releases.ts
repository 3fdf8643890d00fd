// The releases CHANGELOG.md names, for a clone that lacks some or all of their tags: each dated
// section of the current commit's CHANGELOG.md at the commit that dated it (datingCommit(), as
// last-release.ts finds the last release without a tag). The site takes every one that has no tag;
// `npm run diff -- 1.0.0` takes the one it names when there is no tag v1.0.0.
import path from 'node:path';
import semver from 'semver';
import { type Project, ReportedError } from '../project.ts';
import { git } from './git.ts';
import { datedSections, datingCommit, type Release } from './last-release.ts';

export interface DatedRelease {
  /** X.Y.Z */
  version: string;
  /** The commit that dated the section; undefined when none did, or when it dated a newer section too. */
  commit?: string;
}

/**
 * Every dated section of `changelog` (the current commit's CHANGELOG.md), newest first, with the
 * commit on the current commit's history that dated it. A commit that dated several sections at
 * once is the newest one's only: the clone does not hold the older releases' own commits. `until`
 * stops after that version's section.
 */
export async function datedReleases(project: Project, changelog: string, until?: string, budgetMs = datingBudgetMs): Promise<DatedRelease[]> {
  const releases: DatedRelease[] = [];
  const taken = new Set<string>();
  const started = performance.now();
  for (const { version, heading } of datedSections(changelog)) {
    // Each search of the history is bounded; so is their sum, whatever CHANGELOG.md holds.
    if (performance.now() - started > budgetMs)
      throw new ReportedError(
        `finding the commits that dated CHANGELOG.md's sections took more than ${budgetMs / 1000} s (${releases.length} of ${datedSections(changelog).length} done): tag each release (vX.Y.Z), which is read without searching the history`,
      );
    const commit = await datingCommit(project, heading);
    releases.push({ version, commit: commit && !taken.has(commit) ? commit : undefined });
    if (commit) taken.add(commit);
    if (version === until) break;
  }
  return releases;
}

/** How long the search for all dated sections' commits may take in all. */
export const datingBudgetMs = 60_000;

/** Why a dated section has no commit, for messages. */
export const notOwnCommit = (version: string) => `CHANGELOG.md's section ${version} was not dated in a commit of its own in this clone`;

/**
 * The release `name` names when it is a version (`v1.0.0` or `1.0.0`): its tag vX.Y.Z, or where
 * there is none, the commit that dated its CHANGELOG.md section. Undefined when `name` is no
 * version; a string saying why when the version has neither.
 */
export async function releaseOfVersion(project: Project, name: string): Promise<Release | string | undefined> {
  const version = /^v?\d+\.\d+\.\d+$/.test(name) ? semver.valid(name.replace(/^v/, '')) : null;
  if (!version) return undefined;
  const tag = `v${version}`;
  const tagged = await git(project, 'rev-parse', '--verify', '--quiet', `refs/tags/${tag}^{commit}`).catch(() => '');
  if (tagged) return { version, ref: tag, foundBy: `tag ${tag}` };
  // The current commit's CHANGELOG.md, as last-release.ts reads a ref's ('' when it has none).
  const changelog = await git(project, 'show', `HEAD:${path.relative(project.root, project.changelog)}`).catch(() => '');
  const section = (await datedReleases(project, changelog, version)).find((release) => release.version === version);
  if (!section) return `there is no tag ${tag}, and CHANGELOG.md has no section '## [${version}] - <date>'`;
  if (!section.commit) return `there is no tag ${tag}, and ${notOwnCommit(version)}: name that release's commit`;
  return { version, ref: section.commit, foundBy: `CHANGELOG.md's section, dated in commit ${section.commit.slice(0, 7)}; no tag` };
}
