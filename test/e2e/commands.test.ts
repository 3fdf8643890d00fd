// Each command as a user runs it, on one shared copy of the checkout: exit codes and messages,
// bad arguments, the wrong Node, a build killed half-way, and the release gate on a git history.
// Edits to the copy are undone after each test.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { edit, fingerprint } from '../support/helpers.ts';
import { copyCheckout } from '../support/repo-copy.ts';
import { run, runScript } from '../support/run-command.ts';

let copy: string;
let pristine: Map<string, string>;
const touched = new Set<string>();
const git = (...args: string[]) => run('git', ['-c', 'user.email=ci@example.invalid', '-c', 'user.name=ci', ...args], copy);

/** Edits `file` in the copy; afterEach puts it back. */
async function change(file: string, search: string | RegExp, replacement: string): Promise<void> {
  if (!pristine.has(file)) pristine.set(file, await fs.readFile(path.join(copy, file), 'utf8'));
  touched.add(file);
  await edit(copy, file, search, replacement);
}

beforeAll(async () => {
  copy = await copyCheckout();
  pristine = new Map();
  await git('init', '-q', '-b', 'main');
  await git('add', '-A');
  await git('commit', '-qm', 'release 0.1.0');
  await git('tag', 'v0.1.0');
});
afterEach(async () => {
  for (const file of touched) await fs.writeFile(path.join(copy, file), pristine.get(file) ?? '');
  touched.clear();
});
afterAll(async () => {
  if (copy) await fs.rm(copy, { recursive: true, force: true });
});

describe('npm run lint', () => {
  it('exits 0 and says so on a clean tree', async () => {
    const result = await runScript(copy, 'lint');
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toMatch(/^lint: 0 problems \(Redocly on openapi\/, Spectral on the bundle\) in \d+\.\d+ s$/m);
  });

  it("exits 1 with both linters' problems as pull-request annotations, with file and line", async () => {
    await change('openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: List Webhooks');
    await change('openapi/openapi.yaml', / {2}description: \|\n(?: {4}.*\n|\n)+?(?= {2}version)/, '');
    const result = await runScript(copy, 'lint', ['--format', 'github-actions']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^::error title=rule\/summary-sentence-case,file=openapi\/paths\/v1_webhooks\.yaml,line=4,col=12/m);
    expect(result.stdout).toMatch(/^::(error|warning) title=info-description,file=generated\/openapi\.json,.*line=\d+/m);
    expect(result.stderr).toMatch(
      /^lint: Redocly found \d+ problem\(s\) in the source .*; Spectral found \d+ problem\(s\) in the bundle \(generated\/openapi\.json\)$/m,
    );
  });

  it('exits 2 on an unknown format', async () => {
    const result = await runScript(copy, 'lint', ['--format', 'xml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe("lint: unknown --format 'xml'; use one of: stylish, github-actions\n");
  });
});

describe('npm run build and npm run check', () => {
  it('build exits 1 on bad input, naming the file and line, and leaves generated/ as it was', async () => {
    const before = await fingerprint(path.join(copy, 'generated'));
    await change('openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: List Webhooks');
    const result = await runScript(copy, 'build');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^build: step 'lint' failed: Redocly found 1 problem\(s\) in the source \(openapi\/openapi\.yaml and the files it references\):\n {2}openapi\/paths\/v1_webhooks\.yaml:4:12 error rule\/summary-sentence-case: /,
    );
    expect(result.stderr.trim().split('\n').at(-1)).toBe('build: generated/ is unchanged');
    expect(await fingerprint(path.join(copy, 'generated'))).toEqual(before);
  });

  it('check exits 1 after a source edit, naming each drifted file', async () => {
    await change('openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: List all webhooks');
    const result = await runScript(copy, 'check');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^check: generated\/ is out of step with openapi\/ \(run `npm run build` and commit the result\):\n {2}differs: generated\/client\.ts\n/,
    );
    expect(result.stderr).toMatch(/^ {2}differs: generated\/openapi\.json$/m);
  });

  it('a build killed half-way leaves generated/ as it was; the next build removes its leftovers, exits 0 with a line per step, and check finds generated/ in step', async () => {
    const before = await fingerprint(path.join(copy, 'generated'));
    const staging = async () => (await fs.readdir(copy)).filter((name) => name.startsWith('.generated-staging-'));
    // Its own process group: the docs step runs Redocly in a child process, and all must die.
    const child = spawn(process.execPath, ['scripts/cli/build.ts'], { cwd: copy, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('✓ lint')) resolve();
      });
    });
    process.kill(-(child.pid ?? 0), 'SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the group's other processes die
    expect((await staging()).length).toBe(1);
    expect(await fingerprint(path.join(copy, 'generated'))).toEqual(before);
    const next = await runScript(copy, 'build');
    expect(next.code, next.output).toBe(0);
    for (const step of ['lint', 'bundle', 'variants', 'types', 'client', 'docs']) expect(next.stdout).toMatch(new RegExp(`^  ✓ ${step} +\\d+\\.\\d+ s$`, 'm'));
    expect(await staging()).toEqual([]);
    // The copy started without the rendered docs (they are not committed); the build adds them.
    const { 'docs/index.html': docs, ...rebuilt } = await fingerprint(path.join(copy, 'generated'));
    expect(docs).toBeDefined();
    expect(rebuilt).toEqual(before);
    const check = await runScript(copy, 'check');
    expect(check.code, check.output).toBe(0);
    expect(check.stdout).toBe('check: generated/ matches what openapi/ builds\n');
  });
});

describe('npm run diff on a git history', () => {
  it('compares with the latest release tag by default and says "no changes"', async () => {
    const result = await runScript(copy, 'diff', ['--gate']);
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toBe('diff: v0.1.0 (0.1.0) -> working tree (0.1.0)\nno changes\ndiff: gate: nothing breaks callers\n');
  });

  it('fails the gate on a breaking change without a major bump, then passes with one and a changelog entry', async () => {
    await change('openapi/openapi.yaml', / {2}\/v1\/quotas:\n {4}\$ref: paths\/v1_quotas\.yaml\n/, '');
    const blocked = await runScript(copy, 'diff', ['v0.1.0', '--gate']);
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toMatch(/^removed: listQuotas$/m);
    expect(blocked.stdout).toMatch(/BREAKING operation removed: listQuotas \(GET \/v1\/quotas\)/);
    expect(blocked.stderr).toMatch(/^diff: gate: info\.version 0\.1\.0 must have a new major version/m);

    await change('openapi/openapi.yaml', 'version: 0.1.0', 'version: 1.0.0');
    await change(
      'CHANGELOG.md',
      '## [Unreleased]\n',
      '## [Unreleased]\n\n## [1.0.0] - 2026-12-01\n\n### Removed\n\n- **BREAKING** `listQuotas` (GET /v1/quotas) is gone.\n',
    );
    const released = await runScript(copy, 'diff', ['v0.1.0', '--gate']);
    expect(released.code, released.output).toBe(0);
    expect(released.stdout).toMatch(/gate: the breaking changes are released as a major version/);
  });

  it('exits 2 on a ref that does not exist, and on two refs', async () => {
    const missing = await runScript(copy, 'diff', ['no-such-ref']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe("diff: 'no-such-ref' is not a commit, branch or tag in this repository\n");
    const two = await runScript(copy, 'diff', ['a', 'b']);
    expect(two.code).toBe(2);
    expect(two.stderr).toBe('diff: usage: npm run diff -- [<git-ref>] [--gate]\n');
  });
});

describe('bad arguments to the other commands', () => {
  it.each([
    ['mock', ['--port', '0'], "mock: --port must be a whole number from 1 to 65535, not '0'\n"],
    ['docs', ['--port', 'eighty'], "docs: --port must be a whole number from 0 to 65535, not 'eighty'\n"],
    ['mutate', ['--only', 'no such mutation'], "mutate: no mutation's name contains 'no such mutation'\n"],
    ['bench', ['--only', 'everything'], 'bench: --only takes one of lint, build, test, mutate, ci, client, docs, scale\n'],
  ])('npm run %s exits 2 and says what it takes', async (script, args, message) => {
    const result = await runScript(copy, script, args);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(message);
  });

  it('npm run mutate runs a chosen mutation and says what caught it', async () => {
    const result = await runScript(copy, 'mutate', ['--only', 'a summary in Title Case']);
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toMatch(/^ {2}\[ {2}1\/1\] a summary in Title Case: caught {3}by lint \(rule\/summary-sentence-case: /m);
  });
});

describe('the wrong Node', () => {
  const olderNode = '/usr/bin/node';
  it('a command run by a Node older than 24 stops at once with one line that says what to run', async (context) => {
    const version = await run(olderNode, ['--version'], copy);
    if (version.code !== 0 || Number(version.stdout.trim().slice(1).split('.')[0]) >= 24) context.skip(`no Node older than 24 at ${olderNode}`);
    const result = await run(olderNode, ['scripts/cli/build.ts'], copy, { npm_lifecycle_event: '' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `build: needs Node 24 (this is Node ${version.stdout.trim().slice(1)}): run \`npm run build\`, or \`node_modules/.bin/node scripts/cli/build.ts\` after \`npm ci\`\n`,
    );
  });
});
