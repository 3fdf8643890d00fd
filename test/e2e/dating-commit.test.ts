// Which commit dated a release's CHANGELOG.md section (a clone without tags builds that release from
// it, and the gate compares with it): the branch's own, first one, never a commit a merge brought
// in, however its date was set (a side branch's back-dated commit sorted last by date, and won).
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datedReleases } from '../../scripts/release/changelog-releases.ts';
import { datingCommit } from '../../scripts/release/last-release.ts';
import { openProject } from '../../scripts/project.ts';
import { run } from '../support/run-command.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

let dir: string;
const git = async (...args: string[]) => {
  const result = await run('git', ['-c', 'user.email=ci@example.invalid', '-c', 'user.name=ci', ...args], dir, {
    GIT_AUTHOR_DATE: process.env.GIT_AUTHOR_DATE ?? '',
  });
  if (result.code !== 0) throw new Error(result.output);
  return result.stdout.trim();
};
const commitAt = async (date: string, message: string) => {
  const result = await run('git', ['-c', 'user.email=ci@example.invalid', '-c', 'user.name=ci', 'commit', '-qam', message], dir, {
    GIT_AUTHOR_DATE: date,
    GIT_COMMITTER_DATE: date,
  });
  if (result.code !== 0) throw new Error(result.output);
  return git('rev-parse', 'HEAD');
};
const changelog = (text: string) => fs.writeFile(path.join(dir, 'CHANGELOG.md'), text);
const heading = '## [1.0.0] - 2026-11-01';

beforeAll(async () => {
  dir = await makeScratchFolder('dating-commit');
  await git('init', '-q', '-b', 'main');
  await changelog('# Changelog\n\n## [Unreleased]\n\n- A change.\n\n## [0.9.0] - 2026-09-01\n\n- First.\n');
  await git('add', '.');
  await commitAt('2026-10-01T00:00:00Z', 'start');
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

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
    const merged = await run('git', ['-c', 'user.email=ci@example.invalid', '-c', 'user.name=ci', 'merge', '-q', '--no-ff', '-m', 'Merge side', 'side'], dir);
    expect(merged.code, merged.output).toBe(0);
    expect(await fs.readFile(path.join(dir, 'CHANGELOG.md'), 'utf8')).toContain(`<!-- ${heading} -->`);
    expect(await datingCommit(openProject(dir), heading)).toBe(release);
  });

  it('the searches for every dated section are bounded in all, not only one by one', async () => {
    const many = Array.from({ length: 50 }, (_, i) => `## [0.0.${i}] - 2026-01-01\n\n- x.\n`).join('\n');
    await expect(datedReleases(openProject(dir), `# Changelog\n\n${many}`, undefined, 0)).rejects.toThrow(
      /^finding the commits that dated CHANGELOG\.md's sections took more than 0 s \(0 of 50 done\): tag each release \(vX\.Y\.Z\)/,
    );
  });
});
