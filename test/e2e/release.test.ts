// `npm run release` on temporary git repositories (copies of the project with one commit whose
// CHANGELOG.md dates the current version, and no tag, as a clone of main is): the dry run, a real release (version
// set in both places, changelog moved, rebuilt, committed, tagged), and each refusal, after which
// nothing has changed: not a file, not a commit, not a tag.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { release } from '../../scripts/release/release.ts';
import { edit, fingerprint, recordingLog, root, type TemporaryProject, temporaryProject } from '../support/helpers.ts';
import { run } from '../support/run-command.ts';

let repository: TemporaryProject | undefined;
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

/** A git repository of the project, one commit, with `unreleased` as the [Unreleased] section's text. */
async function releasedRepository(unreleased = '### Fixed\n\n- A sentence of prose. No operation is affected.\n'): Promise<TemporaryProject> {
  repository = await temporaryProject();
  const { dir } = repository;
  for (const file of ['package.json', 'package-lock.json', '.gitignore']) await fs.copyFile(path.join(root, file), path.join(dir, file));
  // The changelog: [Unreleased] with the given text, then the released sections as they are.
  const changelog = await fs.readFile(path.join(dir, 'CHANGELOG.md'), 'utf8');
  const released = changelog.slice(changelog.indexOf(`## [${version}]`));
  await fs.writeFile(path.join(dir, 'CHANGELOG.md'), `# Changelog\n\n${entry}\n${unreleased}\n${released}`);
  await git(dir, 'init', '-q', '-b', 'main');
  await git(dir, 'config', 'user.email', 'release@example.invalid');
  await git(dir, 'config', 'user.name', 'release test');
  await git(dir, 'add', '-A');
  await git(dir, 'commit', '-qm', `the project at ${version}`);
  return repository;
}

async function git(dir: string, ...args: string[]): Promise<string> {
  const result = await run('git', args, dir);
  expect(result.code, result.output).toBe(0);
  return result.stdout.trim();
}

/** Commits everything in the repository. */
const commitAll = async (dir: string, message: string) => {
  await git(dir, 'add', '-A');
  await git(dir, 'commit', '-qm', message);
};

/** Everything a refused release must leave as it was: the files, the commits, the tags. */
const state = async (dir: string) => ({ files: await fingerprint(dir), head: await git(dir, 'rev-parse', 'HEAD'), tags: await git(dir, 'tag', '--list') });

/** Runs the release; its outcome and lines. */
async function releaseIn(temporary: TemporaryProject, options: { dryRun?: boolean; bump?: string; branch?: string } = {}) {
  const log = recordingLog();
  const ok = await release(temporary.project, log, { dryRun: options.dryRun ?? false, bump: options.bump, branch: options.branch, date: '2026-12-01' });
  return { ok, lines: log.lines.join('\n'), errors: log.errors };
}

describe('npm run release', () => {
  it('--dry-run prints the version, the reason and the section, and writes nothing (on the target branch --branch names)', async () => {
    const temporary = await releasedRepository();
    await git(temporary.dir, 'switch', '-q', '-c', 'maintenance');
    const before = await state(temporary.dir);
    const result = await releaseIn(temporary, { dryRun: true, branch: 'maintenance' });
    expect(result.ok, result.errors.join('\n')).toBe(true);
    expect(result.lines).toMatch(
      new RegExp(
        `^release: v${escaped(nextPatch)}, a patch release after ${escaped(version)} \\(CHANGELOG\\.md's section ${escaped(version)}, dated in commit [0-9a-f]{7} \\(no release tag in this clone\\)\\): nothing breaks callers and nothing is added: nothing in the description changed$`,
        'm',
      ),
    );
    expect(result.lines).toContain(`## [${nextPatch}] - 2026-12-01\n\n### Fixed\n\n- A sentence of prose. No operation is affected.\n`);
    expect(result.lines).toContain('release: --dry-run: nothing was written');
    expect(await state(temporary.dir)).toEqual(before);
  });

  it('releases: both versions set, the changelog moved, rebuilt, committed and tagged; then the tag is the last release', async () => {
    const temporary = await releasedRepository();
    const result = await releaseIn(temporary);
    expect(result.ok, result.errors.join('\n')).toBe(true);
    const { dir } = temporary;
    expect(await git(dir, 'status', '--porcelain')).toBe('');
    expect(await git(dir, 'log', '-1', '--format=%s')).toBe(`Release v${nextPatch}`);
    expect(await git(dir, 'cat-file', '-t', `v${nextPatch}`)).toBe('tag'); // annotated
    expect(await git(dir, 'rev-parse', `v${nextPatch}^{commit}`)).toBe(await git(dir, 'rev-parse', 'HEAD'));
    expect(await fs.readFile(path.join(dir, 'openapi', 'openapi.yaml'), 'utf8')).toContain(`\n  version: ${nextPatch}\n`);
    expect(JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8')).version).toBe(nextPatch);
    const lock = JSON.parse(await fs.readFile(path.join(dir, 'package-lock.json'), 'utf8'));
    expect([lock.version, lock.packages[''].version]).toEqual([nextPatch, nextPatch]);
    expect(JSON.parse(await fs.readFile(path.join(dir, 'generated', 'openapi.json'), 'utf8')).info.version).toBe(nextPatch);
    expect(await fs.readFile(path.join(dir, 'generated', 'client.ts'), 'utf8')).toContain(`export const packageVersion = "${nextPatch}";`);
    const changelog = await fs.readFile(path.join(dir, 'CHANGELOG.md'), 'utf8');
    expect(changelog).toContain(`${entry}\n## [${nextPatch}] - 2026-12-01\n\n### Fixed\n\n- A sentence of prose.`);

    // Next time: the tag is the last release, and an empty [Unreleased] is refused.
    const again = await releaseIn(temporary, { dryRun: true });
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
    async function refused(temporary: TemporaryProject, options: { bump?: string; branch?: string } = {}): Promise<string> {
      const before = await state(temporary.dir);
      const result = await releaseIn(temporary, options);
      expect(result.ok).toBe(false);
      expect(result.errors.at(-1)).toBe('release: nothing was changed');
      expect(await state(temporary.dir)).toEqual(before);
      return result.errors[0];
    }

    it('HEAD on another branch than the target branch (main, or --branch), or detached', async () => {
      const temporary = await releasedRepository();
      await git(temporary.dir, 'switch', '-q', '-c', 'feature-x');
      expect(await refused(temporary)).toBe(
        'release: HEAD is on branch feature-x, not on the target branch main: release on main after the merge (or name the target branch with --branch <name>)',
      );
      await git(temporary.dir, 'switch', '-q', 'main');
      expect(await refused(temporary, { branch: 'release\u001b[2J' })).toBe(
        'release: HEAD is on branch main, not on the target branch release\\u001b[2J: release on release\\u001b[2J after the merge (or name the target branch with --branch <name>)',
      );
      await git(temporary.dir, 'switch', '-q', '--detach');
      const commit = await git(temporary.dir, 'rev-parse', '--short', 'HEAD');
      expect(await refused(temporary)).toBe(
        `release: HEAD is detached (at ${commit}), not on the target branch main: release on main after the merge (or name the target branch with --branch <name>)`,
      );
    });

    it('a dirty working tree', async () => {
      const temporary = await releasedRepository();
      await edit(temporary.dir, 'CHANGELOG.md', '- A sentence', '- Another sentence');
      expect(await refused(temporary)).toBe('release: the working tree has changes (M CHANGELOG.md): commit or stash them first');
    });

    it('a tag that already exists (a release made on another branch)', async () => {
      const temporary = await releasedRepository();
      await git(temporary.dir, 'switch', '-q', '-c', 'other');
      await git(temporary.dir, 'commit', '-q', '--allow-empty', '-m', 'elsewhere');
      await git(temporary.dir, 'tag', '-a', `v${nextPatch}`, '-m', 'made elsewhere');
      await git(temporary.dir, 'switch', '-q', 'main');
      expect(await refused(temporary)).toBe(`release: tag v${nextPatch} already exists`);
    });

    it('a repository git has no name and email for (a new machine): refused before the build, not at the commit', async () => {
      const temporary = await releasedRepository();
      await git(temporary.dir, 'config', '--unset', 'user.email');
      await git(temporary.dir, 'config', '--unset', 'user.name');
      expect(await refused(temporary)).toBe(
        'release: git has no name and email to commit with: set them (git config user.name "..." and git config user.email "...")',
      );
    });

    /** A repository whose last commit renames listWebhooks's operationId: a change that breaks callers. */
    async function breaking(unreleased: string): Promise<TemporaryProject> {
      const temporary = await releasedRepository(unreleased);
      await edit(temporary.dir, 'openapi/paths/v1_webhooks.yaml', 'operationId: listWebhooks', 'operationId: listHooks');
      await commitAll(temporary.dir, 'rename');
      return temporary;
    }

    it('a bump lower than the comparison needs', async () => {
      const temporary = await breaking('### Changed\n\n- **BREAKING** `listWebhooks` is now `listHooks`.\n');
      expect(await refused(temporary, { bump: 'minor' })).toMatch(
        /^release: --bump minor is lower than the major the comparison needs: 1 change\(s\) break callers \(listWebhooks\)$/,
      );
    });

    it('an [Unreleased] section that does not name an affected operation', async () => {
      const temporary = await breaking('### Changed\n\n- **BREAKING** a list operation is renamed.\n');
      expect(await refused(temporary)).toBe(
        'release: CHANGELOG.md\'s [Unreleased] section does not name `listWebhooks`, which the comparison with the last release says is affected: name each operationId in a code span in an entry, or say "Affects every operation." (an operation added is named by its operationId)',
      );
    });

    it('a failing gate: a breaking change whose entry is not marked BREAKING', async () => {
      const temporary = await breaking('### Changed\n\n- `listWebhooks` is now `listHooks`.\n');
      expect(await refused(temporary)).toBe(
        `release: the release gate fails: CHANGELOG.md's section ${nextMajor} has no entry marked **BREAKING**; the change breaks callers of \`listWebhooks\``,
      );
    });

    it('a description that does not lint (the contract holds the operationId to the interface document)', async () => {
      const temporary = await breaking('### Changed\n\n- **BREAKING** `listWebhooks` is now `listHooks`.\n');
      expect(await refused(temporary)).toMatch(
        /^release: generated\/ cannot be checked against the source: step 'lint' failed: the faithfulness contract found 1 problem\(s\) \(docs\/faithfulness\.md\):\n {2}openapi\/paths\/v1_webhooks\.yaml:\d+:\d+ error faithful\/operation-id: #27's operationId: expected "listWebhooks", found "listHooks"/,
      );
    });

    it("a name the package's client no longer exports: a major release, said and named (and here, drift)", async () => {
      const temporary = await releasedRepository();
      await edit(temporary.dir, 'generated/dist/client.d.ts', ' serializeQuery,', '');
      await commitAll(temporary.dir, 'an export removed');
      const before = await state(temporary.dir);
      const result = await releaseIn(temporary, { dryRun: true });
      expect(result.ok).toBe(false);
      expect(result.lines).toMatch(
        new RegExp(
          `^release: v${escaped(nextMajor)}, a major release after .*: in the description, nothing breaks callers and nothing is added: nothing in the description changed; but the client no longer exports serializeQuery$`,
          'm',
        ),
      );
      expect(result.errors[0]).toMatch(/^release: generated\/ does not match the source \(differs: generated\/dist\/client\.d\.ts\)/);
      expect(await state(temporary.dir)).toEqual(before);
    });

    it('a client entry that is a symbolic link: its exported names are not read through it', async () => {
      const temporary = await releasedRepository();
      await fs.rm(path.join(temporary.dir, 'generated', 'dist', 'client.d.ts'));
      await fs.symlink('client-runtime.d.ts', path.join(temporary.dir, 'generated', 'dist', 'client.d.ts'));
      await commitAll(temporary.dir, 'a link');
      expect(await refused(temporary)).toBe(
        "release: the package's exports: generated/dist/client.d.ts is reached through a symbolic link (generated/dist/client.d.ts), which could lead outside",
      );
    });

    it('a failing drift check', async () => {
      const temporary = await releasedRepository();
      await edit(temporary.dir, 'generated/llms.txt', '# ', '#  ');
      await commitAll(temporary.dir, 'an edit by hand');
      expect(await refused(temporary)).toBe('release: generated/ does not match the source (differs: generated/llms.txt): run npm run build and commit first');
    });
  });
});
