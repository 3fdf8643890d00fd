// The latest release reachable from a ref (HEAD for the release; the target branch for the gate):
// the highest `vX.Y.Z` tag that ref descends from, or, where there is none (a clone that carries
// no tag), the newest dated section of CHANGELOG.md *as that ref has it* and the commit on that
// ref's history that dated it. Nothing is read from the working tree: for the gate, the ref is the
// target branch, so a pull request's own commits cannot choose the release it is compared with.
// Versions are semantic versions, parsed, compared and bumped by the `semver` package.
import path from 'node:path';
import semver from 'semver';
import type { Project } from '../project.ts';
import { git } from './git.ts';
import { changelogLines, datedHeading } from './changelog-text.ts';

export type Bump = 'major' | 'minor' | 'patch';
export const bumps: Bump[] = ['patch', 'minor', 'major'];

export interface Release {
  /** X.Y.Z */
  version: string;
  /** The git ref the release is at: its tag, or the commit that dated its changelog section. */
  ref: string;
  /** How it was found, for messages. */
  foundBy: string;
}

/** The version X.Y.Z a release tag `vX.Y.Z` names, or undefined for any other tag. */
export function tagVersion(tag: string): string | undefined {
  return /^v\d+\.\d+\.\d+$/.test(tag) && semver.valid(tag.slice(1)) !== null ? tag.slice(1) : undefined;
}

/** The changelog's dated sections, newest first: `## [X.Y.Z] - YYYY-MM-DD`. */
export function datedSections(changelog: string): { version: string; heading: string }[] {
  // Whole lines, as every reader of the changelog takes them (release/changelog-text.ts).
  return changelogLines(changelog).flatMap((line) => {
    const version = datedHeading.exec(line)?.[1];
    return version !== undefined && semver.valid(version) !== null ? [{ version, heading: line }] : [];
  });
}

/** The latest release reachable from `ref` (default HEAD), or undefined when there has been none. */
export async function lastRelease(project: Project, ref = 'HEAD'): Promise<Release | undefined> {
  // Only tags `ref` descends from: a release made on another branch is not this branch's last.
  const tags = (await git(project, 'tag', '--merged', ref, '--list', 'v*').catch(() => ''))
    .split('\n')
    .filter((tag) => tagVersion(tag) !== undefined)
    .sort((a, b) => semver.rcompare(a.slice(1), b.slice(1)));
  if (tags.length > 0) return { version: tags[0].slice(1), ref: tags[0], foundBy: `tag ${tags[0]}` };
  const file = path.relative(project.root, project.changelog);
  const changelog = await git(project, 'show', `${ref}:${file}`).catch(() => '');
  const [newest] = datedSections(changelog);
  if (!newest) return undefined;
  const commit = await datingCommit(project, newest.heading, ref);
  if (!commit) return undefined;
  const where = ref === 'HEAD' ? '' : ` on ${ref}`;
  return {
    version: newest.version,
    ref: commit,
    foundBy: `CHANGELOG.md's section ${newest.version}, dated in commit ${commit.slice(0, 7)}${where} (no release tag in this clone)`,
  };
}

/**
 * The commit on `ref`'s history that dated a changelog section: the oldest whose diff adds or
 * removes its heading (a line datedSections() found); undefined when no commit on it does.
 */
export async function datingCommit(project: Project, heading: string, ref = 'HEAD'): Promise<string | undefined> {
  const file = path.relative(project.root, project.changelog);
  // The branch's own history (first parents: a merge counts as its merge commit), in topological
  // order, never by commit date: a back-dated commit a merge brings in cannot become the oldest.
  const commits = await git(
    project,
    'log',
    '--format=%H',
    '--first-parent',
    '--diff-merges=first-parent',
    '--no-patch',
    '--topo-order',
    `-S${heading}`,
    ref,
    '--',
    file,
  ).catch(() => '');
  return commits.split('\n').filter(Boolean).pop();
}
