// The releases CHANGELOG.md names, for a clone that lacks some or all of their tags: each dated
// section of the current commit's CHANGELOG.md at the commit that dated it (datingCommit(), as
// last-release.ts finds the last release without a tag). The site takes every one that has no tag.
import type { Project } from '../project.ts';
import { datedSections, datingCommit } from './last-release.ts';

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
export async function datedReleases(project: Project, changelog: string, until?: string): Promise<DatedRelease[]> {
  const releases: DatedRelease[] = [];
  const taken = new Set<string>();
  for (const { version, heading } of datedSections(changelog)) {
    const commit = await datingCommit(project, heading);
    releases.push({ version, commit: commit && !taken.has(commit) ? commit : undefined });
    if (commit) taken.add(commit);
    if (version === until) break;
  }
  return releases;
}

/** Why a dated section has no commit, for messages. */
export const notOwnCommit = (version: string) => `CHANGELOG.md's section ${version} was not dated in a commit of its own in this clone`;
