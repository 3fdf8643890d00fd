// The build commands, `lint`, `build` and `check`, called in this process on one clone of the
// fixture's repository: their exit codes and messages on bad input, generated/ left as it was; and
// a build killed half-way, a real process group killed, then the build and the check as processes
// through npm (their one real run each; lint's is in commands-help.test.ts). Edits to the clone are
// undone after each test. (The other commands: commands-release.test.ts.)
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clonePerFile } from '../support/fixture.ts';
import { fingerprint } from '../support/helpers.ts';
import { npmRun } from '../support/run-command.ts';

const clone = clonePerFile('commands-build');
const { change, command } = clone;

describe('lint', () => {
  it("exits 1 with the three linters' problems as pull-request annotations, with file and line", async () => {
    await change('openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: List Webhooks');
    await change('openapi/openapi.yaml', / {2}description: \|\n(?: {4}.*\n|\n)+?(?= {2}version)/, '');
    const result = await command('lint', ['--format', 'github-actions']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/^::error title=rule\/summary-sentence-case,file=openapi\/paths\/v1_webhooks\.yaml,line=4,col=12/m);
    expect(result.stdout).toMatch(/^::(error|warning) title=info-description,file=generated\/openapi\.json,.*line=\d+/m);
    expect(result.stdout).toMatch(/^::error file=openapi\/openapi\.yaml,line=\d+,col=\d+,title=faithful\/overview::the overview names the part/m);
    expect(result.stderr).toMatch(
      /^lint: Redocly found \d+ problem\(s\) in the source .*; Spectral found \d+ problem\(s\) in the bundle \(generated\/openapi\.json, as `npm run build` writes it from openapi\/\); the faithfulness contract found \d+ problem\(s\) \(docs\/faithfulness\.md\)$/m,
    );
  });

  it("exits 1 with the faithfulness contract's problems on their source lines, as annotations and as a report", async () => {
    await change('openapi/paths/v1_webhooks.yaml', 'description: OK', 'description: Fine');
    await change('openapi/paths/v1_batches_id_send.yaml', '    Sends one batch.', '    Needs the mail.send scope. Sends one batch.');
    const annotations = await command('lint', ['--format', 'github-actions']);
    expect(annotations.code).toBe(1);
    expect(annotations.stdout).toMatch(
      /^::error file=openapi\/paths\/v1_webhooks\.yaml,line=13,col=7,title=faithful\/success-response::the success label of #27: expected "OK", found "Fine"/m,
    );
    expect(annotations.stdout).toContain(
      '::error file=openapi/paths/v1_batches_id_send.yaml,line=6,col=5,title=faithful/prose::"Needs the mail.send scope." uses "Needs", "mail", "scope": a lead names only what #13\'s row does (its verb, the words of its path, operationId and area): take the word out; what is open is said by the wording after the lead\n',
    );
    expect(annotations.stderr).toMatch(/^lint: the faithfulness contract found \d+ problem\(s\) \(docs\/faithfulness\.md\)$/m);
    const report = await command('lint');
    expect(report.code).toBe(1);
    expect(report.stdout).toMatch(/^openapi\/paths\/v1_batches_id_send\.yaml\n {2}6:5 {2}error {2}faithful\/prose {2}"Needs the mail\.send scope\."/m);
  });
});

describe('build and check', () => {
  it('build exits 1 on bad input, naming the file and line, and leaves generated/ as it was', async () => {
    const before = await fingerprint(path.join(clone.dir, 'generated'));
    await change('openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: List Webhooks');
    const result = await command('build');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^build: step 'lint' failed: Redocly found 1 problem\(s\) in the source \(openapi\/openapi\.yaml and the files it references\):\n {2}openapi\/paths\/v1_webhooks\.yaml:4:12 error rule\/summary-sentence-case: /,
    );
    expect(result.stderr.trim().split('\n').at(-1)).toBe('build: generated/ is unchanged');
    expect(await fingerprint(path.join(clone.dir, 'generated'))).toEqual(before);
  });

  it('check exits 1 after a source edit, naming each drifted file', async () => {
    await change('openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: Fetch the webhooks');
    const result = await command('check');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^check: generated\/ is out of step with openapi\/ \(run `npm run build` and commit the result\):\n {2}differs: generated\/client\.ts\n/,
    );
    expect(result.stderr).toMatch(/^ {2}differs: generated\/openapi\.json$/m);
  });

  it('a build killed half-way leaves generated/ as it was; the next build removes its leftovers, exits 0 with a line per step, and check finds generated/ in step', async () => {
    const before = await fingerprint(path.join(clone.dir, 'generated'));
    const staging = async () => (await fs.readdir(clone.dir)).filter((name) => name.startsWith('.generated-staging-'));
    // A real process, in its own process group: the docs step runs Redocly in a child process, and all must die.
    const child = spawn(process.execPath, ['scripts/cli/main.ts', 'build'], { cwd: clone.dir, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('✓ lint')) resolve();
      });
    });
    process.kill(-(child.pid ?? 0), 'SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 300)); // let the group's other processes die
    expect((await staging()).length).toBe(1);
    expect(await fingerprint(path.join(clone.dir, 'generated'))).toEqual(before);
    const next = await npmRun(clone.dir, 'build');
    expect(next.code, next.output).toBe(0);
    for (const step of ['lint', 'bundle', 'variants', 'types', 'client', 'docs']) expect(next.stdout).toMatch(new RegExp(`^  ✓ ${step} +\\d+\\.\\d+ s$`, 'm'));
    expect(await staging()).toEqual([]);
    // The clone started without the rendered docs (generated/docs/ is not committed); the build adds them.
    const rebuilt = await fingerprint(path.join(clone.dir, 'generated'));
    expect(rebuilt['docs/index.html']).toBeDefined();
    expect(rebuilt['docs/interface-document.html']).toBeDefined();
    expect(Object.fromEntries(Object.entries(rebuilt).filter(([file]) => !file.startsWith('docs/')))).toEqual(before);
    const check = await npmRun(clone.dir, 'check');
    expect(check.code, check.output).toBe(0);
    expect(check.stdout).toBe('check: generated/ matches what openapi/ builds\n');
  });
});
