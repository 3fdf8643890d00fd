// The latest release: the highest `vX.Y.Z` tag the current commit descends from, or, where there is none (a clone that carries no
// tag), the newest dated section of CHANGELOG.md and the commit that dated it. Versions here are
// plain X.Y.Z, compared as numbers.
import fs from 'node:fs/promises';
import type { Project } from '../project.ts';
import { git } from './git.ts';

export type Version = [major: number, minor: number, patch: number];

export function parseVersion(text: string): Version | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

export const versionText = (version: Version) => version.join('.');

export function compareVersions(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

export type Bump = 'major' | 'minor' | 'patch';
export const bumps: Bump[] = ['patch', 'minor', 'major'];

export function bumped(version: Version, bump: Bump): Version {
  if (bump === 'major') return [version[0] + 1, 0, 0];
  if (bump === 'minor') return [version[0], version[1] + 1, 0];
  return [version[0], version[1], version[2] + 1];
}

export interface Release {
  version: Version;
  /** The git ref the release is at: its tag, or the commit that dated its changelog section. */
  ref: string;
  /** How it was found, for messages. */
  foundBy: string;
}

/** The changelog's dated sections, newest first: `## [X.Y.Z] - YYYY-MM-DD`. */
export function datedSections(changelog: string): { version: Version; heading: string }[] {
  return [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}$/gm)].map((match) => ({ version: parseVersion(match[1])!, heading: match[0] }));
}

/** The latest release of `project`, or undefined when there has been none. */
export async function lastRelease(project: Project): Promise<Release | undefined> {
  // Only tags this commit descends from: a release made on another branch is not this branch's last.
  const tags = (await git(project, 'tag', '--merged', 'HEAD', '--list', 'v*').catch(() => ''))
    .split('\n')
    .map((tag) => ({ tag, version: parseVersion(tag.slice(1)) }))
    .filter((entry): entry is { tag: string; version: Version } => entry.version !== undefined)
    .sort((a, b) => compareVersions(b.version, a.version));
  if (tags.length > 0) return { version: tags[0].version, ref: tags[0].tag, foundBy: `tag ${tags[0].tag}` };
  const changelog = await fs.readFile(project.changelog, 'utf8').catch(() => '');
  const [newest] = datedSections(changelog);
  if (!newest) return undefined;
  // The commit that added the dated heading: the oldest commit whose diff adds or removes it.
  const commits = await git(project, 'log', '--format=%H', `-S${newest.heading}`, '--', 'CHANGELOG.md').catch(() => '');
  const commit = commits.split('\n').filter(Boolean).pop();
  if (!commit) return undefined;
  return {
    version: newest.version,
    ref: commit,
    foundBy: `CHANGELOG.md's section ${versionText(newest.version)}, dated in commit ${commit.slice(0, 7)} (no release tag in this clone)`,
  };
}
