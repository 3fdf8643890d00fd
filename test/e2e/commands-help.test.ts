// Every command as a person meets it from the terminal. In this process, as a table over the
// commands (package.json's scripts that run `node scripts/cli/main.ts <name>`, one per file of
// scripts/commands/): `--help` (usage, options, an example, exit codes, from the command's one
// definition), and bad usage: an unknown option, a missing value, a value of the wrong kind, each
// exit 2 with one line naming the option and pointing at `--help`, nothing printed on stdout and
// nothing written (generated/ unchanged); a value that starts with a dash gets Node's hint on lines
// of their own. Through npm, the one place where the commands run as processes for their own sake:
// one process a command (package.json's script line, scripts/cli/main.ts, the exit code, npm's
// INIT_CWD): a real run where it needs no server or input of its own, else its `--help`; and
// options npm takes as its own when `--` is left out. (The build
// killed half-way: commands-build.test.ts; the wrong Node: commands-release.test.ts.)
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sdkLanguages } from '../../scripts/languages/languages.ts';
import { changelogSection } from '../../scripts/site/changelog.ts';
import { type Clone, cloneRepository } from '../support/fixture.ts';
import { fingerprint, root } from '../support/helpers.ts';
import { npmRun, run, runCommand } from '../support/run-command.ts';

/** Each command's npm script, from package.json: every script that runs scripts/cli/main.ts with a command. */
const scripts = Object.entries(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>).flatMap(
  ([name, command]) => {
    const named = /^node scripts\/cli\/main\.ts ([\w-]+)$/.exec(command)?.[1];
    if (named !== undefined && named !== name) throw new Error(`package.json: script '${name}' runs command '${named}'`);
    return named === undefined ? [] : [name];
  },
);

/** A value of the wrong kind, per command that takes a value. */
const wrongKind: Record<string, [args: string[], line: string]> = {
  lint: [['--format', 'xml'], 'lint: --format "xml": give one of stylish, github-actions'],
  diff: [['--format', 'xml'], 'diff: --format "xml": give one of text, markdown'],
  docs: [['--port', 'eighty'], 'docs: --port "eighty": give a whole number from 0 to 65535'],
  mock: [['--port', '0'], 'mock: --port "0": give a whole number from 1 to 65535'],
  bench: [['--runs', '1.5'], 'bench: --runs "1.5": give a whole number from 1 to 100'],
  release: [['--bump', 'huge'], 'release: --bump "huge": give one of major, minor, patch'],
  verify: [['--base-url', 'http://127.0.0.1:9', '--max-body-bytes', '1e3'], 'verify: --max-body-bytes "1e3": give a whole number from 1024 to 1073741824'],
  sdk: [['--lang', 'rust', '--out', 'sdk-out'], `sdk: --lang "rust": give one of ${sdkLanguages.map((language) => language.name).join(', ')}`],
};

/** A missing value, per command that takes a value. */
const missingValue: Record<string, string> = {
  lint: '--format',
  build: '--out',
  diff: '--base-branch',
  docs: '--port',
  mock: '--overlay',
  mutate: '--only',
  bench: '--baseline',
  release: '--bump',
  verify: '--header',
  site: '--out',
  learn: '--traffic',
  sdk: '--out',
};

let clone: Clone;
let generatedBefore: Record<string, string>;
beforeAll(async () => {
  clone = await cloneRepository('commands');
  generatedBefore = await fingerprint(path.join(clone.dir, 'generated'));
});
afterAll(async () => {
  await clone?.remove();
});

it('has a command for every file of scripts/commands/, and a file for every command', () => {
  const files = fs.readdirSync(path.join(root, 'scripts', 'commands')).filter((file) => file.endsWith('.ts'));
  expect(scripts.map((name) => `${name}.ts`).sort()).toEqual(files.sort());
});

describe.each(scripts)('npm run %s, in this process', (script) => {
  it('--help: usage, options, an example and exit codes, from its definition, exit 0', async () => {
    const { definition } = (await import(`../../scripts/commands/${script}.ts`)) as { definition: { name: string } };
    expect(definition.name).toBe(script);
    const result = await runCommand(script, ['--help'], { root: clone.dir });
    expect(result.code, result.output).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(new RegExp(`^usage: npm run ${script}( -- .*)?\\n\\n`));
    expect(result.stdout).toMatch(/\noptions:\n(.*\n)*? {2}--help, -h +this text\n/);
    // `npm run -s` where the command line names a secret's variable: -s keeps npm from echoing it.
    expect(result.stdout).toMatch(new RegExp(`\\nexamples?:\\n {2}npm run (-s )?${script}`));
    // 0, then 2 (bad arguments) among the codes, the last line the last code.
    expect(result.stdout).toMatch(/\nexit codes:\n {2}0 +.+\n(.*\n)* {2}2 +.+\n(.*\n)*$/);
  });

  it('an unknown option, a missing value, a value of the wrong kind: one line, exit 2, nothing written', async () => {
    const cases: [string[], string][] = [[['--no-such-option'], `${script}: Unknown option '--no-such-option'`]];
    if (missingValue[script]) cases.push([[missingValue[script]], `${script}: Option '${missingValue[script]} <value>' argument missing`]);
    if (wrongKind[script]) cases.push(wrongKind[script]);
    for (const [args, line] of cases) {
      const result = await runCommand(script, args, { root: clone.dir });
      expect(result.code, `${args.join(' ')}: ${result.output}`).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`${line}: see \`npm run ${script} -- --help\`\n`);
    }
    expect(await fingerprint(path.join(clone.dir, 'generated'))).toEqual(generatedBefore);
  });

  // Only the commands with an option that takes a value: defined, not skipped, for the others.
  if (missingValue[script])
    it("a value that starts with a dash: Node's hint as lines, not escaped line breaks, exit 2", async () => {
      const option = missingValue[script];
      const result = await runCommand(script, [option, '-1'], { root: clone.dir });
      expect(result.code, result.output).toBe(2);
      expect(result.stderr).toBe(
        [
          `${script}: Option '${option}' argument is ambiguous: see \`npm run ${script} -- --help\``,
          `  Did you forget to specify the option argument for '${option}'?`,
          `  To specify an option argument starting with a dash use '${option}=-XYZ'.`,
          '',
        ].join('\n'),
      );
    });
});

describe('through npm: each command as a process', () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  // One real run each, on the clone (a git repository of the project, tagged v<version>). Where a
  // command's own file has a test whose run is a real one, that test runs through npm instead:
  // build's and check's (the build after the killed one: commands-build.test.ts), diff's (the gate
  // on a clean history: commands-release.test.ts), the servers' (mock, docs, mcp: a server on a
  // real port) and verify's (verify.test.ts runs the example workflow's `npm run verify` step).
  const realRuns: [script: string, args: string[], code: number, says: RegExp | string][] = [
    ['lint', [], 0, /^lint: 0 problems \(Redocly with the house rules and the faithfulness contract on openapi\/, Spectral on the bundle\) in \d+\.\d+ s$/m],
    ['release-notes', [`v${version}`], 0, `${changelogSection(fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8'), version)?.text}\n`],
    // Refused at once: the build of every version is site.test.ts', in process; here, the process
    // resolves --out against where npm was run (INIT_CWD) and exits 1.
    ['site', ['--out', 'generated/site'], 1, `is inside generated/, which the site never writes; choose a folder outside it`],
    ['release', ['--dry-run', '--branch', 'elsewhere'], 1, 'release: HEAD is on branch main, not on the target branch elsewhere'],
    ['mutate', ['--only', 'a summary in Title Case'], 0, /^ {2}\[ {2}1\/1\] a summary in Title Case: caught {3}by lint \(rule\/summary-sentence-case: /m],
    ['bench', ['--only', 'size', '--no-baseline', '--runs', '1'], 0, /scripts\/lint\/contract/],
    // Refused before anything is read: the traffic named relative to where npm was run (INIT_CWD).
    ['learn', ['--traffic', 'no-such.har', '--out', 'learned.yaml'], 1, 'learn: no-such.har: no such file or folder\nlearn: nothing written\n'],
    // The overlay is read before the language's tools are looked for: the same answer with or without them.
    ['sdk', ['--lang', 'python', '--overlay', 'no-such.yaml', '--out', 'sdk-out'], 1, 'sdk: overlay no-such.yaml does not exist\nsdk: sdk-out/ is unchanged\n'],
  ];
  it('one real run of each command that needs no server or input of its own', () => {
    const covered = new Set([...realRuns.map(([script]) => script), 'build', 'check', 'diff', 'mock', 'docs', 'mcp', 'verify']);
    expect(scripts.filter((script) => !covered.has(script))).toEqual([]);
  });
  // One process a command: `--help` through npm for the commands not in realRuns (their real runs
  // are other files', or need a server); the others' real run (below).
  const realHere = new Set(realRuns.map(([script]) => script));
  it.each(scripts.filter((script) => !realHere.has(script)))('npm run %s -- --help prints the same text as in process, exit 0', async (script) => {
    const [spawned, inProcess] = await Promise.all([npmRun(clone.dir, script, ['--help']), runCommand(script, ['--help'], { root: clone.dir })]);
    expect(spawned.code, spawned.output).toBe(0);
    expect(spawned.stderr).toBe('');
    expect(spawned.stdout).toBe(inProcess.stdout);
  });
  it.each(realRuns)('npm run %s (a real run): its exit code and what it says', { timeout: 300_000 }, async (script, args, code, says) => {
    const result = await npmRun(clone.dir, script, args);
    expect(result.code, result.output).toBe(code);
    if (typeof says === 'string') expect(result.output).toContain(says);
    else expect(result.output).toMatch(says);
  });

  it('npm run verify --base-url <url>, without --: says that npm took --base-url as its own, exit 2', async () => {
    const result = await run('npm', ['run', '-s', 'verify', '--base-url', 'http://127.0.0.1:9'], clone.dir);
    expect(result.code, result.output).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("npm took --base-url as its own: put -- before the command's options, `npm run verify -- --base-url ...`");
  });
});
