// Every npm script of scripts/cli/ as a person learns it from the terminal: `--help` (usage,
// options, an example, exit codes, from the command's one definition), and bad usage: an unknown
// option, a missing value, a value of the wrong kind, each exit 2 with one line naming the option and
// pointing at `--help`, nothing printed on stdout and nothing written (generated/ unchanged); a
// value that starts with a dash gets Node's hint on lines of their own.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fingerprint, root } from '../support/helpers.ts';
import { runScript } from '../support/run-command.ts';

/** Each entry's npm script, from package.json: every script that runs a file of scripts/cli/. */
const scripts = Object.entries(JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts as Record<string, string>)
  .filter(([, command]) => /^node scripts\/cli\/[\w-]+\.ts$/.test(command))
  .map(([name]) => name);

/** A value of the wrong kind, per command that takes a value. */
const wrongKind: Record<string, [args: string[], line: string]> = {
  lint: [['--format', 'xml'], 'lint: --format "xml": give one of stylish, github-actions'],
  diff: [['--format', 'xml'], 'diff: --format "xml": give one of text, markdown'],
  docs: [['--port', 'eighty'], 'docs: --port "eighty": give a whole number from 0 to 65535'],
  mock: [['--port', '0'], 'mock: --port "0": give a whole number from 1 to 65535'],
  bench: [['--runs', '1.5'], 'bench: --runs "1.5": give a whole number from 1 to 100'],
  release: [['--bump', 'huge'], 'release: --bump "huge": give one of major, minor, patch'],
  verify: [['--base-url', 'http://127.0.0.1:9', '--max-body-bytes', '1e3'], 'verify: --max-body-bytes "1e3": give a whole number from 1024 to 1073741824'],
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
};

describe.each(scripts)('npm run %s', (script) => {
  it('--help: usage, options, an example and exit codes, exit 0', async () => {
    const result = await runScript(root, script, ['--help']);
    expect(result.code, result.output).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(new RegExp(`^usage: npm run ${script}( -- .*)?\\n\\n`));
    expect(result.stdout).toMatch(/\noptions:\n(.*\n)*? {2}--help, -h +this text\n/);
    expect(result.stdout).toMatch(new RegExp(`\\nexamples?:\\n {2}npm run ${script}`));
    expect(result.stdout).toMatch(/\nexit codes:\n {2}0 +.+\n(.*\n)* {2}2 +.+\n$/);
  });

  it('an unknown option, a missing value, a value of the wrong kind: one line, exit 2, nothing written', async () => {
    const before = await fingerprint(path.join(root, 'generated'));
    const cases: [string[], string][] = [[['--no-such-option'], `${script}: Unknown option '--no-such-option'`]];
    if (missingValue[script]) cases.push([[missingValue[script]], `${script}: Option '${missingValue[script]} <value>' argument missing`]);
    if (wrongKind[script]) cases.push(wrongKind[script]);
    for (const [args, line] of cases) {
      const result = await runScript(root, script, args);
      expect(result.code, `${args.join(' ')}: ${result.output}`).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toBe(`${line}: see \`npm run ${script} -- --help\`\n`);
    }
    expect(await fingerprint(path.join(root, 'generated'))).toEqual(before);
  });

  // Only the commands with an option that takes a value: defined, not skipped, for the others.
  if (missingValue[script])
    it("a value that starts with a dash: Node's hint as lines, not escaped line breaks, exit 2", async () => {
      const option = missingValue[script];
      const result = await runScript(root, script, [option, '-1']);
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

it('covers every entry of scripts/cli/', () => {
  const entries = fs.readdirSync(path.join(root, 'scripts', 'cli')).filter((file) => file.endsWith('.ts') && file !== 'start.ts');
  expect(scripts.map((name) => `${name}.ts`).sort()).toEqual(entries.sort());
});
