// Bad input, each on a temporary copy: `npm run build` exits non-zero with a message naming the
// file (and line where the tool gives one), and leaves generated/ byte for byte as it was.
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

interface BadInput {
  name: string;
  apply(repo: string): Promise<void>;
  /** What the failure output must contain: the file, and the line where the tool gives one. */
  expected: RegExp[];
}

const badInputs: BadInput[] = [
  {
    name: 'a YAML syntax error in a path file',
    apply: (repo) => edit(repo, 'openapi/paths/v1_webhooks.yaml', '  summary: List webhooks', '  summary: [List webhooks'),
    expected: [/openapi\/paths\/v1_webhooks\.yaml/, /5:3/, /indentation|flow collection|YAML/i],
  },
  {
    name: 'a YAML syntax error in the root file',
    apply: (repo) => edit(repo, 'openapi/openapi.yaml', '  title: Email', '  title: [Email'),
    expected: [/openapi\/openapi\.yaml:4:3: YAML syntax error/],
  },
  {
    name: 'a YAML syntax error in the Spectral ruleset',
    apply: (repo) => edit(repo, '.spectral.yaml', '  - - spectral:oas', '  - [spectral:oas'),
    expected: [/\.spectral\.yaml:\d+:\d+: YAML syntax error/],
  },
  {
    name: 'a dangling $ref',
    apply: (repo) => edit(repo, 'openapi/paths/v1_webhooks.yaml', 'ListWebhooksResponse.yaml', 'NoSuchSchema.yaml'),
    expected: [/openapi\/paths\/v1_webhooks\.yaml/, /\d+:\d+\s+error\s+no-unresolved-refs/, /NoSuchSchema\.yaml/],
  },
  {
    name: 'a duplicate operationId',
    apply: (repo) => edit(repo, 'openapi/paths/v1_webhooks.yaml', 'operationId: listWebhooks', 'operationId: listQuotas'),
    expected: [/openapi\/paths\/v1_(webhooks|quotas)\.yaml/, /\d+:\d+\s+error\s+operation-operationId-unique/],
  },
  {
    name: 'a summary in the wrong case',
    apply: (repo) => edit(repo, 'openapi/paths/v1_webhooks.yaml', 'summary: List webhooks', 'summary: List Webhooks'),
    expected: [/openapi\/paths\/v1_webhooks\.yaml/, /4:12\s+error\s+rule\/summary-sentence-case/],
  },
  {
    name: 'a path without its version prefix',
    apply: (repo) => edit(repo, 'openapi/openapi.yaml', '  /v1/webhooks:', '  /webhooks:'),
    expected: [/openapi\/openapi\.yaml/, /\d+:\d+\s+error\s+rule\/path-version-prefix/],
  },
];

describe('bad input', () => {
  it.each(badInputs)('$name: build fails, names the file, leaves generated/ untouched', async (bad) => {
    const generated = path.join(repo, 'generated');
    const before = await fingerprint(generated);
    await bad.apply(repo);
    const result = await runScript(repo, 'build');
    expect(result.code).not.toBe(0);
    for (const pattern of bad.expected) expect(result.output).toMatch(pattern);
    expect(result.stderr).toMatch(/build: step 'lint' failed/);
    expect(result.stderr).toMatch(/generated\/ is unchanged/);
    expect(await fingerprint(generated)).toEqual(before);
    const leftovers = (await fs.readdir(repo)).filter((name) => name.startsWith('.generated-staging-'));
    expect(leftovers).toEqual([]);
  });

  it('a clean copy builds (the failures above come from the edits alone)', async () => {
    const result = await runScript(repo, 'build');
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toMatch(/✓ lint/);
    expect(result.stdout).toMatch(/✓ bundle/);
  });
});
