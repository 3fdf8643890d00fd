// The release, called in this process (scripts/release/release.ts) on clones of the fixture's
// repository (one commit whose CHANGELOG.md dates the current version, its tag deleted, as a clone
// of main is): the dry run, a real release (version set in both places, changelog moved, rebuilt,
// committed, tagged), and each refusal, after which nothing has changed: not a file, not a commit,
// not a tag.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { release } from '../../scripts/release/release.ts';
import { type Clone, cloneRepository } from '../support/fixture.ts';
import { edit, fingerprint, recordingLog, root } from '../support/helpers.ts';

let repository: Clone | undefined;
afterEach(async () => {
  await repository?.remove();
  repository = undefined;
});

const entry = '## [Unreleased]\n';
// The project's current version (the last release), and the versions after it.
const { version } = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
const [major, minor, patch] = version.split('.').map(Number);
const nextPatch = `${major}.${minor}.${patch + 1}`;
const nextMajor = `${major + 1}.0.0`;
const escaped = (text: string) => text.replaceAll('.', '\\.');

/** A clone of the project, one commit and no tag, with `unreleased` as the [Unreleased] section's text. */
async function releasedRepository(unreleased = '### Fixed\n\n- A sentence of prose. No operation is affected.\n'): Promise<Clone> {
  repository = await cloneRepository('release');
  const { dir } = repository;
  await repository.git('tag', '-d', `v${version}`);
  // The changelog: [Unreleased] with the given text, then the released sections as they are.
  const changelog = await fs.readFile(path.join(dir, 'CHANGELOG.md'), 'utf8');
  const released = changelog.slice(changelog.indexOf(`## [${version}]`));
  await fs.writeFile(path.join(dir, 'CHANGELOG.md'), `# Changelog\n\n${entry}\n${unreleased}\n${released}`);
  await repository.git('commit', '-qa', '--amend', '-m', `the project at ${version}`);
  return repository;
}

/** Commits everything in the repository. */
const commitAll = async (clone: Clone, message: string) => {
  await clone.git('add', '-A');
  await clone.git('commit', '-qm', message);
};

/** Everything a refused release must leave as it was: the files, the commits, the tags. */
const state = async (clone: Clone) => ({
  files: await fingerprint(clone.dir),
  head: await clone.git('rev-parse', 'HEAD'),
  tags: await clone.git('tag', '--list'),
});

/** Runs the release; its outcome and lines. */
async function releaseIn(clone: Clone, options: { dryRun?: boolean; bump?: string; branch?: string } = {}) {
  const log = recordingLog();
  const ok = await release(clone.project, log, { dryRun: options.dryRun ?? false, bump: options.bump, branch: options.branch, date: '2026-12-01' });
  return { ok, lines: log.lines.join('\n'), errors: log.errors };
}

describe('release', () => {
  it('--dry-run prints the version, the reason and the section, and writes nothing (on the target branch --branch names)', async () => {
    const clone = await releasedRepository();
    await clone.git('switch', '-q', '-c', 'maintenance');
    const before = await state(clone);
    const result = await releaseIn(clone, { dryRun: true, branch: 'maintenance' });
    expect(result.ok, result.errors.join('\n')).toBe(true);
    expect(result.lines).toMatch(
      new RegExp(
        `^release: v${escaped(nextPatch)}, a patch release after ${escaped(version)} \\(CHANGELOG\\.md's section ${escaped(version)}, dated in commit [0-9a-f]{7} \\(no release tag in this clone\\)\\): nothing breaks callers and nothing is added: nothing in the description changed$`,
        'm',
      ),
    );
    expect(result.lines).toContain(`## [${nextPatch}] - 2026-12-01\n\n### Fixed\n\n- A sentence of prose. No operation is affected.\n`);
    expect(result.lines).toContain('release: --dry-run: nothing was written');
    expect(await state(clone)).toEqual(before);
  });

  it('releases: both versions set, the changelog moved, rebuilt, committed and tagged; then the tag is the last release', async () => {
    const clone = await releasedRepository();
    const result = await releaseIn(clone);
    expect(result.ok, result.errors.join('\n')).toBe(true);
    const { dir } = clone;
    expect(await clone.git('status', '--porcelain')).toBe('');
    expect(await clone.git('log', '-1', '--format=%s')).toBe(`Release v${nextPatch}`);
    expect(await clone.git('cat-file', '-t', `v${nextPatch}`)).toBe('tag'); // annotated
    expect(await clone.git('rev-parse', `v${nextPatch}^{commit}`)).toBe(await clone.git('rev-parse', 'HEAD'));
    expect(await fs.readFile(path.join(dir, 'openapi', 'openapi.yaml'), 'utf8')).toContain(`\n  version: ${nextPatch}\n`);
    expect(JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8')).version).toBe(nextPatch);
    const lock = JSON.parse(await fs.readFile(path.join(dir, 'package-lock.json'), 'utf8'));
    expect([lock.version, lock.packages[''].version]).toEqual([nextPatch, nextPatch]);
    expect(JSON.parse(await fs.readFile(path.join(dir, 'generated', 'openapi.json'), 'utf8')).info.version).toBe(nextPatch);
    expect(await fs.readFile(path.join(dir, 'generated', 'client.ts'), 'utf8')).toContain(`export const packageVersion = "${nextPatch}";`);
    const changelog = await fs.readFile(path.join(dir, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(`${entry}\n## [${nextPatch}] - 2026-12-01\n\n### Fixed\n\n- A sentence of prose.`);

    // Next time: the tag is the last release, and an empty [Unreleased] is refused.
    const again = await releaseIn(clone, { dryRun: true });
    expect(again.ok).toBe(false);
    // It still says the version it would choose, then what blocks it.
    const following = `${major}.${minor}.${patch + 2}`;
    expect(again.lines).toMatch(
      new RegExp(`^release: v${escaped(following)}, a patch release after ${escaped(nextPatch)} \\(tag v${escaped(nextPatch)}\\)`, 'm'),
    );
    expect(again.errors).toEqual([
      "release: CHANGELOG.md's [Unreleased] section has no entry: say what this release changes",
      `release: --dry-run: 1 thing(s) block v${following}; nothing was written`,
    ]);
  });

  describe('refuses, changing nothing', () => {
    /** Runs the refused release and checks that nothing changed. */
    async function refused(clone: Clone, options: { bump?: string; branch?: string } = {}): Promise<string> {
      const before = await state(clone);
      const result = await releaseIn(clone, options);
      expect(result.ok).toBe(false);
      expect(result.errors.at(-1)).toBe('release: nothing was changed');
      expect(await state(clone)).toEqual(before);
      return result.errors[0];
    }

    it('HEAD on another branch than the target branch (main, or --branch), or detached', async () => {
      const clone = await releasedRepository();
      await clone.git('switch', '-q', '-c', 'feature-x');
      expect(await refused(clone)).toBe(
        'release: HEAD is on branch feature-x, not on the target branch main: release on main after the merge (or name the target branch with --branch <name>)',
      );
      await clone.git('switch', '-q', 'main');
      expect(await refused(clone, { branch: 'release\u001b[2J' })).toBe(
        'release: HEAD is on branch main, not on the target branch release\\u001b[2J: release on release\\u001b[2J after the merge (or name the target branch with --branch <name>)',
      );
      await clone.git('switch', '-q', '--detach');
      const commit = await clone.git('rev-parse', '--short', 'HEAD');
      expect(await refused(clone)).toBe(
        `release: HEAD is detached (at ${commit}), not on the target branch main: release on main after the merge (or name the target branch with --branch <name>)`,
      );
    });

    it('a dirty working tree', async () => {
      const clone = await releasedRepository();
      await edit(clone.dir, 'CHANGELOG.md', '- A sentence', '- Another sentence');
      expect(await refused(clone)).toBe('release: the working tree has changes (M CHANGELOG.md): commit or stash them first');
    });

    it('a tag that already exists (a release made on another branch)', async () => {
      const clone = await releasedRepository();
      await clone.git('switch', '-q', '-c', 'other');
      await clone.git('commit', '-q', '--allow-empty', '-m', 'elsewhere');
      await clone.git('tag', '-a', `v${nextPatch}`, '-m', 'made elsewhere');
      await clone.git('switch', '-q', 'main');
      expect(await refused(clone)).toBe(`release: tag v${nextPatch} already exists`);
    });

    it('a repository git has no name and email for (a new machine): refused before the build, not at the commit', async () => {
      const clone = await releasedRepository();
      await clone.git('config', '--unset', 'user.email');
      await clone.git('config', '--unset', 'user.name');
      expect(await refused(clone)).toBe(
        'release: git has no name and email to commit with: set them (git config user.name "..." and git config user.email "...")',
      );
    });

    /** A repository whose last commit renames listWebhooks's operationId: a change that breaks callers. */
    async function breaking(unreleased: string): Promise<Clone> {
      const clone = await releasedRepository(unreleased);
      await edit(clone.dir, 'openapi/paths/v1_webhooks.yaml', 'operationId: listWebhooks', 'operationId: listHooks');
      await commitAll(clone, 'rename');
      return clone;
    }

    it('a bump lower than the comparison needs', async () => {
      const clone = await breaking('### Changed\n\n- **BREAKING** `listWebhooks` is now `listHooks`.\n');
      expect(await refused(clone, { bump: 'minor' })).toMatch(
        /^release: --bump minor is lower than the major the comparison needs: 1 change\(s\) break callers \(listWebhooks\)$/,
      );
    });

    it('an [Unreleased] section that does not name an affected operation', async () => {
      const clone = await breaking('### Changed\n\n- **BREAKING** a list operation is renamed.\n');
      expect(await refused(clone)).toBe(
        'release: CHANGELOG.md\'s [Unreleased] section does not name `listWebhooks`, which the comparison with the last release says is affected: name each operationId in a code span in an entry, or say "Affects every operation." (an operation added is named by its operationId)',
      );
    });

    it('a failing gate: a breaking change whose entry is not marked BREAKING', async () => {
      const clone = await breaking('### Changed\n\n- `listWebhooks` is now `listHooks`.\n');
      expect(await refused(clone)).toBe(
        `release: the release gate fails: CHANGELOG.md's section ${nextMajor} has no entry marked **BREAKING**; the change breaks callers of \`listWebhooks\``,
      );
    });

    it('a description that does not lint (the contract holds the operationId to the interface document)', async () => {
      const clone = await breaking('### Changed\n\n- **BREAKING** `listWebhooks` is now `listHooks`.\n');
      expect(await refused(clone)).toMatch(
        /^release: generated\/ cannot be checked against the source: step 'lint' failed: the faithfulness contract found 1 problem\(s\) \(docs\/faithfulness\.md\):\n {2}openapi\/paths\/v1_webhooks\.yaml:\d+:\d+ error faithful\/operation-id: #27's operationId: expected "listWebhooks", found "listHooks"/,
      );
    });

    it("a name the package's client no longer exports: a major release, said and named (and here, drift)", async () => {
      const clone = await releasedRepository();
      await edit(clone.dir, 'generated/dist/client.d.ts', ' serializeQuery,', '');
      await commitAll(clone, 'an export removed');
      const before = await state(clone);
      const result = await releaseIn(clone, { dryRun: true });
      expect(result.ok).toBe(false);
      expect(result.lines).toMatch(
        new RegExp(
          `^release: v${escaped(nextMajor)}, a major release after .*: in the description, nothing breaks callers and nothing is added: nothing in the description changed; but the client no longer exports serializeQuery$`,
          'm',
        ),
      );
      expect(result.errors[0]).toMatch(/^release: generated\/ does not match the source \(differs: generated\/dist\/client\.d\.ts\)/);
      expect(await state(clone)).toEqual(before);
    });

    it('a client entry that is a symbolic link: its exported names are not read through it', async () => {
      const clone = await releasedRepository();
      await fs.rm(path.join(clone.dir, 'generated', 'dist', 'client.d.ts'));
      await fs.symlink('client-runtime.d.ts', path.join(clone.dir, 'generated', 'dist', 'client.d.ts'));
      await commitAll(clone, 'a link');
      expect(await refused(clone)).toBe(
        "release: the package's exports: generated/dist/client.d.ts is reached through a symbolic link (generated/dist/client.d.ts), which could lead outside",
      );
    });

    it('a failing drift check', async () => {
      const clone = await releasedRepository();
      await edit(clone.dir, 'generated/llms.txt', '# ', '#  ');
      await commitAll(clone, 'an edit by hand');
      expect(await refused(clone)).toBe('release: generated/ does not match the source (differs: generated/llms.txt): run npm run build and commit first');
    });
  });
});
