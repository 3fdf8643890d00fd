// `npm run check` passes on a clean tree and fails, naming the file, when the source changed
// without a rebuild; it never writes generated/.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs/promises';
import path from 'node:path';
import { copyRepo, edit, fingerprint, removeRepo, runScript } from './helpers.ts';

let repo: string;
beforeEach(async () => {
  repo = await copyRepo();
});
afterEach(async () => {
  await removeRepo(repo);
});

describe('drift check', () => {
  it('passes on a clean tree', async () => {
    const result = await runScript(repo, 'check');
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toMatch(/generated\/ matches/);
  });

  it('fails after a source edit without a rebuild, naming each drifted file, and leaves generated/ alone', async () => {
    await edit(repo, 'openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: List all webhooks');
    const before = await fingerprint(path.join(repo, 'generated'));
    const result = await runScript(repo, 'check');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/differs: generated\/openapi\.json/);
    expect(result.stderr).toMatch(/differs: generated\/openapi\.yaml/);
    expect(await fingerprint(path.join(repo, 'generated'))).toEqual(before);
  });

  it('fails on a hand edit of a generated file and on a stray file', async () => {
    await fs.appendFile(path.join(repo, 'generated', 'openapi.yaml'), '# edited by hand\n');
    await fs.writeFile(path.join(repo, 'generated', 'stray.txt'), 'not built\n');
    const result = await runScript(repo, 'check');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/differs: generated\/openapi\.yaml/);
    expect(result.stderr).toMatch(/not built from the source: generated\/stray\.txt/);
  });

  it('passes again once the edit is rebuilt', async () => {
    await edit(repo, 'openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: List all webhooks');
    const build = await runScript(repo, 'build');
    expect(build.code, build.output).toBe(0);
    const result = await runScript(repo, 'check');
    expect(result.code, result.output).toBe(0);
  });
});
