// `npm run bench`'s --sdk refused before anything is measured: a language the bench has no program
// for, or --sdk where the run has no sdk section (each exit 2, one line, nothing on stdout).
import { expect, it } from 'vitest';
import { runCommand } from '../support/run-command.ts';

it('refuses an --sdk language the bench has none of, naming the ones it has', async () => {
  const result = await runCommand('bench', ['--only', 'sdk', '--sdk', 'typescript,rust']);
  expect([result.code, result.stdout]).toEqual([2, '']);
  expect(result.stderr).toBe('bench: --sdk "rust": give one or more of typescript, python, go, java, php, ruby: see `npm run bench -- --help`\n');
});

it('refuses --sdk where --only leaves the sdk section out', async () => {
  const result = await runCommand('bench', ['--only', 'size', '--sdk', 'php']);
  expect([result.code, result.stdout]).toEqual([2, '']);
  expect(result.stderr).toBe('bench: --sdk picks the languages of the sdk section, which this run does not have: add `--only sdk`\n');
});
