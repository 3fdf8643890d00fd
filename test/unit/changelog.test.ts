// CHANGELOG.md follows Keep a Changelog, has an entry for the current info.version, and names
// every operation by its operationId.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../scripts/lint/contract/operations.ts';
import { datedSections } from '../../scripts/release/last-release.ts';
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
