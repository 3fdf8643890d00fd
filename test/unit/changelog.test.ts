// CHANGELOG.md follows Keep a Changelog, has an entry for the current info.version, and names
// every operation by its operationId.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../scripts/stated/operations.ts';
import { changelogProblems } from '../../scripts/release/changelog-text.ts';
import { datedSections } from '../../scripts/release/last-release.ts';
import { gateProblems } from '../../scripts/release/release-gate.ts';
import { compareBundles } from '../../scripts/release/compare.ts';
import { changelogSection } from '../../scripts/site/changelog.ts';
import { changelogHtml } from '../../scripts/site/html.ts';
import { loadBundle, root } from '../support/helpers.ts';

const changelog = await fs.readFile(path.join(root, 'CHANGELOG.md'), 'utf8');

describe('CHANGELOG.md', () => {
  it('has an Unreleased section and dated, semver-ordered release entries', () => {
    expect(changelog).toMatch(/^# Changelog$/m);
    expect(changelog).toMatch(/^## \[Unreleased\]$/m);
    const versions = [...changelog.matchAll(/^## \[(\d+\.\d+\.\d+)\] - (\d{4}-\d{2}-\d{2})$/gm)].map((match) => match[1]);
    expect(versions.length).toBeGreaterThan(0);
    const ordered = [...versions].sort((a, b) => b.localeCompare(a, undefined, { numeric: true }));
    expect(versions).toEqual(ordered);
  });

  it('has an entry for the description’s info.version', async () => {
    const { info } = await loadBundle();
    expect(changelog).toContain(`## [${info.version}] - `);
  });

  it('names every operation by operationId', () => {
    for (const row of operations) expect(changelog, row.operationId).toContain(`\`${row.operationId}\``);
  });
});

describe('datedSections', () => {
  it('finds the dated sections with either line end, newest first', () => {
    const text = '# Changelog\r\n\r\n## [Unreleased]\r\n\r\n## [1.1.0] - 2026-11-30\r\n\r\n- x\r\n\r\n## [1.0.0] - 2026-11-22\r\n';
    expect(datedSections(text).map((section) => section.version)).toEqual(['1.1.0', '1.0.0']);
    expect(datedSections(text.replaceAll('\r\n', '\n'))).toEqual(datedSections(text));
  });
});

// Found by the third review: a U+2028 made a heading one to the regular expression's multiline
// reading and not to the site's line split, so a hidden line could date a false release, and one
// appended to a real heading hid that release (latest went back a version) with a diff that shows
// nothing. Every reader now takes the same lines, and the gate refuses such a changelog.
describe('a changelog that readers could split differently', () => {
  const hidden =
    '# Changelog\n\n## [Unreleased]\n\n- Tidy wording.\u2028## [9.9.9] - 2026-11-25\n\n## [1.2.0] - 2026-11-24\u2028\n\n- x\n\n## [1.1.0] - 2026-11-23\n';

  it('has the same dated sections for the release and the site: none hidden in a line, none after an invisible end', () => {
    expect(datedSections(hidden).map((section) => section.version)).toEqual(['1.1.0']);
    expect(changelogSection(hidden, '9.9.9')).toBeUndefined();
    expect(changelogSection(hidden, '1.2.0')).toBeUndefined();
  });

  it('is refused by the gate of every pull request, naming each line', async () => {
    const bundle = await loadBundle();
    expect(changelogProblems(hidden)).toEqual([
      'CHANGELOG.md:5: holds U+2028, a character a reader does not see as written: write plain text',
      'CHANGELOG.md:7: holds U+2028, a character a reader does not see as written: write plain text',
    ]);
    expect(gateProblems(compareBundles(bundle, bundle), '1.2.0', '1.2.0', hidden)).toEqual(changelogProblems(hidden));
  });

  it('dates a version once', () => {
    expect(changelogProblems('## [1.0.0] - 2026-11-22\n\n- a\n\n## [1.0.0] - 2026-11-23\n')).toEqual([
      'CHANGELOG.md:5: 1.0.0 is dated a second time (first at line 1)',
    ]);
  });

  it('the committed one has no such problem', () => {
    expect(changelogProblems(changelog)).toEqual([]);
  });
});

describe("the site's changelog page", () => {
  // A link is its text; a bracket that opens no link is text. Linear in the line's length: the
  // quadratic reading took 52 s for this line (the test's time bound fails it long before).
  it('renders a line of 200,000 `[` as text, and a link whose target has parentheses as written', () => {
    expect(changelogHtml(`See ${'['.repeat(200_000)} above.`)).toBe(`<p>See ${'['.repeat(200_000)} above.</p>`);
    expect(changelogHtml('See [the notes](https://example.test/a) and [x](javascript:alert(1)).')).toBe('<p>See the notes and [x](javascript:alert(1)).</p>');
  });
});
