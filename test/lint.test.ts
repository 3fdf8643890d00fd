// Both linters, as real CLI runs and through `npm run lint`, report nothing on the source and
// on the bundle.
import { describe, expect, it } from 'vitest';
import { bin, copyRepo, edit, removeRepo, root, run, runScript } from './helpers.ts';

const quiet = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

describe('lint', () => {
  it('npm run lint reports zero problems', async () => {
    const result = await runScript(root, 'lint');
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toMatch(/lint: 0 problems/);
  });

  it('npm run lint -- --format github-actions prints no annotation on a clean tree', async () => {
    const result = await runScript(root, 'lint', ['--format', 'github-actions']);
    expect(result.code, result.output).toBe(0);
    expect(result.output).not.toMatch(/^::(error|warning)/m);
  });

  it('--format github-actions makes both linters annotate a problem, with file and line', async () => {
    const repo = await copyRepo();
    try {
      await edit(repo, 'openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: List Webhooks');
      const result = await runScript(repo, 'lint', ['--format', 'github-actions']);
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^::error title=rule\/summary-sentence-case,file=openapi\/paths\/v1_webhooks\.yaml,line=4,col=12/m);
      expect(result.stdout).toMatch(/^::error title=house-summary-sentence-case,file=generated\/openapi\.json,.*line=\d+/m);
      expect(result.stderr).toMatch(/Redocly found 1 problem\(s\) in the source .*; Spectral found 1 problem\(s\) in the bundle/);
    } finally {
      await removeRepo(repo);
    }
  });

  it('npm run lint refuses an unknown format', async () => {
    const result = await runScript(root, 'lint', ['--format', 'xml']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown --format 'xml'/);
  });

  it('the Redocly CLI passes the source with the source rules', async () => {
    const result = await run(bin('redocly'), ['lint', 'source'], root, quiet);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Your API description is valid/);
    expect(result.output).not.toMatch(/You have \d+ warnings?/);
  });

  it('the Redocly CLI passes the bundle', async () => {
    const result = await run(bin('redocly'), ['lint', 'generated/openapi.json'], root, quiet);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toMatch(/Your API description is valid/);
    expect(result.output).not.toMatch(/You have \d+ warnings?/);
  });

  it('the Spectral CLI passes the bundle (both serialisations) with no finding at any severity', async () => {
    for (const file of ['generated/openapi.json', 'generated/openapi.yaml']) {
      const result = await run(bin('spectral'), ['lint', file, '--ruleset', '.spectral.yaml', '--fail-severity', 'hint'], root);
      expect(result.code, result.output).toBe(0);
      expect(result.output).toMatch(/No results with a severity of 'hint' or higher found/);
    }
  });
});
