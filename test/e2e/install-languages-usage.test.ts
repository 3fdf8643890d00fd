// `npm run install:languages` as a person learns it: `--help` prints its usage and exits 0 without
// installing anything; an unknown option or language is one line, exit 2, pointing at --help.
import { describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { run } from '../support/run-command.ts';

const installLanguages = (...args: string[]) => run('bash', ['.ci/install-languages', ...args], root);

describe('npm run install:languages', () => {
  it.each(['--help', '-h'])('%s: its usage, exit 0, nothing installed', async (flag) => {
    const result = await installLanguages(flag);
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toMatch(/^usage: npm run install:languages \[-- java\] \[python\] \[go\] \[ruby\]\n/);
    expect(result.stdout).toMatch(/\nexit codes:\n {2}0 .*\n {2}1 .*\n {2}2 .*\n$/);
    expect(result.stderr).toBe('');
  });

  it.each([
    [['--bogus'], "install-languages: unknown option '--bogus': see `npm run install:languages -- --help`\n"],
    [['rust'], "install-languages: unknown language 'rust' (java, python, go, ruby): see `npm run install:languages -- --help`\n"],
  ])('%j: one line, exit 2', async (args, line) => {
    const result = await installLanguages(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(line);
  });
});
