// Bad input, in this process on a temporary project: the build fails in its lint step (or the
// step that refuses it) with a message naming the file and, where the tool gives one, the line;
// the outputs stay byte for byte as they were. One row per row of the README's bad-input table.
import fs from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, stagingPrefix } from '../../scripts/build/build.ts';
import { committedSteps } from '../../scripts/build/pipeline.ts';
import type { SpectralLinter } from '../../scripts/lint/spectral.ts';
import { checkoutSpectral, edit, fingerprint, recordingLog, withTemporaryProject } from '../support/helpers.ts';

let spectral: SpectralLinter;
beforeAll(async () => {
  spectral = await checkoutSpectral();
});

interface BadInput {
  file: string;
  /** The row is about the project's own Spectral ruleset: the build loads it (no shared one). */
  ownRuleset?: boolean;
  search: string;
  replace: string;
  /** What the failure must say: the file, with the line and column where the tool gives one. */
  expected: RegExp[];
}

// The README's bad-input table, row by row (the build's message; `npm run lint` prints the same
// problems in the linters' own formats).
const badInputs: [string, BadInput][] = [
  [
    'a YAML syntax error in a path file',
    {
      file: 'openapi/paths/v1_webhooks.yaml',
      search: '  summary: List webhooks',
      replace: '  summary: [List webhooks',
      expected: [
        /^ {2}openapi\/paths\/v1_webhooks\.yaml:5:3 error no-unresolved-refs: Failed to parse: deficient indentation in "openapi\/paths\/v1_webhooks\.yaml" \(5:3\)$/m,
      ],
    },
  ],
  [
    'a YAML syntax error in the root file',
    {
      file: 'openapi/openapi.yaml',
      search: '  title: Email',
      replace: '  title: [Email',
      expected: [/step 'lint' failed: openapi\/openapi\.yaml:4:3: YAML syntax error/],
    },
  ],
  [
    'a YAML syntax error in the Spectral ruleset',
    {
      file: '.spectral.yaml',
      search: '  - - spectral:oas',
      replace: '  - [spectral:oas',
      ownRuleset: true,
      expected: [/\.spectral\.yaml:\d+:\d+: YAML syntax error/],
    },
  ],
  [
    'an invalid Spectral rule',
    {
      file: '.spectral.yaml',
      search: '  info-contact: off',
      replace: '  info-contact: fatal',
      ownRuleset: true,
      expected: [/\.spectral\.yaml: invalid Spectral ruleset:\n {2}rules\.info-contact/],
    },
  ],
  [
    'a broken redocly.yaml',
    {
      file: 'redocly.yaml',
      search: 'extends:\n',
      replace: 'extends:\n bad: [\n',
      expected: [/step 'lint' failed: redocly\.yaml:6:3: YAML syntax error: missed comma between flow collection entries$/m],
    },
  ],
  [
    'a dangling $ref',
    {
      file: 'openapi/paths/v1_webhooks.yaml',
      search: 'ListWebhooksResponse.yaml',
      replace: 'NoSuchSchema.yaml',
      expected: [/openapi\/paths\/v1_webhooks\.yaml:\d+:\d+ error no-unresolved-refs: Can't resolve \$ref.*NoSuchSchema\.yaml/],
    },
  ],
  [
    'a duplicate operationId',
    {
      file: 'openapi/paths/v1_webhooks.yaml',
      search: 'operationId: listWebhooks',
      replace: 'operationId: listQuotas',
      expected: [/openapi\/paths\/v1_(webhooks|quotas)\.yaml:\d+:\d+ error operation-operationId-unique/],
    },
  ],
  [
    'an operationId outside the verb list',
    {
      file: 'openapi/paths/v1_webhooks.yaml',
      search: 'operationId: listWebhooks',
      replace: 'operationId: fetchWebhooks',
      expected: [/openapi\/paths\/v1_webhooks\.yaml:\d+:\d+ error rule\/operation-id-verb-noun/],
    },
  ],
  [
    'a summary in the wrong case',
    {
      file: 'openapi/paths/v1_webhooks.yaml',
      search: 'summary: List webhooks',
      replace: 'summary: List Webhooks',
      expected: [/openapi\/paths\/v1_webhooks\.yaml:4:12 error rule\/summary-sentence-case/],
    },
  ],
  [
    'a path without its version prefix',
    {
      file: 'openapi/openapi.yaml',
      search: '  /v1/webhooks:',
      replace: '  /webhooks:',
      expected: [/openapi\/openapi\.yaml:\d+:\d+ error rule\/path-version-prefix/],
    },
  ],
  [
    'a path item in the wrong file',
    {
      file: 'openapi/openapi.yaml',
      search: '    $ref: paths/v1_quotas.yaml',
      replace: '    $ref: paths/v1_quotas_history.yaml',
      expected: [/error house\/path-item-file-name: Path item `\/v1\/quotas` must be in its own file/],
    },
  ],
  [
    'a field in a payload schema',
    {
      file: 'openapi/components/schemas/GetApiKeyResponse.yaml',
      search: 'additionalProperties: true',
      replace: 'additionalProperties: true\nproperties:\n  key:\n    type: string',
      expected: [/GetApiKeyResponse\.yaml:\d+:\d+ error rule\/payload-schema-open/],
    },
  ],
  [
    'a closed object',
    {
      file: 'openapi/components/schemas/GetApiKeyResponse.yaml',
      search: 'additionalProperties: true',
      replace: 'additionalProperties: false',
      expected: [/error rule\/payload-schema-additional-properties-open/],
    },
  ],
  [
    'an invented error status',
    {
      file: 'openapi/paths/v1_webhooks.yaml',
      search: '    default:',
      replace: "    '404':\n      description: Not found\n    default:",
      expected: [/error rule\/exactly-one-success-response/],
    },
  ],
  [
    'two tags',
    {
      file: 'openapi/paths/v1_webhooks.yaml',
      search: '    - Webhooks\n',
      replace: '    - Webhooks\n    - Quotas\n',
      expected: [/error rule\/exactly-one-tag/],
    },
  ],
  [
    'a security scheme',
    {
      file: 'openapi/openapi.yaml',
      search: 'paths:\n',
      replace: 'components:\n  securitySchemes:\n    bearer:\n      type: http\n      scheme: bearer\npaths:\n',
      expected: [/openapi\/openapi\.yaml:\d+:\d+ error rule\/no-security-schemes/],
    },
  ],
  [
    'a top-level webhook',
    {
      file: 'openapi/openapi.yaml',
      search: 'paths:\n',
      replace: 'webhooks: {}\npaths:\n',
      expected: [/openapi\/openapi\.yaml:\d+:\d+ error rule\/no-webhooks/],
    },
  ],
];

// Each row has its own temporary project, so the rows run concurrently: one's file copies overlap
// another's lint.
describe.concurrent('bad input', () => {
  it.each(badInputs)('%s: the build fails in its lint step, names the file, leaves the outputs untouched', (_name, bad) =>
    withTemporaryProject(async (temporary) => {
      const before = await fingerprint(temporary.project.outputDir);
      await edit(temporary.dir, bad.file, bad.search, bad.replace);
      const log = recordingLog();
      expect(await build(temporary.project, log, { steps: committedSteps, lintOptions: bad.ownRuleset ? {} : { spectral } })).toBe(false);
      const output = log.errors.join('\n');
      expect(output).toMatch(/^build: step 'lint' failed: /);
      for (const pattern of bad.expected) expect(output).toMatch(pattern);
      expect(log.errors.at(-1)).toBe('build: generated/ is unchanged');
      expect(await fingerprint(temporary.project.outputDir)).toEqual(before);
      expect((await fs.readdir(temporary.dir)).filter((name) => name.startsWith(stagingPrefix))).toEqual([]);
    }),
  );

  it('a parameter kind the client generator does not support fails the client step', () =>
    withTemporaryProject(async (temporary) => {
      const limit = '  parameters:\n    - name: limit\n      in: query\n      description: Page size.\n      schema:\n        type: string\n  responses:';
      await edit(temporary.dir, 'openapi/paths/v1_scopes.yaml', '  responses:', limit);
      const log = recordingLog();
      expect(await build(temporary.project, log, { steps: committedSteps, lintOptions: { spectral } })).toBe(false);
      expect(log.errors[0]).toBe("build: step 'client' failed: GET /v1/scopes: parameter 'limit' is of a kind the client generator does not support");
    }));
});
