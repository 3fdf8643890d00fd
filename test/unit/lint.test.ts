// The lint, in this process: Redocly and Spectral find nothing in the checkout; a problem comes
// back as a line naming the file, line and column; Spectral's ruleset loader gives what Spectral's
// own loader gives. (The commands and the linters' own CLIs are in the end-to-end tier.)
import nodeFs from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import spectralCore from '@stoplight/spectral-core';
import spectralParsers from '@stoplight/spectral-parsers';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';
import spectralRuntime from '@stoplight/spectral-runtime';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintDescription, type LintOptions } from '../../scripts/lint/lint-description.ts';
import { LintFailure, problemLines } from '../../scripts/lint/lint-problems.ts';
import { loadRuleset } from '../../scripts/lint/spectral-ruleset.ts';
import { openProject, type Project } from '../../scripts/project.ts';
import { checkout, checkoutLinters, loadBundle } from '../support/helpers.ts';
import { withScratchFolder } from '../support/scratch-folder.ts';

// The checkout's linters, loaded once per worker (helpers.ts): Spectral in this thread and
// Redocly's config. The worker thread the commands use is started below, as the commands start it.
let linters: Required<LintOptions>;
beforeAll(async () => {
  linters = await checkoutLinters();
});

/**
 * A project in `dir` with a description as small as one can be, linted with the checkout's Redocly
 * config and the ruleset `dir`/.spectral.yaml: for the tests of what the worker reads, where the
 * checkout's description would only add a lint of its own (Redocly's, with the contract's rules).
 */
async function tinyProject(dir: string): Promise<Project> {
  await fs.mkdir(path.join(dir, 'openapi'));
  await fs.writeFile(path.join(dir, 'openapi', 'openapi.yaml'), "openapi: 3.1.0\ninfo:\n  title: Tiny\n  version: '1'\npaths: {}\n");
  return openProject(dir);
}

describe('lint', () => {
  it('finds nothing in the checkout, and returns the bundle it linted', async () => {
    const result = await lintDescription(checkout, linters);
    expect(problemLines(checkout, result)).toEqual([]);
    expect(result.bundleJson).toBe(await fs.readFile(path.join(checkout.outputDir, 'openapi.json'), 'utf8'));
  });

  it('in a worker thread, a ruleset that does not load fails the lint with its own message', async () => {
    await withScratchFolder('worker', async (dir) => {
      await fs.writeFile(path.join(dir, '.spectral.yaml'), 'extends:\n  - https://rulesets.example/oas.yaml\n');
      const project = await tinyProject(dir);
      await expect(lintDescription(project, { redoclyConfig: linters.redoclyConfig })).rejects.toThrow(
        /^\.spectral\.yaml:2:5: extends: "https:\/\/rulesets\.example\/oas\.yaml" is a URL/,
      );
    });
  });

  it("in the process's one worker, each lint reads its ruleset afresh: a rule switched off between two lints is off", async () => {
    await withScratchFolder('worker-again', async (dir) => {
      const project = await tinyProject(dir);
      const options = { redoclyConfig: linters.redoclyConfig };
      const rules = (result: Awaited<ReturnType<typeof lintDescription>>) => [...new Set(result.spectral.map((d) => d.code))].sort();
      await fs.writeFile(project.spectralRuleset, 'extends:\n  - - spectral:oas\n    - all\n');
      const first = await lintDescription(project, options);
      expect(rules(first)).toContain('info-contact');
      await fs.writeFile(project.spectralRuleset, 'extends:\n  - - spectral:oas\n    - all\nrules:\n  info-contact: off\n');
      const [second, third] = await Promise.all([lintDescription(project, options), lintDescription(project, options)]);
      expect(rules(second)).toEqual(rules(first).filter((rule) => rule !== 'info-contact'));
      expect(rules(third)).toEqual(rules(second));
    });
  });

  it('in a worker thread (as the commands run it) it finds nothing either', async () => {
    const result = await lintDescription(checkout);
    expect(problemLines(checkout, result)).toEqual([]);
  });

  it("lints text held in memory in place of a source file (the mutation runner's overlay)", async () => {
    const file = path.join(path.dirname(checkout.sourceEntry), 'paths', 'v1_webhooks.yaml');
    const text = (await fs.readFile(file, 'utf8')).replace('summary: List webhooks', 'summary: List Webhooks');
    const result = await lintDescription(openProject(checkout.root, new Map([[file, text]])), linters);
    expect(problemLines(checkout, result)).toEqual([
      'openapi/paths/v1_webhooks.yaml:4:12 error rule/summary-sentence-case: Summary must be in sentence case (capitalised first word only, acronyms allowed).',
    ]);
    const failure = new LintFailure(checkout, result);
    expect(failure.message).toBe(
      'Redocly found 1 problem(s) in the source (openapi/openapi.yaml and the files it references):\n  openapi/paths/v1_webhooks.yaml:4:12 error rule/summary-sentence-case: Summary must be in sentence case (capitalised first word only, acronyms allowed).',
    );
  });

  it('escapes control characters from the source before they reach a terminal or an annotation', async () => {
    const file = path.join(path.dirname(checkout.sourceEntry), 'paths', 'v1_quotas.yaml');
    const text = (await fs.readFile(file, 'utf8')).replace('  responses:', '  "x-\\e[2J\\e]0;owned\\a": 1\n  responses:');
    const result = await lintDescription(openProject(checkout.root, new Map([[file, text]])), linters);
    const lines = problemLines(checkout, result);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('x-\\u001b[2J\\u001b]0;owned\\u0007');
    for (const line of lines) expect(line).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f]/); // eslint-disable-line no-control-regex -- what must not be there
    const { printLint } = await import('../../scripts/lint/print-lint.ts');
    const printed: string[] = [];
    await printLint(checkout, result, 'github-actions', (text) => printed.push(text));
    expect(printed.join('')).toContain('faithful/closed-world');
    expect(printed.join('')).not.toMatch(/\u001b/); // eslint-disable-line no-control-regex -- what must not be there
  });

  it("names Spectral's findings by the bundle's file, line and column", async () => {
    const withoutContact = (await fs.readFile(checkout.sourceEntry, 'utf8')).replace(/ {2}description: \|\n(?: {4}.*\n|\n)+?(?= {2}version)/, '');
    const result = await lintDescription(openProject(checkout.root, new Map([[checkout.sourceEntry, withoutContact]])), linters);
    expect(problemLines(checkout, result)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^generated\/openapi\.json:\d+:\d+ \w+ info-description: .* \(at info\)$/)]),
    );
  });
});

// scripts/lint/spectral-ruleset.ts reads .spectral.yaml itself instead of through Spectral's own loader
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

  it("gives the same rules, and the same findings on a broken bundle, as Spectral's own loader", async () => {
    const [direct, spectralOwn] = await Promise.all([loadRuleset(checkout, checkout.spectralRuleset), loadWithSpectral(checkout.spectralRuleset)]);
    expect(Object.keys(direct.rules).length).toBeGreaterThan(50);
    expect(rulesOf(direct)).toEqual(rulesOf(spectralOwn));

    const bundle = await loadBundle();
    const operation = bundle.paths['/v1/webhooks'].get;
    operation.tags = ['Webhooks', 'Spare']; // operation-tag-defined
    delete operation.description; // operation-description
    delete bundle.info.description; // info-description
    bundle.paths['/v1/webhooks'].get.operationId = 'listQuotas'; // operation-operationId-unique
    bundle.paths['/v1/scopes'].get.responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/Nothing' }; // invalid-ref
    const text = JSON.stringify(bundle, null, 2);
    const found = await findings(direct, text);
    for (const code of ['operation-tag-defined', 'operation-description', 'info-description', 'operation-operationId-unique', 'invalid-ref']) {
      expect(
        found.some((line) => line.startsWith(`${code} `)),
        `${code} in:\n${found.join('\n')}`,
      ).toBe(true);
    }
    expect(found).toEqual(await findings(spectralOwn, text));
  });

  /**
   * Writes `text` to a .spectral.yaml in a fresh temporary folder (a project of its own, with the
   * checkout's ruleset beside it as base.yaml), runs `use` on it, removes the folder.
   */
  async function withRulesetFile(text: string, use: (file: string, project: { root: string }) => Promise<void>): Promise<void> {
    await withScratchFolder('ruleset', async (dir) => {
      const file = path.join(dir, '.spectral.yaml');
      await fs.writeFile(file, text);
      await fs.copyFile(checkout.spectralRuleset, path.join(dir, 'base.yaml'));
      await use(file, { root: dir });
    });
  }

  it("hands a ruleset that extends a file to Spectral's own loader", async () => {
    await withRulesetFile(`extends:\n  - ./base.yaml\nrules:\n  info-description: off\n`, async (file, project) => {
      const ruleset = await loadRuleset(project, file);
      expect(ruleset.rules['operation-tag-defined']?.enabled).toBe(true);
      expect(ruleset.rules['openapi-tags-alphabetical']?.enabled).toBe(false);
      expect(ruleset.rules['info-description']?.enabled).toBe(false);
    });
  });

  it.each([
    [
      'an invalid severity',
      'rules:\n  house-rule:\n    severity: fatal\n    given: $\n    then: { function: truthy }\n',
      /rules\.house-rule\.severity: the value has to be one of/,
    ],
    [
      "an unknown function (through Spectral's own loader)",
      'rules:\n  house-rule:\n    given: $\n    then: { function: falsey }\n',
      /rules\.house-rule\.then\.function: Function is not defined/,
    ],
  ])('names the file and the rule of %s', async (_name, text, expected) => {
    await withRulesetFile(text, async (file, project) => {
      const error = await loadRuleset(project, file).then(
        () => undefined,
        (reason: Error) => reason,
      );
      expect(error?.message).toContain('.spectral.yaml: invalid Spectral ruleset:');
      expect(error?.message).toMatch(expected);
    });
  });

  it('names the file, line and column of a YAML syntax error', async () => {
    await withRulesetFile('extends: [spectral:oas\nrules: {}\n', async (file, project) => {
      await expect(loadRuleset(project, file)).rejects.toThrow(/^\.spectral\.yaml:\d+:\d+: YAML syntax error/);
    });
  });
});
