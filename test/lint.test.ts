// Both linters, as real CLI runs and through `npm run lint`, report nothing on the source and
// on the bundle.
import nodeFs from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';
import spectralRuntime from '@stoplight/spectral-runtime';
import { describe, expect, it } from 'vitest';
import { spectralRulesetFile } from '../scripts/project.ts';
import { loadRuleset } from '../scripts/spectral-ruleset.ts';
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

// scripts/spectral-ruleset.js reads .spectral.yaml itself instead of through Spectral's own loader
// (which costs 0.4 s of rollup per lint); both must give Spectral the same ruleset.
describe('the Spectral ruleset loader', () => {
  const loadWithSpectral = (file: string) => bundleAndLoadRuleset(file, { fs: nodeFs, fetch: spectralRuntime.fetch });
  const rulesOf = (ruleset: Awaited<ReturnType<typeof loadRuleset>>) =>
    Object.fromEntries(Object.entries(ruleset.rules).map(([name, rule]) => [name, { enabled: rule.enabled, severity: rule.severity, given: rule.given }]));
  const findings = async (ruleset: Awaited<ReturnType<typeof loadRuleset>>, text: string) => {
    const spectral = new spectralCore.Spectral();
    spectral.setRuleset(ruleset);
    const results = await spectral.run(new spectralCore.Document(text, spectralParsers.Json, 'openapi.json'));
    return results.map((r) => `${r.code} ${r.severity} ${r.path.join('.')} ${r.message}`).sort();
  };

  it('gives the same rules, and the same findings on a broken bundle, as Spectral\'s own loader', async () => {
    const [direct, spectralOwn] = await Promise.all([loadRuleset(spectralRulesetFile), loadWithSpectral(spectralRulesetFile)]);
    expect(Object.keys(direct.rules).length).toBeGreaterThan(50);
    expect(rulesOf(direct)).toEqual(rulesOf(spectralOwn));

    const bundle = JSON.parse(await fs.readFile(path.join(root, 'generated', 'openapi.json'), 'utf8'));
    const operation = bundle.paths['/v1/webhooks'].get;
    operation.summary = 'List Webhooks.'; // house-summary-sentence-case
    operation.operationId = 'fetchWebhooks'; // house-operation-id-verb-noun
    operation.tags = ['Webhooks', 'Spare']; // house-exactly-one-tag, operation-tag-defined
    delete bundle.info.description; // info-description (spectral:oas)
    bundle.webhooks = {}; // house-no-webhooks
    const text = JSON.stringify(bundle, null, 2);
    const found = await findings(direct, text);
    for (const code of ['house-summary-sentence-case', 'house-operation-id-verb-noun', 'house-exactly-one-tag', 'operation-tag-defined', 'info-description', 'house-no-webhooks']) {
      expect(found.some((line) => line.startsWith(`${code} `)), `${code} in:\n${found.join('\n')}`).toBe(true);
    }
    expect(found).toEqual(await findings(spectralOwn, text));
  });

  /** Writes `text` to a .spectral.yaml in a fresh temporary folder, runs `use` on it, removes the folder. */
  async function withRulesetFile(text: string, use: (file: string) => Promise<void>): Promise<void> {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'email-delivery-ruleset-'));
    try {
      const file = path.join(dir, '.spectral.yaml');
      await fs.writeFile(file, text);
      await use(file);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  it('hands a ruleset that extends a file to Spectral\'s own loader', async () => {
    await withRulesetFile(`extends:\n  - ${JSON.stringify(spectralRulesetFile)}\nrules:\n  info-description: off\n`, async (file) => {
      const ruleset = await loadRuleset(file);
      expect(ruleset.rules['house-no-webhooks']?.enabled).toBe(true);
      expect(ruleset.rules['info-description']?.enabled).toBe(false);
    });
  });

  it.each([
    ['an invalid severity', 'rules:\n  house-rule:\n    severity: fatal\n    given: $\n    then: { function: truthy }\n', /rules\.house-rule\.severity: the value has to be one of/],
    ['an unknown function (through Spectral\'s own loader)', 'rules:\n  house-rule:\n    given: $\n    then: { function: falsey }\n', /rules\.house-rule\.then\.function: Function is not defined/],
  ])('names the file and the rule of %s', async (_name, text, expected) => {
    await withRulesetFile(text, async (file) => {
      const error = await loadRuleset(file).then(
        () => undefined,
        (reason: Error) => reason,
      );
      expect(error?.message).toContain(`${file}: invalid Spectral ruleset:`);
      expect(error?.message).toMatch(expected);
    });
  });

  it('names the file, line and column of a YAML syntax error', async () => {
    await withRulesetFile('extends: [spectral:oas\nrules: {}\n', async (file) => {
      await expect(loadRuleset(file)).rejects.toThrow(new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: YAML syntax error`));
    });
  });
});
