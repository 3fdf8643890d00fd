// `npm run install:languages` as a person learns it: `--help` prints its usage and exits 0 without
// installing anything; an unknown option or language is one line, exit 2, pointing at --help; and a
// second run at once waits for the first, saying so (the language it is asked for is missing here,
// so that nothing is installed).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { run } from '../support/run-command.ts';
import { withScratchFolder } from '../support/scratch-folder.ts';

const installLanguages = (...args: string[]) => run('bash', ['.ci/install-languages', ...args], root);

describe('npm run install:languages', () => {
  it.each(['--help', '-h'])('%s: its usage, exit 0, nothing installed', async (flag) => {
    const result = await installLanguages(flag);
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toMatch(/^usage: npm run install:languages \[-- java\] \[python\] \[go\] \[php\] \[ruby\]\n/);
    expect(result.stdout).toMatch(/\nexit codes:\n {2}0 .*\n {2}1 .*\n {2}2 .*\n$/);
    expect(result.stderr).toBe('');
  });

  it.each([
    [['--bogus'], "install-languages: unknown option '--bogus': see `npm run install:languages -- --help`\n"],
    [['rust'], "install-languages: unknown language 'rust' (java, python, go, php, ruby): see `npm run install:languages -- --help`\n"],
  ])('%j: one line, exit 2', async (args, line) => {
    const result = await installLanguages(...args);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(line);
  });

  // Found by the fifth security review: two runs at once, one removed the venv the other was installing into.
  it('waits, saying so, while another run holds the cache, and goes on once it ends', () =>
    withScratchFolder('install-lock', async (tools) => {
      const lock = path.join(tools, 'install-languages.lock');
      // Another run, as the script holds the lock: a descriptor of the lock file, until its stdin ends.
      const holder = spawn('bash', ['-c', 'exec 9>>"$1"; flock 9; echo held; read -r _', 'holder', lock], { stdio: ['pipe', 'pipe', 'inherit'] });
      await new Promise((resolve) => holder.stdout.once('data', resolve));
      let second: ReturnType<typeof spawn> | undefined;
      try {
        // Go left off PATH: the run skips it, naming it, once it has the lock; nothing is installed.
        const withoutGo = (process.env.PATH ?? '').split(path.delimiter).filter((dir) => !fs.existsSync(path.join(dir, 'go')));
        second = spawn('bash', ['.ci/install-languages', 'go'], {
          cwd: root,
          env: { ...process.env, PATH: withoutGo.join(path.delimiter), EMAIL_DELIVERY_TOOLS: tools, CI: '' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        second.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        second.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const ended = new Promise<number | null>((resolve) => second!.on('close', resolve));
        const waiting = `install-languages: another install:languages run is using ${tools} (it holds ${lock}); waiting for it to end\n`;
        await expect.poll(() => output, { timeout: 10_000 }).toBe(waiting);
        // Still waiting a while later: nothing past the lock ran.
        await new Promise((resolve) => setTimeout(resolve, 500));
        expect(output).toBe(waiting);
        holder.stdin.end();
        expect(await ended).toBe(0);
        expect(output).toBe(
          `${waiting}install-languages: the other run ended; going on\ninstall-languages: missing: Go (go); the languages tier skips what needs them\ninstall-languages: ready in ${tools}\n`,
        );
      } finally {
        // Neither process outlives the test, whatever failed.
        holder.kill();
        second?.kill();
      }
    }));
});
