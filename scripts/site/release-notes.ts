// The notes of a GitHub release: the release's section of CHANGELOG.md, as it is in the checkout
// (the release workflow runs on the tag's commit). Read bounded; a tag that is not vX.Y.Z, or a
// version the changelog has no dated section for, is refused, naming it.
import fs from 'node:fs/promises';
import { forTerminal } from '../escape.ts';
import { sourceLimits } from '../lint/source-boundary.ts';
import { type Project, ReportedError, shown } from '../project.ts';
import { tagVersion } from '../release/last-release.ts';
import { changelogSection } from './changelog.ts';
import { changelogProblems } from '../release/changelog-text.ts';

/** The changelog section of release `tag` (vX.Y.Z), its text only, ending in one newline. */
export async function releaseNotes(project: Project, tag: string): Promise<string> {
  const version = tagVersion(tag);
  if (!version) throw new ReportedError(`release-notes: ${forTerminal(JSON.stringify(tag))} is not a release tag: give vX.Y.Z`);
  const file = await fs.open(project.changelog, 'r').catch(() => {
    throw new ReportedError(`release-notes: ${shown(project, project.changelog)} cannot be read`);
  });
  try {
    const { size } = await file.stat();
    if (size > sourceLimits.fileBytes)
      throw new ReportedError(`release-notes: ${shown(project, project.changelog)} has ${size} bytes, more than the ${sourceLimits.fileBytes} it may have`);
    const changelog = await file.readFile('utf8');
    const [problem] = changelogProblems(changelog, shown(project, project.changelog));
    if (problem) throw new ReportedError(`release-notes: ${forTerminal(problem)}`);
    const section = changelogSection(changelog, version);
    if (!section) throw new ReportedError(`release-notes: ${shown(project, project.changelog)} has no section '## [${version}] - <date>'`);
    return `${section.text}\n`;
  } finally {
    await file.close();
  }
}
