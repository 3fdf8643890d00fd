// The breaking-change diff: each kind named on a fixture pair (the bundle and a copy with one
// small change), "no changes" on an unchanged bundle, non-breaking additions let through; and the
// release gate end to end on a temporary git repository.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareBundles, type BreakingKind } from '../scripts/compare.ts';
import { gateProblems } from '../scripts/release-gate.ts';
import { copyRepo, edit, loadBundle, removeRepo, run, runScript, type Json } from './helpers.ts';

const base: Json = await loadBundle();

function changed(change: (document: Json) => void) {
  const head = structuredClone(base);
  change(head);
  return compareBundles(base, head);
}

const breakingPairs: [BreakingKind, string, (document: Json) => void][] = [
  ['operation removed', 'listQuotas', (d) => delete d.paths['/v1/quotas'].get],
  ['operationId renamed', 'listWebhooks', (d) => (d.paths['/v1/webhooks'].get.operationId = 'listAllWebhooks')],
  ['path or path parameter renamed', 'listWebhooks', (d) => {
    d.paths['/v1/hooks'] = d.paths['/v1/webhooks'];
    delete d.paths['/v1/webhooks'];
  }],
  ['path or path parameter renamed', 'deleteWebhook', (d) => {
    d.paths['/v1/webhooks/{webhookId}'] = { ...d.paths['/v1/webhooks/{id}'], parameters: [{ name: 'webhookId', in: 'path', required: true, schema: { type: 'string' } }] };
    delete d.paths['/v1/webhooks/{id}'];
  }],
  ['parameter newly required', 'getApiKey', (d) => (d.components.parameters.OpenQuery.required = true)],
  ['parameter newly required', 'listScopes', (d) => (d.paths['/v1/scopes'].get.parameters = [{ name: 'limit', in: 'query', required: true, schema: { type: 'string' } }])],
  ['request body newly required', 'sendBatch', (d) => (d.paths['/v1/batches/{id}/send'].post.requestBody.required = true)],
  ['success status removed or changed', 'sendBatch', (d) => {
    const responses = d.paths['/v1/batches/{id}/send'].post.responses;
    responses['200'] = responses['201'];
    delete responses['201'];
  }],
  ['media type removed', 'listScopes', (d) => {
    const content = d.paths['/v1/scopes'].get.responses['200'].content;
    content['text/plain'] = content['application/json'];
    delete content['application/json'];
  }],
  ['response schema narrowed', 'getApiKey', (d) => (d.components.schemas.GetApiKeyResponse.additionalProperties = false)],
  ['request schema narrowed', 'sendBatch', (d) => (d.components.schemas.SendBatchRequest.additionalProperties = false)],
];

describe('compareBundles', () => {
  it('says nothing changed on an unchanged bundle', () => {
    expect(compareBundles(base, structuredClone(base))).toEqual({ added: [], removed: [], changed: [], breaking: [] });
  });

  it.each(breakingPairs)('names "%s" for %s', (kind, operationId, change) => {
    const comparison = changed(change);
    expect(comparison.breaking.length).toBeGreaterThan(0);
    expect(comparison.breaking.map((b) => `${b.kind}: ${b.operationId}`)).toContain(`${kind}: ${operationId}`);
  });

  it('lets a new operation through as a non-breaking addition', () => {
    const comparison = changed((d) => {
      d.paths['/v1/quotas'].post = { operationId: 'createQuota', summary: 'Create a quota', tags: ['Quotas'], responses: { '201': { description: 'Created' } } };
    });
    expect(comparison).toMatchObject({ added: ['createQuota'], removed: [], changed: [], breaking: [] });
  });

  it('lets an optional parameter and a description change through, as changes', () => {
    const comparison = changed((d) => {
      d.paths['/v1/scopes'].get.parameters = [{ name: 'limit', in: 'query', required: false, schema: { type: 'string' } }];
      d.paths['/v1/webhooks'].get.description = 'Lists the webhooks, newly worded.';
    });
    expect(comparison).toMatchObject({ added: [], removed: [], changed: ['listScopes', 'listWebhooks'], breaking: [] });
  });
});

describe('release gate rules', () => {
  const breaking = changed((d) => delete d.paths['/v1/quotas'].get);
  const entry = '## [1.0.0] - 2026-12-01\n\n### Removed\n\n- **BREAKING** `listQuotas`\n';

  it('passes what breaks nothing', () => {
    expect(gateProblems(changed(() => {}), '0.1.0', '0.1.0', '')).toEqual([]);
  });

  it('asks for a major bump and a changelog entry marked BREAKING naming the operation', () => {
    const problems = gateProblems(breaking, '0.1.0', '0.2.0', '# Changelog\n');
    expect(problems.join('\n')).toMatch(/must have a new major version/);
    expect(problems.join('\n')).toMatch(/no entry '## \[0\.2\.0\]'/);
    expect(gateProblems(breaking, '0.1.0', '1.0.0', entry.replace('**BREAKING** ', ''))).toEqual([expect.stringMatching(/must be marked BREAKING/)]);
    expect(gateProblems(breaking, '0.1.0', '1.0.0', entry.replace('`listQuotas`', 'quotas'))).toEqual([expect.stringMatching(/must name `listQuotas`/)]);
    expect(gateProblems(breaking, '0.1.0', '1.0.0', entry)).toEqual([]);
  });
});

describe('npm run diff on a git repository', () => {
  let repo: string;
  const git = (...args: string[]) => run('git', ['-c', 'user.email=ci@example.invalid', '-c', 'user.name=ci', ...args], repo);
  beforeAll(async () => {
    repo = await copyRepo();
    await git('init', '-q', '-b', 'main');
    await git('add', '-A');
    await git('commit', '-qm', 'release 0.1.0');
    await git('tag', 'v0.1.0');
  }, 60_000);
  afterAll(async () => {
    await removeRepo(repo);
  });

  it('compares with the latest release tag by default and says "no changes"', async () => {
    const result = await runScript(repo, 'diff', ['--gate']);
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toMatch(/diff: v0\.1\.0 \(0\.1\.0\) -> working tree \(0\.1\.0\)\nno changes/);
  });

  it('fails the gate on a breaking change without a major bump, then passes with one and a changelog entry', async () => {
    await edit(repo, 'openapi/openapi.yaml', /  \/v1\/quotas:\n    \$ref: paths\/v1_quotas\.yaml\n/, '');
    const blocked = await runScript(repo, 'diff', ['v0.1.0', '--gate']);
    expect(blocked.code).toBe(1);
    expect(blocked.stdout).toMatch(/removed: listQuotas/);
    expect(blocked.stdout).toMatch(/BREAKING operation removed: listQuotas \(GET \/v1\/quotas\)/);
    expect(blocked.stderr).toMatch(/gate: info\.version 0\.1\.0 must have a new major version/);

    await edit(repo, 'openapi/openapi.yaml', 'version: 0.1.0', 'version: 1.0.0');
    await edit(repo, 'CHANGELOG.md', '## [Unreleased]\n', '## [Unreleased]\n\n## [1.0.0] - 2026-12-01\n\n### Removed\n\n- **BREAKING** `listQuotas` (GET /v1/quotas) is gone.\n');
    const released = await runScript(repo, 'diff', ['v0.1.0', '--gate']);
    expect(released.code, released.output).toBe(0);
    expect(released.stdout).toMatch(/gate: the breaking changes are released as a major version/);
  });

  it('refuses a ref that does not exist', async () => {
    const result = await runScript(repo, 'diff', ['no-such-ref']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/'no-such-ref' is not a commit, branch or tag/);
  });
});
