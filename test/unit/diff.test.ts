// The breaking-change diff: each kind named on a pair (the bundle and a copy with one small
// change), "no changes" on an unchanged bundle, non-breaking additions let through; the release
// gate's rules; the report. (`npm run diff` on a git repository is in the end-to-end tier.)
import { describe, expect, it } from 'vitest';
import { unnamedOperations } from '../../scripts/release/changelog-names.ts';
import { type BreakingKind, compareBundles } from '../../scripts/release/compare.ts';
import { diffMarkdown } from '../../scripts/release/diff-markdown.ts';
import { diffReport } from '../../scripts/release/diff-report.ts';
import { movedChangelog, requiredBump } from '../../scripts/release/next-release.ts';
import type { ExportChanges } from '../../scripts/release/package-exports.ts';
import { gateProblems, gateVerdict } from '../../scripts/release/release-gate.ts';
import { type Json, loadBundle } from '../support/helpers.ts';

const base: Json = await loadBundle();

function changed(change: (document: Json) => void) {
  const head = structuredClone(base);
  change(head);
  return compareBundles(base, head);
}

const breakingPairs: [BreakingKind, string, (document: Json) => void][] = [
  ['operation removed', 'listQuotas', (d) => delete d.paths['/v1/quotas'].get],
  ['operationId renamed', 'listWebhooks', (d) => (d.paths['/v1/webhooks'].get.operationId = 'listAllWebhooks')],
  [
    'path or path parameter renamed',
    'listWebhooks',
    (d) => {
      d.paths['/v1/hooks'] = d.paths['/v1/webhooks'];
      delete d.paths['/v1/webhooks'];
    },
  ],
  [
    'path or path parameter renamed',
    'deleteWebhook',
    (d) => {
      d.paths['/v1/webhooks/{webhookId}'] = {
        ...d.paths['/v1/webhooks/{id}'],
        parameters: [{ name: 'webhookId', in: 'path', required: true, schema: { type: 'string' } }],
      };
      delete d.paths['/v1/webhooks/{id}'];
    },
  ],
  ['parameter newly required', 'getApiKey', (d) => (d.components.parameters.OpenQuery.required = true)],
  [
    'parameter newly required',
    'listScopes',
    (d) => (d.paths['/v1/scopes'].get.parameters = [{ name: 'limit', in: 'query', required: true, schema: { type: 'string' } }]),
  ],
  ['request body newly required', 'sendBatch', (d) => (d.paths['/v1/batches/{id}/send'].post.requestBody.required = true)],
  [
    'success status removed or changed',
    'sendBatch',
    (d) => {
      const responses = d.paths['/v1/batches/{id}/send'].post.responses;
      responses['200'] = responses['201'];
      delete responses['201'];
    },
  ],
  [
    'media type removed',
    'listScopes',
    (d) => {
      const content = d.paths['/v1/scopes'].get.responses['200'].content;
      content['text/plain'] = content['application/json'];
      delete content['application/json'];
    },
  ],
  ['response schema narrowed', 'getApiKey', (d) => (d.components.schemas.GetApiKeyResponseBody.additionalProperties = false)],
  ['request schema narrowed', 'sendBatch', (d) => (d.components.schemas.SendBatchRequestBody.additionalProperties = false)],
];

describe('requiredBump: the release a difference needs', () => {
  /** The bump and reason for a head made from a copy of the bundle; the bundle itself must stay as it was. */
  function bumpFor(change: (document: Json) => void, exports?: ExportChanges) {
    const head = structuredClone(base);
    change(head);
    const [baseBefore, headBefore] = [JSON.stringify(base), JSON.stringify(head)];
    const decision = requiredBump(base, head, exports);
    expect([JSON.stringify(base), JSON.stringify(head)]).toEqual([baseBefore, headBefore]);
    return `${decision.bump}: ${decision.reason}`;
  }

  it('patch: a new info.version and prose are no addition', () => {
    expect(
      bumpFor((d) => {
        d.info.version = '9.9.9';
        d.paths['/v1/webhooks'].get.description += ' More prose.';
      }),
    ).toBe("patch: nothing breaks callers and nothing is added: prose or the toolchain's outputs changed");
  });

  it('patch: the same bundle (a new info.version only) is "nothing in the description changed"', () => {
    expect(bumpFor((d) => (d.info.version = '9.9.9'))).toBe('patch: nothing breaks callers and nothing is added: nothing in the description changed');
  });

  it("the package's exported names: a new one makes it at least minor, one gone major, each named", () => {
    const prose = (d: Json) => (d.paths['/v1/webhooks'].get.description += ' More prose.');
    expect(bumpFor(prose, { removed: [], added: ['RedirectRefusedError', 'ParameterStyle'] })).toBe(
      "minor: in the description, nothing breaks callers and nothing is added: prose or the toolchain's outputs changed; but the client exports RedirectRefusedError, ParameterStyle, new",
    );
    expect(bumpFor(() => {}, { removed: ['serializeQuery', './openapi.yaml'], added: ['CookieParameterError'] })).toBe(
      'major: in the description, nothing breaks callers and nothing is added: nothing in the description changed; but the client no longer exports serializeQuery, and the client exports CookieParameterError, new, and the package no longer exports ./openapi.yaml',
    );
    // A description that already needs more keeps its bump, and the names are said too.
    expect(bumpFor((d) => (d.paths['/v1/webhooks'].get.operationId = 'listAllWebhooks'), { removed: [], added: ['listAllWebhooks'] })).toBe(
      'major: in the description, 1 change(s) break callers (listWebhooks); and the client exports listAllWebhooks, new',
    );
  });

  it('minor: an optional query parameter added, named by where it is', () => {
    expect(bumpFor((d) => (d.paths['/v1/webhooks'].get.parameters = [{ name: 'cursor', in: 'query', schema: { type: 'string' } }]))).toMatch(
      /^minor: nothing breaks callers; 1 addition\(s\), such as paths\.\/v1\/webhooks\.get\.parameters/,
    );
  });

  it('major: a breaking change wins over additions', () => {
    expect(
      bumpFor((d) => {
        d.paths['/v1/webhooks'].get.operationId = 'listAllWebhooks';
        d.paths['/v1/scopes'].get.parameters = [{ name: 'cursor', in: 'query', schema: { type: 'string' } }];
      }),
    ).toBe('major: 1 change(s) break callers (listWebhooks)');
  });
});

describe('compareBundles', () => {
  it('says nothing changed on an unchanged bundle', () => {
    expect(compareBundles(base, structuredClone(base))).toEqual({ added: [], removed: [], changed: [], breaking: [], details: {}, diffs: [] });
  });

  it.each(breakingPairs)('names "%s" for %s', (kind, operationId, change) => {
    const comparison = changed(change);
    expect(comparison.breaking.length).toBeGreaterThan(0);
    expect(comparison.breaking.map((b) => `${b.kind}: ${b.operationId}`)).toContain(`${kind}: ${operationId}`);
  });

  it('lets a new operation through as a non-breaking addition', () => {
    const comparison = changed((d) => {
      d.paths['/v1/quotas'].post = {
        operationId: 'createQuota',
        summary: 'Create a quota',
        tags: ['Quotas'],
        responses: { '201': { description: 'Created' } },
      };
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

  it('names what changed in each operation: parameters by name and location, bodies, responses by status', () => {
    const comparison = changed((d) => {
      const list = d.paths['/v1/webhooks'].get;
      list.parameters = [...(list.parameters ?? []), { name: 'cursor', in: 'query', schema: { type: 'string' } }];
      list.summary = 'List the webhooks';
      d.paths['/v1/batches/{id}/send'].post.requestBody.required = true;
      d.paths['/v1/quotas'].get.responses['200'].content['application/json'].schema = { type: 'array' };
    });
    expect(comparison.details).toEqual({
      listWebhooks: ['summary changed', 'parameter cursor (query) added'],
      sendBatch: ['request body now required'],
      listQuotas: ['response 200 application/json schema changed'],
    });
    expect(diffReport(comparison, 'a', 'b').split('\n')).toContain('  listWebhooks: parameter cursor (query) added');
  });

  it("names a shared parameter by name, and a schema's description change as such", () => {
    const [path, item] = Object.entries(base.paths as Record<string, Json>).find(([, pathItem]) =>
      ['get', 'put', 'post', 'delete', 'patch'].some((m) => pathItem[m]?.parameters?.[0]?.$ref?.endsWith('/Id')),
    )!;
    const method = ['get', 'put', 'post', 'delete', 'patch'].find((m) => item[m]?.parameters?.[0]?.$ref)!;
    const parameter = 'the shared one';
    const comparison = changed((d) => {
      const shared = d.paths[path][method].parameters[0];
      d.paths[path][method].parameters[0] = { ...structuredClone(d.components.parameters[shared.$ref.split('/').pop()]), description: 'Reworded.' };
      d.components.schemas.ListQuotasResponseBody.description = 'Reworded.';
    });
    const operationId = item[method].operationId;
    expect(comparison.details[operationId].join('\n'), parameter).toMatch(/^parameter \w+ \(path\) description changed$/m);
    expect(comparison.details.listQuotas).toEqual(['response 200 application/json schema description changed']);
  });

  it("a field named description or title is a field, not the schema's annotation", () => {
    const comparison = changed((d) => {
      d.components.schemas.SendBatchRequestBody.properties = { description: { type: 'string' } };
    });
    expect(comparison.details.sendBatch).toEqual(['request body application/json schema changed']);
  });
});

describe('release gate rules', () => {
  const breaking = changed((d) => delete d.paths['/v1/quotas'].get);
  const entry = '## [1.0.0] - 2026-12-01\n\n### Removed\n\n- **BREAKING** `listQuotas`\n';

  it('passes what breaks nothing', () => {
    expect(
      gateProblems(
        changed(() => {}),
        '0.1.0',
        '0.1.0',
        '',
      ),
    ).toEqual([]);
  });

  it('before the release: asks for an [Unreleased] entry marked BREAKING naming the operation, and no version edit', () => {
    const unreleased = '## [Unreleased]\n\n### Removed\n\n- **BREAKING** `listQuotas` is gone.\n\n## [0.1.0] - 2026-11-01\n\n- First.\n';
    expect(gateProblems(breaking, '0.1.0', '0.1.0', unreleased)).toEqual([]);
    expect(gateProblems(breaking, '0.1.0', '0.1.0', unreleased.replace('**BREAKING** ', ''))).toEqual([
      "CHANGELOG.md's [Unreleased] section has no entry marked **BREAKING**; the change breaks callers of `listQuotas`",
    ]);
    expect(gateProblems(breaking, '0.1.0', '0.1.0', unreleased.replace('`listQuotas`', 'quotas'))).toEqual([
      "CHANGELOG.md's [Unreleased] section's **BREAKING** entries do not name `listQuotas`, which the breaking change affects",
    ]);
    // Named in another entry, not the BREAKING one: not enough.
    expect(gateProblems(breaking, '0.1.0', '0.1.0', unreleased.replace('`listQuotas` is gone.', 'a list is gone.\n- `listQuotas` prose.'))).toHaveLength(1);
    // In the released section only: the pull request's [Unreleased] is what the gate reads.
    expect(gateProblems(breaking, '0.1.0', '0.1.0', '## [Unreleased]\n\n## [0.1.0] - 2026-11-01\n\n- **BREAKING** `listQuotas`\n')).toHaveLength(1);
    expect(gateProblems(breaking, '0.1.0', '0.2.0', unreleased)).toEqual([
      expect.stringMatching(/^info\.version is 0\.2\.0 and the base's 0\.1\.0: a breaking change leaves info\.version as it is/),
    ]);
  });

  it('once released (a new major info.version): the entry is under that version', () => {
    expect(gateProblems(breaking, '0.1.0', '1.0.0', entry)).toEqual([]);
    expect(gateProblems(breaking, '0.1.0', '1.0.0', entry.replace('**BREAKING** ', ''))).toEqual([
      expect.stringMatching(/section 1\.0\.0 has no entry marked \*\*BREAKING\*\*/),
    ]);
    expect(gateProblems(breaking, '0.1.0', '1.0.0', '# Changelog\n')).toEqual(["CHANGELOG.md has no '## [1.0.0]' section"]);
  });
});

describe('one changelog rule for the gate and the release: each affected operation named as a name', () => {
  const added = changed((d) => {
    d.paths['/v1/reputation/score'].get.summary = 'Get the score of the reputation';
  });
  const affected = ['getReputationScore'];
  const withEntry = (entry: string) => `## [Unreleased]\n\n### Changed\n\n${entry}\n\n## [0.1.0] - 2026-11-01\n\n- First.\n`;
  /** What the release after the merge says of the same changelog: undefined when it accepts it. */
  const releaseSays = (changelog: string) => {
    try {
      movedChangelog(changelog, '0.1.1', '2026-12-01', affected);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  };

  it.each([
    ['the operationId in a code span', '- `getReputationScore` reads better.', true],
    ['"Affects every operation." as its own sentence', '- Better summaries. Affects every operation.', true],
    ['an unrelated entry that says "(every operation)"', '- The toolchain (every operation) is faster.\n- Prose.', false],
    ['"every operation" in passing', '- Say every operation is open.', false],
    ['the name inside a longer code span', '- `getReputationScoreV2` is new.', false],
    ['the name outside a code span', '- getReputationScore reads better.', false],
  ])('%s: the gate and the release agree (%s)', (_, entry, accepted) => {
    expect(unnamedOperations(withEntry(entry), affected)).toEqual(accepted ? [] : affected);
    const gate = gateProblems(added, '0.1.0', '0.1.0', withEntry(entry));
    const release = releaseSays(withEntry(entry));
    expect(gate).toEqual(accepted ? [] : [release]);
    expect(release === undefined).toBe(accepted);
  });

  // Found adding a 30th operation: the [Unreleased] of the day said "Affects every operation." of
  // an unrelated change, and the new operation passed unannounced.
  it('an operation added is named by its operationId: "Affects every operation." covers those there were', () => {
    const withNew = changed((d) => {
      d.paths['/v1/reputation/score'].put = { ...structuredClone(d.paths['/v1/reputation/score'].get), operationId: 'replaceReputationScore' };
    });
    expect(withNew.added).toEqual(['replaceReputationScore']);
    const every = withEntry('- The client checks its arguments. Affects every operation.');
    expect(gateProblems(withNew, '0.1.0', '0.1.0', every)).toEqual([expect.stringContaining('does not name `replaceReputationScore`')]);
    expect(() => movedChangelog(every, '0.2.0', '2026-12-01', ['replaceReputationScore'], withNew.added)).toThrow('does not name `replaceReputationScore`');
    expect(gateProblems(withNew, '0.1.0', '0.1.0', withEntry('- `replaceReputationScore`: new.'))).toEqual([]);
  });

  it('a pull request that names nothing: the gate refuses it before the merge, saying why', () => {
    expect(gateVerdict(added, gateProblems(added, '0.1.0', '0.1.0', withEntry('- Prose.')))).toBe(
      "the changelog's [Unreleased] section does not name each affected operation, which npm run release would refuse after the merge",
    );
  });
});

describe('the report', () => {
  it('says "no changes" when nothing changed', () => {
    expect(diffReport(compareBundles(base, structuredClone(base)), 'v0.1.0 (0.1.0)', 'working tree (0.1.0)')).toBe(
      'diff: v0.1.0 (0.1.0) -> working tree (0.1.0)\nno changes',
    );
  });

  it('lists added, removed and changed operations and each breaking change', () => {
    const report = diffReport(
      changed((d) => delete d.paths['/v1/quotas'].get),
      'v0.1.0 (0.1.0)',
      'working tree (0.1.0)',
    );
    expect(report.split('\n')).toEqual([
      'diff: v0.1.0 (0.1.0) -> working tree (0.1.0)',
      'added: none',
      'removed: listQuotas',
      'changed: none',
      'breaking changes: 1',
      '  BREAKING operation removed: listQuotas (GET /v1/quotas): GET /v1/quotas is gone',
    ]);
  });
});

describe('the report as Markdown (npm run diff -- --format markdown, for the pull request summary)', () => {
  const from = 'v0.1.0 (0.1.0)';

  it('says no operation changed, and that nothing breaks callers', () => {
    const same = compareBundles(base, structuredClone(base));
    expect(diffMarkdown(same, from, 'working tree (0.1.0)', { problems: [], verdict: gateVerdict(same, []) })).toBe(
      '## API changes: v0.1.0 (0.1.0) → working tree (0.1.0)\n\nNo operation was added, removed or changed.\n\n### Release gate\n\n**Passed**: nothing breaks callers\n',
    );
  });

  it('tables the operations by operationId and each breaking change by kind, and says why the gate failed', () => {
    const comparison = changed((d) => {
      delete d.paths['/v1/quotas'].get;
      d.paths['/v1/batches/{id}/send'].post.requestBody.required = true;
      d.paths['/v1/quotas'].post = {
        operationId: 'createQuota',
        summary: 'Create a quota',
        tags: ['Quotas'],
        responses: { '201': { description: 'Created' } },
      };
    });
    const problems = gateProblems(comparison, '0.1.0', '0.1.0', '# Changelog\n\n## [Unreleased]\n');
    const markdown = diffMarkdown(comparison, from, 'working tree (0.1.0)', { problems, verdict: gateVerdict(comparison, problems) });
    expect(markdown.split('\n').slice(0, 7)).toEqual([
      '## API changes: v0.1.0 (0.1.0) → working tree (0.1.0)',
      '',
      '| Operations | operationIds |',
      '|---|---|',
      '| Added | `createQuota` |',
      '| Removed | `listQuotas` |',
      '| Changed | `sendBatch` |',
    ]);
    expect(markdown).toContain('### Breaking changes: 2\n\n| Kind | Operation | What changed |\n|---|---|---|\n');
    expect(markdown).toContain('| operation removed | `listQuotas` (`GET /v1/quotas`) | GET /v1/quotas is gone |');
    expect(markdown).toMatch(/^\| request body newly required \| `sendBatch` \(`POST \/v1\/batches\/\{id\}\/send`\) \| .+ \|$/m);
    expect(markdown).toContain('### Release gate\n\n**Failed**: the change breaks callers');
    expect(markdown).toContain(
      "- CHANGELOG.md's \\[Unreleased\\] section has no entry marked \\*\\*BREAKING\\*\\*; the change breaks callers of \\`sendBatch\\`, \\`listQuotas\\`",
    );
  });

  it('escapes what comes from the description: an info.version that would open a comment and take more lines', () => {
    const same = compareBundles(base, structuredClone(base));
    const markdown = diffMarkdown(same, 'v0.1.0 (0.1.0)', 'working tree (2.0.0\n<!--\n# Approved)');
    expect(markdown.split('\n')[0]).toBe('## API changes: v0.1.0 (0.1.0) → working tree (2.0.0 \\<!-- # Approved)');
    expect(markdown).not.toMatch(/(^|[^\\])<!--/m);
  });

  it('refuses a version that is not semantic, without reading it as a pattern', () => {
    const breaking = changed((d) => delete d.paths['/v1/quotas'].get);
    expect(gateProblems(breaking, '0.1.0', '2.0.0(', '## [2.0.0(] - 2026-12-01\n\n- **BREAKING** `listQuotas`\n')).toEqual([
      'info.version must be a semantic version (base 0.1.0, working tree 2.0.0()',
    ]);
  });

  it('escapes a pipe in a cell, so that the table keeps its columns', () => {
    const comparison = {
      added: [],
      removed: ['x'],
      changed: [],
      breaking: [{ kind: 'other breaking change' as const, operationId: 'x', operation: 'GET /x', detail: 'a | b' }],
      details: {},
      diffs: [],
    };
    expect(diffMarkdown(comparison, 'a', 'b')).toContain('| other breaking change | `x` (`GET /x`) | a \\| b |');
  });
});
