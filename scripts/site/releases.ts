// The versions the site shows, found in the git history: every `v*` tag (each must be a release:
// `vX.Y.Z` whose CHANGELOG.md at that commit has a dated section for X.Y.Z), and every dated
// section of the current CHANGELOG.md that no tag names, at the commit that dated it (as
// scripts/release/last-release.ts finds the last release without a tag: a clone may lack some tags,
// or all, as before the first tagged release); and the current commit, as `next`.
import semver from 'semver';
import { datedReleases, notOwnCommit } from '../release/changelog-releases.ts';
import { tagVersion } from '../release/last-release.ts';
import { forTerminal } from '../escape.ts';
import { type Project, ReportedError } from '../project.ts';
import { type ChangelogSection, changelogSection } from './changelog.ts';
import { git } from '../release/git.ts';
import { fileAtCommit } from '../release/read-at-commit.ts';
import { changelogProblems } from '../release/changelog-text.ts';

export interface SiteVersion {
  /** The folder name: X.Y.Z for a release, `next` for the current commit. */
  name: string;
  commit: string;
  /** How the version was found, for messages. */
  label: string;
  /** A release's changelog section (undefined for `next`). */
  section?: ChangelogSection;
  /** For `next`: the release whose commit it is, when the current commit is one (a tagged checkout). */
  releaseOfCommit?: string;
}

/** The name of the current commit's folder. */
export const currentName = 'next';

/**
 * The releases, newest first, then the current commit; and what was left out (a changelog section
 * dated in the same commit as a newer one, or as a tag: the clone does not hold that release's own commit).
 */
export async function siteVersions(project: Project): Promise<{ versions: SiteVersion[]; leftOut: string[] }> {
  const leftOut: string[] = [];
  const tagged = await releasesByTag(project);
  const releases = [...tagged, ...(await releasesByChangelog(project, tagged, leftOut))];
  releases.sort((a, b) => semver.rcompare(a.name, b.name));
  const head = await git(project, 'rev-parse', '--verify', 'HEAD^{commit}').catch(() => {
    throw new ReportedError(`${project.root} has no commit: the site is built from the git history`);
  });
  const released = releases.find((release) => release.commit === head)?.name;
  const current: SiteVersion = {
    name: currentName,
    commit: head,
    label: `the current commit ${head.slice(0, 7)}`,
    ...(released ? { releaseOfCommit: released } : {}),
  };
  return { versions: [...releases, current], leftOut };
}

/** Every `v*` tag as a release. */
async function releasesByTag(project: Project): Promise<SiteVersion[]> {
  const tags = (await git(project, 'tag', '--list', 'v*')).split('\n').filter(Boolean);
  const releases: SiteVersion[] = [];
  for (const tag of tags) {
    const version = tagVersion(tag);
    const shownTag = forTerminal(JSON.stringify(tag));
    if (!version) throw new ReportedError(`site: tag ${shownTag} is not a release: release tags are vX.Y.Z`);
    const commit = await git(project, 'rev-parse', '--verify', `refs/tags/${tag}^{commit}`);
    const label = `tag ${tag}`;
    const changelog = (await fileAtCommit(project, commit, 'CHANGELOG.md', `site: ${label}`)) ?? '';
    const section = changelogSection(changelog, version);
    if (!section) throw new ReportedError(`site: tag ${shownTag} is not a release: its CHANGELOG.md has no section '## [${version}] - <date>'`);
    releases.push({ name: version, commit, label, section });
  }
  return releases;
}

/**
 * Every dated section of the current CHANGELOG.md that no tag names, each at the commit that dated
 * it (release/changelog-releases.ts), unless that commit dated a newer section too or is a tag's.
 */
async function releasesByChangelog(project: Project, tagged: SiteVersion[], leftOut: string[]): Promise<SiteVersion[]> {
  const changelog = (await fileAtCommit(project, 'HEAD', 'CHANGELOG.md', 'site: CHANGELOG.md')) ?? '';
  // Which releases there are is read from it: a text readers could split differently is refused.
  const [problem] = changelogProblems(changelog);
  if (problem) throw new ReportedError(`site: ${forTerminal(problem)}`);
  const releases: SiteVersion[] = [];
  for (const { version: name, commit } of await datedReleases(project, changelog)) {
    if (tagged.some((release) => release.name === name)) continue;
    if (!commit || tagged.some((release) => release.commit === commit)) {
      leftOut.push(`${name}: ${notOwnCommit(name)}`);
      continue;
    }
    const label = `CHANGELOG.md's section ${name} (dated in commit ${commit.slice(0, 7)})`;
    releases.push({ name, commit, label, section: changelogSection(changelog, name) });
  }
  return releases;
}
