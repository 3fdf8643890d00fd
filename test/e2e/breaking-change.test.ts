// The flow of a breaking change from pull request to release, as the workflow runs it, on a clone
// of the fixture's repository without its tag (the release is the commit that dated CHANGELOG.md's
// section), with the clone's own commands (the change edits the table in scripts/stated/) called
// in this process: a branch from the release, the change (the interface document's sendBatch body
// becomes required: the path item and the contract's table), the gate against the target branch,
// the merge, `release`, and the gate against the new release. The gate's base comes from the
// target branch only: a dated heading added in the pull request changes nothing.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Clone, cloneRepository } from '../support/fixture.ts';
import { edit, root } from '../support/helpers.ts';
import { runCommand } from '../support/run-command.ts';

let clone: Clone;
let dir = '';
const { version } = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')) as { version: string };
const major = `${Number(version.split('.')[0]) + 1}.0.0`;

const command = (name: string, args: string[] = []) => runCommand(name, args, { root: dir, ownScripts: true });
/** The pull-request workflow's gate line (.github/workflows/pull-request.yml), with main as the target. */
const gate = () => command('diff', ['--gate', '--base-branch', 'main']);

beforeAll(async () => {
  clone = await cloneRepository('breaking');
  dir = clone.dir;
  // No tag, and the release starts with an empty [Unreleased], whatever the checkout's holds now:
  // the one commit, which dates the release's section, holds that.
  await clone.git('tag', '-d', `v${version}`);
  const changelog = await fs.readFile(path.join(dir, 'CHANGELOG.md'), 'utf8');
  await fs.writeFile(path.join(dir, 'CHANGELOG.md'), changelog.replace(/^## \[Unreleased\]\n[\s\S]*?(?=^## \[)/m, '## [Unreleased]\n\n'));
  await clone.git('commit', '-qa', '--amend', '-m', `the project at ${version}`);
  // The pull request: a branch from the release, the change, generated/ rebuilt, no version edit.
  await clone.git('switch', '-q', '-c', 'require-batch-body');
  await edit(dir, 'openapi/paths/v1_batches_id_send.yaml', 'required: false', 'required: true');
  await edit(dir, 'scripts/stated/operations.ts', "label: 'Created', request: 'id+optional-body'", "label: 'Created', request: 'required-body'");
  // The operation's wording follows its row: `lint --fix` writes it, as a maintainer would.
  const fix = await command('lint', ['--fix']);
  expect(fix.code, fix.output).toBe(0);
  expect(fix.output).toContain('lint: --fix wrote 1 wording(s) in openapi/paths/v1_batches_id_send.yaml');
  expect(await fs.readFile(path.join(dir, 'openapi/paths/v1_batches_id_send.yaml'), 'utf8')).toContain(
    '\n    It takes a JSON request body whose fields are not specified.\n',
  );
  const build = await command('build');
  expect(build.code, build.output).toBe(0);
  await clone.git('add', '-A');
  await clone.git('commit', '-qm', 'sendBatch: the body is required');
}, 300_000);

afterAll(async () => {
  await clone?.remove();
});

describe('a breaking change, from pull request to release', () => {
  it('is gated as the pull-request workflow and .ci/run gate it: against the target branch, named', async () => {
    const workflow = await fs.readFile(path.join(root, '.github', 'workflows', 'pull-request.yml'), 'utf8');
    expect(workflow).toContain('npm run -s diff -- --gate --base-branch "origin/${GITHUB_BASE_REF:-main}" --format markdown');
    expect(await fs.readFile(path.join(root, '.ci', 'run'), 'utf8')).toContain('npm run diff -- --gate --base-branch "$base_branch"');
  });

  it('the gate fails without a BREAKING entry, and a dated heading in the pull request does not make it the base', async () => {
    const blocked = await gate();
    expect(blocked.code, blocked.output).toBe(1);
    expect(blocked.stdout).toMatch(/BREAKING request body newly required: sendBatch \(POST \/v1\/batches\/\{id\}\/send\)/);
    expect(blocked.stderr).toBe("diff: gate: CHANGELOG.md's [Unreleased] section has no entry marked **BREAKING**; the change breaks callers of `sendBatch`\n");
    // The attack: the pull request's own commit dates a section, as a release would.
    await edit(
      dir,
      'CHANGELOG.md',
      '## [Unreleased]\n',
      `## [Unreleased]\n\n## [${version.replace(/\d+$/, (p) => String(Number(p) + 1))}] - 2026-12-01\n\n- Prose.\n`,
    );
    await clone.git('commit', '-qam', 'a dated heading');
    const attacked = await gate();
    expect(attacked.code, attacked.output).toBe(1);
    expect(attacked.stdout).toMatch(/^removed: none$/m);
    expect(attacked.stdout).toMatch(/BREAKING request body newly required: sendBatch/);
    await clone.git('reset', '-q', '--hard', 'HEAD~1');
  });

  it('passes with an [Unreleased] entry marked BREAKING naming sendBatch; after the merge, the release is major; the gate against it is clean', async () => {
    await edit(dir, 'CHANGELOG.md', '## [Unreleased]\n', '## [Unreleased]\n\n### Changed\n\n- **BREAKING** `sendBatch`: its request body is now required.\n');
    await clone.git('commit', '-qam', 'changelog: sendBatch');
    const passed = await gate();
    expect(passed.code, passed.output).toBe(0);
    expect(passed.stdout).toContain('diff: gate: the breaking changes have a changelog entry marked BREAKING naming each affected operation');

    await clone.git('switch', '-q', 'main');
    await clone.git('merge', '-q', '--no-ff', '-m', 'Merge require-batch-body', 'require-batch-body');
    const dry = await command('release', ['--dry-run']);
    expect(dry.code, dry.output).toBe(0);
    expect(dry.stdout).toMatch(new RegExp(`^release: v${major.replaceAll('.', '\\.')}, a major release after ${version.replaceAll('.', '\\.')} `, 'm'));
    const released = await command('release');
    expect(released.code, released.output).toBe(0);
    expect(await clone.git('tag', '--list')).toBe(`v${major}`);
    expect(JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8')).version).toBe(major);
    expect(await fs.readFile(path.join(dir, 'CHANGELOG.md'), 'utf8')).toMatch(
      new RegExp(
        `## \\[Unreleased\\]\\n\\n## \\[${major.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}\\n\\n### Changed\\n\\n- \\*\\*BREAKING\\*\\* \`sendBatch\``,
      ),
    );

    const after = await gate();
    expect(after.code, after.output).toBe(0);
    expect(after.stdout).toBe(`diff: main's newest release v${major} (${major}) -> working tree (${major})\nno changes\ndiff: gate: nothing breaks callers\n`);
  });
});
