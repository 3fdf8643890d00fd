// The other commands, called in this process on one clone of the fixture's repository (one commit,
// tagged with the package's version): the release gate of `diff` on a git history, its refusals,
// and `mutate`'s and `bench`'s bad arguments. Edits to the clone are undone after each test. And
// the wrong Node: scripts/cli/main.ts run by the machine's older Node, a real process. (The build
// commands: commands-build.test.ts; each command's run through npm: commands-help.test.ts.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchSections } from '../../scripts/dev/bench.ts';
import { datedSections } from '../../scripts/release/last-release.ts';
import { clonePerFile } from '../support/fixture.ts';
import { root } from '../support/helpers.ts';
import { npmRun, run, systemNode } from '../support/run-command.ts';

// The clone's one commit is tagged with the package's version, the description's too.
const { version, scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };

const clone = clonePerFile('commands-release');
const { change, command } = clone;

describe('diff on a git history', () => {
  it('compares with the newest release on the target branch (--base-branch, main by default) and says "no changes"; through npm, its one real run', async () => {
    const result = await npmRun(clone.dir, 'diff', ['--gate']);
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toBe(
      `diff: main's newest release v${version} (${version}) -> working tree (${version})\nno changes\ndiff: gate: nothing breaks callers\n`,
    );
  });

  it('fails the gate on a breaking change without an [Unreleased] entry marked BREAKING, then passes with one', async () => {
    await change('openapi/openapi.yaml', / {2}\/v1\/quotas:\n {4}\$ref: paths\/v1_quotas\.yaml\n/, '');
    const blocked = await command('diff', [`v${version}`, '--gate']);
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toMatch(/^removed: listQuotas$/m);
    expect(blocked.stdout).toMatch(/BREAKING operation removed: listQuotas \(GET \/v1\/quotas\)/);
    expect(blocked.stderr).toBe(
      "diff: gate: CHANGELOG.md's [Unreleased] section has no entry marked **BREAKING**; the change breaks callers of `listQuotas`\n",
    );
    const summary = await command('diff', [`v${version}`, '--gate', '--format', 'markdown']);
    expect(summary.code).toBe(1);
    expect(summary.stdout.startsWith(`## API changes: v${version} (${version}) → working tree (${version})\n`)).toBe(true);
    expect(summary.stdout).toContain('| Removed | `listQuotas` |');
    expect(summary.stdout).toContain('**Failed**: the change breaks callers');

    await change('CHANGELOG.md', '## [Unreleased]\n', '## [Unreleased]\n\n### Removed\n\n- **BREAKING** `listQuotas` (GET /v1/quotas) is gone.\n');
    const passed = await command('diff', ['--gate', '--base-branch', 'main']);
    expect(passed.code, passed.output).toBe(0);
    expect(passed.stdout).toMatch(/gate: the breaking changes have a changelog entry marked BREAKING naming each affected operation/);
  });

  it('takes a version for its release: the tag, or without one the commit that dated its CHANGELOG.md section; else exits 2 saying why', async () => {
    const byTag = await command('diff', [version]);
    expect(byTag.code, byTag.output).toBe(0);
    expect(byTag.stdout).toBe(`diff: ${version} (tag v${version}) (${version}) -> working tree (${version})\nno changes\n`);
    const first = await clone.git('rev-list', '--max-parents=0', 'HEAD');
    // The clone's one commit dates every section at once: the newest is its release, the older ones have no commit of their own.
    const [, older] = datedSections(fs.readFileSync(path.join(clone.dir, 'CHANGELOG.md'), 'utf8'));
    await clone.git('tag', '-d', `v${version}`);
    try {
      const byChangelog = await command('diff', [`v${version}`]);
      expect(byChangelog.code, byChangelog.output).toBe(0);
      expect(byChangelog.stdout).toBe(
        `diff: ${version} (CHANGELOG.md's section, dated in commit ${first.slice(0, 7)}; no tag) (${version}) -> working tree (${version})\nno changes\n`,
      );
      const shared = await command('diff', [older.version]);
      expect(shared.code).toBe(2);
      expect(shared.stderr).toBe(
        `diff: "${older.version}" is not a commit, branch or tag in this repository: there is no tag v${older.version}, and CHANGELOG.md's section ${older.version} was not dated in a commit of its own in this clone: name that release's commit\n`,
      );
      const none = await command('diff', ['v99.0.0']);
      expect(none.code).toBe(2);
      expect(none.stderr).toBe(
        `diff: "v99.0.0" is not a commit, branch or tag in this repository: there is no tag v99.0.0, and CHANGELOG.md has no section '## [99.0.0] - <date>'\n`,
      );
    } finally {
      await clone.git('tag', `v${version}`, first);
    }
  });

  it('exits 2 on a ref that does not exist (escaped), on two refs, and on a base branch that looks like an option', async () => {
    const missing = await command('diff', ['no-such-ref\u001b[2J']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('diff: "no-such-ref\\u001b[2J" is not a commit, branch or tag in this repository\n');
    const two = await command('diff', ['a', 'b']);
    expect(two.code).toBe(2);
    expect(two.stderr).toBe('diff: unexpected argument "b": see `npm run diff -- --help`\n');
    const option = await command('diff', ['--base-branch=--output=/tmp/x']);
    expect(option.code).toBe(2);
    expect(option.stderr).toBe('diff: "--output=/tmp/x" is not a commit, branch or tag in this repository\n');
  });
});

describe('bad arguments to the other commands', () => {
  it.each([
    ['mutate', ['--only', 'no such mutation'], "mutate: no mutation's name contains 'no such mutation'\n"],
    ['bench', ['--only', 'everything'], `bench: --only takes one of ${benchSections.join(', ')}: see \`npm run bench -- --help\`\n`],
  ])('%s exits 2 and says what it takes', async (name, args, message) => {
    const result = await command(name, args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(message);
  });
});

describe('the wrong Node', () => {
  // Needs an older Node than the toolchain's: the machine's own (Node 20 on this project's machines
  // and CI's). On a machine whose own Node is 24 or later there is none, and the case is not
  // defined (a skipped test fails .ci/run).
  const older = systemNode();
  if (older.major < 24)
    it('a command run by a Node older than 24 stops at once with one line that says what to run', async () => {
      // Every command: scripts/cli/main.ts must parse on the older Node to say so (the JavaScript
      // subset of TypeScript), before it loads anything of the command's.
      const names = Object.values(scripts).flatMap((line) => /^node scripts\/cli\/main\.ts ([\w-]+)$/.exec(line)?.[1] ?? []);
      expect(names).toContain('build');
      const results = await Promise.all(names.map((name) => run(older.file, ['scripts/cli/main.ts', name], clone.dir, { npm_lifecycle_event: '' })));
      for (const [index, name] of names.entries()) {
        const result = results[index];
        expect(result.code, result.output).toBe(1);
        expect(result.stdout).toBe('');
        expect(result.stderr).toBe(
          `${name}: needs Node 24 (this is Node ${older.version}): run \`npm run ${name}\`, or \`node_modules/.bin/node scripts/cli/main.ts ${name}\` after \`npm ci\`\n`,
        );
      }
    });
});
