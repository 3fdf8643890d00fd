// The GitHub release's notes (scripts/site/release-notes.ts, `npm run release-notes`): each
// release's text is its CHANGELOG.md section, byte for byte, found here independently by splitting
// the file at its `## ` headings; what is not a release is refused, naming it. And the site's
// rendering of a section escapes what the changelog holds.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReportedError } from '../../scripts/project.ts';
import { releaseNotes } from '../../scripts/site/release-notes.ts';
import { changelogHtml } from '../../scripts/site/html.ts';
import { checkout, root, type TemporaryProject, temporaryProject } from '../support/helpers.ts';

const changelog = await fs.readFile(path.join(root, 'CHANGELOG.md'), 'utf8');

/** Each dated section: its version and the text between its heading and the next `## `, trimmed. */
const sections = changelog
  .split(/^(?=## )/m)
  .map((part) => /^## \[(\d+\.\d+\.\d+)\] - \d{4}-\d{2}-\d{2}\n([\s\S]*)$/.exec(part))
  .filter((match) => match !== null)
  .map((match) => ({ version: match[1], text: match[2].trim() }));

describe('release notes', () => {
  it('are the CHANGELOG.md section of each release', async () => {
    expect(sections.length).toBeGreaterThan(0);
    for (const { version, text } of sections) expect(await releaseNotes(checkout, `v${version}`), version).toBe(`${text}\n`);
  });

  const refused: [given: string, message: string][] = [
    ['1.0.0', 'release-notes: "1.0.0" is not a release tag: give vX.Y.Z'],
    ['v1.0', 'release-notes: "v1.0" is not a release tag: give vX.Y.Z'],
    ['v01.0.0', 'release-notes: "v01.0.0" is not a release tag: give vX.Y.Z'],
    ['v1.0.0\u001b[2J', 'release-notes: "v1.0.0\\u001b[2J" is not a release tag: give vX.Y.Z'],
    ['v99.0.0', "release-notes: CHANGELOG.md has no section '## [99.0.0] - <date>'"],
  ];
  it.each(refused)('refuse %j', async (given, message) => {
    const error = await releaseNotes(checkout, given).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ReportedError);
    expect((error as Error).message).toBe(message);
  });

  describe('a changelog over 1 MiB', () => {
    let temporary: TemporaryProject;
    beforeEach(async () => (temporary = await temporaryProject()));
    afterEach(() => temporary.remove());
    it('is refused before it is read', async () => {
      await fs.appendFile(temporary.project.changelog, 'x'.repeat(1024 * 1024));
      await expect(releaseNotes(temporary.project, `v${sections[0].version}`)).rejects.toThrow(
        /^release-notes: CHANGELOG\.md has \d+ bytes, more than the 1048576 it may have$/,
      );
    });
  });
});

describe('a changelog section on the site', () => {
  it('is escaped: HTML in it is text, a link keeps its text only', () => {
    const html = changelogHtml('### Added\n\n- `<b>` and <img src="http://127.0.0.1:1/x"> and [a link](https://example.com/) and **bold**\n  continued.');
    expect(html).toBe(
      '<h4>Added</h4>\n<ul><li><code>&#60;b&#62;</code> and &#60;img src=&#34;http://127.0.0.1:1/x&#34;&#62; and a link and <strong>bold</strong> continued.</li></ul>',
    );
  });
});
