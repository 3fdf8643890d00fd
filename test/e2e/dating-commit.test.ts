// Which commit dated a release's CHANGELOG.md section (a clone without tags builds that release from
// it, and the gate compares with it): the branch's own, first one, never a commit a merge brought
// in, however its date was set (a side branch's back-dated commit sorted last by date, and won).
// On a clone of the fixture's repository whose CHANGELOG.md each test writes.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datedReleases } from '../../scripts/release/changelog-releases.ts';
import { datingCommit } from '../../scripts/release/last-release.ts';
import { type Clone, cloneRepository } from '../support/fixture.ts';
import { run } from '../support/run-command.ts';

let clone: Clone;
let dir: string;
const git = (...args: string[]) => clone.git(...args);
const commitAt = async (date: string, message: string) => {
  const result = await run('git', ['commit', '-qam', message], dir, { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date });
  if (result.code !== 0) throw new Error(result.output);
  return git('rev-parse', 'HEAD');
};
const changelog = (text: string) => fs.writeFile(path.join(dir, 'CHANGELOG.md'), text);
const heading = '## [1.0.0] - 2026-11-01';

beforeAll(async () => {
  clone = await cloneRepository('dating-commit');
  dir = clone.dir;
  await changelog('# Changelog\n\n## [Unreleased]\n\n- A change.\n\n## [0.9.0] - 2026-09-01\n\n- First.\n');
  await commitAt('2026-10-01T00:00:00Z', 'start');
});
afterAll(() => clone?.remove());

describe('datingCommit', () => {
  it('is the release commit on the branch, not a back-dated commit a merge brought in', async () => {
    const start = await fs.readFile(path.join(dir, 'CHANGELOG.md'), 'utf8');
    // A pull request's branch: the heading's text where it merges cleanly, in a commit dated long before.
    await git('checkout', '-q', '-b', 'side');
    await changelog(`${start}\n<!-- ${heading} -->\n`);
    await commitAt('2026-01-01T00:00:00Z', 'side: the heading again, back-dated');
    await git('checkout', '-q', 'main');
    await changelog(start.replace('## [Unreleased]\n\n', `## [Unreleased]\n\n${heading}\n\n`));
    const release = await commitAt('2026-11-01T00:00:00Z', 'Release v1.0.0');
    await git('merge', '-q', '--no-ff', '-m', 'Merge side', 'side');
    expect(await fs.readFile(path.join(dir, 'CHANGELOG.md'), 'utf8')).toContain(`<!-- ${heading} -->`);
    expect(await datingCommit(clone.project, heading)).toBe(release);
  });

  it('the searches for every dated section are bounded in all, not only one by one', async () => {
    const many = Array.from({ length: 50 }, (_, i) => `## [0.0.${i}] - 2026-01-01\n\n- x.\n`).join('\n');
    await expect(datedReleases(clone.project, `# Changelog\n\n${many}`, undefined, 0)).rejects.toThrow(
      /^finding the commits that dated CHANGELOG\.md's sections took more than 0 s \(0 of 50 done\): tag each release \(vX\.Y\.Z\)/,
    );
  });
});
