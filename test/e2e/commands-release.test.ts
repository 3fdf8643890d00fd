// The other commands as a user runs them, on one shared copy of the checkout (a git repository
// with a release tag): the release gate of `npm run diff`, bad arguments, `npm run mutate`, and the
// wrong Node. Edits to the copy are undone after each test. (The build commands: commands-build.test.ts.)
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { sharedCheckoutCopy } from '../support/repo-copy.ts';
import { run, runScript, systemNode } from '../support/run-command.ts';

const copy = sharedCheckoutCopy();
// The copy's one commit is tagged with the package's version, the description's too.
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const major = `${Number(version.split('.')[0]) + 1}.0.0`;
const escaped = (text: string) => text.replaceAll('.', '\\.');

describe('npm run diff on a git history', () => {
  it('compares with the latest release tag by default and says "no changes"', async () => {
    const result = await runScript(copy.dir, 'diff', ['--gate']);
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toBe(`diff: v${version} (${version}) -> working tree (${version})\nno changes\ndiff: gate: nothing breaks callers\n`);
  });

  it('fails the gate on a breaking change without a major bump, then passes with one and a changelog entry', async () => {
    await copy.change('openapi/openapi.yaml', / {2}\/v1\/quotas:\n {4}\$ref: paths\/v1_quotas\.yaml\n/, '');
    const blocked = await runScript(copy.dir, 'diff', [`v${version}`, '--gate']);
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toMatch(/^removed: listQuotas$/m);
    expect(blocked.stdout).toMatch(/BREAKING operation removed: listQuotas \(GET \/v1\/quotas\)/);
    expect(blocked.stderr).toMatch(new RegExp(`^diff: gate: info\\.version ${escaped(version)} must have a new major version`, 'm'));
    const summary = await runScript(copy.dir, 'diff', [`v${version}`, '--gate', '--format', 'markdown']);
    expect(summary.code).toBe(1);
    expect(summary.stdout.startsWith(`## API changes: v${version} (${version}) → working tree (${version})\n`)).toBe(true);
    expect(summary.stdout).toContain('| Removed | `listQuotas` |');
    expect(summary.stdout).toContain('**Failed**: the change breaks callers');

    await copy.change('openapi/openapi.yaml', `version: ${version}`, `version: ${major}`);
    await copy.change(
      'CHANGELOG.md',
      '## [Unreleased]\n',
      `## [Unreleased]\n\n## [${major}] - 2026-12-01\n\n### Removed\n\n- **BREAKING** \`listQuotas\` (GET /v1/quotas) is gone.\n`,
    );
    const released = await runScript(copy.dir, 'diff', [`v${version}`, '--gate']);
    expect(released.code, released.output).toBe(0);
    expect(released.stdout).toMatch(/gate: the breaking changes are released as a major version/);
  });

  it('exits 2 on a ref that does not exist, and on two refs', async () => {
    const missing = await runScript(copy.dir, 'diff', ['no-such-ref']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("diff: 'no-such-ref' is not a commit, branch or tag in this repository\n");
    const two = await runScript(copy.dir, 'diff', ['a', 'b']);
    expect(two.code).toBe(2);
    expect(two.stderr).toBe('diff: usage: npm run diff -- [<git-ref>] [--gate] [--format text|markdown]\n');
  });
});

describe('bad arguments to the other commands', () => {
  it.each([
    ['mock', ['--port', '0'], "mock: --port must be a whole number from 1 to 65535, not '0'\n"],
    ['docs', ['--port', 'eighty'], "docs: --port must be a whole number from 0 to 65535, not 'eighty'\n"],
    ['mutate', ['--only', 'no such mutation'], "mutate: no mutation's name contains 'no such mutation'\n"],
    ['bench', ['--only', 'everything'], 'bench: --only takes one of lint, build, overlays, unit, tiers, test, mutate, ci, client, docs, scale\n'],
    ['mock', ['--help'], "mock: Unknown option '--help': the README's npm scripts table lists what it takes\n"],
    ['lint', ['--format'], "lint: Option '--format <value>' argument missing: the README's npm scripts table lists what it takes\n"],
  ])('npm run %s exits 2 and says what it takes', async (script, args, message) => {
    const result = await runScript(copy.dir, script, args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(message);
  });

  it('npm run mutate runs a chosen mutation and says what caught it', async () => {
    const result = await runScript(copy.dir, 'mutate', ['--only', 'a summary in Title Case']);
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toMatch(/^ {2}\[ {2}1\/1\] a summary in Title Case: caught {3}by lint \(rule\/summary-sentence-case: /m);
  });
});

describe('the wrong Node', () => {
  it('a command run by a Node older than 24 stops at once with one line that says what to run', async (context) => {
    const older = systemNode();
    if (older.major >= 24) context.skip(`the machine's own Node (${older.file}) is ${older.version}: no older Node to run`);
    const result = await run(older.file, ['scripts/cli/build.ts'], copy.dir, { npm_lifecycle_event: '' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `build: needs Node 24 (this is Node ${older.version}): run \`npm run build\`, or \`node_modules/.bin/node scripts/cli/build.ts\` after \`npm ci\`\n`,
    );
  });
});
