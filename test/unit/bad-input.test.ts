// Bad input, in this process: the build fails in its lint step with a message naming the file
// and, where the tool gives one, the line; the outputs stay byte for byte as they were. One row per
// row of the bad-input table (docs/robustness.md). A row that changes only openapi/ lints the checkout's source
// with the edit held in memory (the project handle's overlay, as the mutation runner does) and
// builds into outputs of its own. The lint names every problem of a source in one run, each at its
// file and line, as `npm run lint` shows a contributor who made several mistakes: so the rows that
// edit different files are one build's edits (sourceBuilds), but a row whose edit changes what the
// others are checked against, which lints alone. A row that changes a config file gets a temporary
// project (with the committed bundle alone in generated/: the build fails before it would replace
// the folder).
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { build, type BuildOptions, stagingPrefix } from '../../scripts/pipeline/build.ts';
import { generateClient } from '../../scripts/pipeline/generate-client.ts';
import { committedSteps } from '../../scripts/pipeline/pipeline.ts';
import type { LintOptions } from '../../scripts/lint/lint-description.ts';
import { inThreadSpectral } from '../../scripts/lint/spectral.ts';
import { loadRuleset } from '../../scripts/lint/spectral-ruleset.ts';
import { openProject, type Project } from '../../scripts/project.ts';
import { checkout, checkoutLinters, edit, fingerprint, loadBundle, recordingLog, root, withTemporaryProject } from '../support/helpers.ts';
import { withScratchFolder } from '../support/scratch-folder.ts';

let linters: Required<LintOptions>;
beforeAll(async () => {
  linters = await checkoutLinters();
});

/**
 * The checkout's source with files' texts replaced in memory (each `search` must occur), building
 * into outputs of its own (a generated/ that holds the committed bundle: the build would replace
 * it, were lint to pass).
 */
async function withEditedSource<T>(edits: Pick<BadInput, 'file' | 'search' | 'replace'>[], use: (project: Project, dir: string) => Promise<T>): Promise<T> {
  const texts = new Map<string, string>();
  for (const { file, search, replace } of edits) {
    const full = path.join(root, file);
    const text = await fs.readFile(full, 'utf8');
    if (!text.includes(search)) throw new Error(`edit: ${search} not found in ${file}`);
    if (texts.has(full)) throw new Error(`edit: ${file} is edited twice`);
    texts.set(full, text.replace(search, replace));
  }
  return withScratchFolder('outputs', async (dir) => {
    await fs.mkdir(path.join(dir, 'generated'));
    await fs.copyFile(path.join(checkout.outputDir, 'openapi.json'), path.join(dir, 'generated', 'openapi.json'));
    return use({ ...openProject(root, texts), outputDir: path.join(dir, 'generated') }, dir);
  });
}

/** What a temporary project here holds of generated/: the committed bundle, as withEditedSource's outputs. */
const committedBundle = { outputs: ['openapi.json'] };

interface BadInput {
  file: string;
  /** The row is about the project's own Spectral ruleset: the build loads it (not the checkout's). */
  ownRuleset?: boolean;
  search: string;
  replace: string;
  /** What the failure must say: the file, with the line and column where the tool gives one. */
  expected: RegExp[];
  /**
   * Why the row's edit lints alone: it changes what the other rows' edits are checked against (a
   * file Redocly cannot read, a source that does not bundle, an operation the table no longer names).
   */
  alone?: string;
}

// The bad-input table of docs/robustness.md, row by row (the build's message; `npm run lint` prints the same
// problems in the linters' own formats).
const badInputs: [string, BadInput][] = [
  [
    'a YAML syntax error in a path file',
    {
      alone: 'Redocly cannot read the file, so it checks nothing in it',
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
      alone: 'Redocly cannot read the root file, so it lints nothing',
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
      alone: 'the source does not bundle, so Spectral does not run',
      file: 'openapi/paths/v1_webhooks.yaml',
      search: 'ListWebhooksResponseBody.yaml',
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
    'a summary with Markdown',
    {
      file: 'openapi/paths/v1_webhooks.yaml',
      search: 'summary: List webhooks',
      replace: 'summary: List `listWebhooks`',
      expected: [/openapi\/paths\/v1_webhooks\.yaml:4:12 error rule\/summary-plain-words: Summary must be plain words/],
    },
  ],
  [
    'a path without its version prefix',
    {
      alone: 'listWebhooks is no longer at the path its table row names, so its other checks wait',
      file: 'openapi/openapi.yaml',
      search: '  /v1/webhooks:',
      replace: '  /webhooks:',
      expected: [/openapi\/openapi\.yaml:\d+:\d+ error rule\/path-version-prefix/],
    },
  ],
  [
    'a path item in the wrong file',
    {
      alone: "/v1/quotas then holds another path's file, and its own is not linted",
      file: 'openapi/openapi.yaml',
      search: '    $ref: paths/v1_quotas.yaml',
      replace: '    $ref: paths/v1_quotas_history.yaml',
      expected: [/error house\/path-item-file-name: Path item `\/v1\/quotas` must be in its own file/],
    },
  ],
  [
    'a field in a payload schema',
    {
      file: 'openapi/components/schemas/GetApiKeyResponseBody.yaml',
      search: 'additionalProperties: true',
      replace: 'additionalProperties: true\nproperties:\n  key:\n    type: string',
      expected: [/GetApiKeyResponseBody\.yaml:\d+:\d+ error rule\/payload-schema-open/],
    },
  ],
  [
    'a closed object',
    {
      file: 'openapi/components/schemas/GetApiKeyResponseBody.yaml',
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
    'a query parameter named as a generated function keeps its own variable',
    {
      file: 'openapi/components/parameters/OpenQuery.yaml',
      search: 'name: pairs',
      replace: 'name: params',
      expected: [
        /openapi\/components\/parameters\/OpenQuery\.yaml:1:7 error house\/generator-safe-names: Parameter name `params` is a variable that generated functions keep for themselves/,
      ],
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
  [
    'a success label changed',
    {
      file: 'openapi/paths/v1_webhooks.yaml',
      search: 'description: OK',
      replace: 'description: Fine',
      expected: [
        /^ {2}openapi\/paths\/v1_webhooks\.yaml:13:7 error faithful\/success-response: the success label of #27: expected "OK", found "Fine" \(at #\/paths\/~1v1~1webhooks\/get\/responses\/200\/description\)$/m,
      ],
    },
  ],
  [
    'an operationId renamed',
    {
      file: 'openapi/paths/v1_webhooks.yaml',
      search: 'operationId: listWebhooks',
      replace: 'operationId: listHooks',
      expected: [
        /^ {2}openapi\/paths\/v1_webhooks\.yaml:10:3 error faithful\/operation-id: #27's operationId: expected "listWebhooks", found "listHooks" \(the table of operations, scripts\/stated\/operations\.ts, names it: where the table is wrong, fix its row #27;/m,
      ],
    },
  ],
  [
    'a parameter where rule 1 shows none',
    {
      file: 'openapi/paths/v1_scopes.yaml',
      search: '  responses:',
      replace: '  parameters:\n    - name: limit\n      in: query\n      description: Page size.\n      schema:\n        type: string\n  responses:',
      expected: [/^ {2}openapi\/paths\/v1_scopes\.yaml:\d+:\d+ error faithful\/request-part: #1's query parameters: expected \[\], found/m],
    },
  ],
  [
    'an extension (outside the closed world)',
    {
      file: 'openapi/paths/v1_quotas.yaml',
      search: '  responses:',
      replace: '  x-rate-limit: 100\n  responses:',
      expected: [
        /^ {2}openapi\/paths\/v1_quotas\.yaml:11:3 error faithful\/closed-world: not stated by the interface document \(limits are not shown\): an operation may have only /m,
      ],
    },
  ],
  [
    'a lead that states a fact of a silent part',
    {
      file: 'openapi/paths/v1_batches_id_send.yaml',
      search: '    Sends one batch.',
      replace: '    Needs the mail.send scope. Sends one batch.',
      expected: [
        /^ {2}openapi\/paths\/v1_batches_id_send\.yaml:6:5 error faithful\/prose: "Needs the mail\.send scope\." uses "Needs", "mail", "scope": a lead names only what #13's row does \(its verb, the words of its path, operationId and area\): take the word out; what is open is said by the wording after the lead$/m,
      ],
    },
  ],
  [
    'a number the document does not state',
    {
      file: 'openapi/paths/v1_webhooks.yaml',
      search: '    Lists the webhooks.',
      replace: '    Lists the webhooks. It answers within 2 seconds.',
      expected: [
        /^ {2}openapi\/paths\/v1_webhooks\.yaml:6:25 error faithful\/prose: "It answers within 2 seconds\." holds a number: "2": a lead is plain words; a number or a name goes in a code span, and only its own \(`#27`, `200`, `\/v1\/webhooks`\)$/m,
      ],
    },
  ],
  [
    'a code span that names nothing the bundle has',
    {
      file: 'openapi/paths/v1_webhooks.yaml',
      search: '    Lists the webhooks.',
      replace: '    Lists the webhooks by `created_at`.',
      expected: [
        /^ {2}openapi\/paths\/v1_webhooks\.yaml:6:5 error faithful\/prose: "Lists the webhooks by `created_at`\." names `created_at`, which is neither one of #27's names/m,
      ],
    },
  ],
  [
    'an overview verdict turned',
    {
      file: 'openapi/openapi.yaml',
      search: '| Authentication | Left open:',
      replace: '| Authentication | Specified:',
      expected: [
        /^ {2}openapi\/openapi\.yaml:20:5 error faithful\/overview: the overview's "Authentication" row must read: \| Authentication \| Left open: no security scheme is declared\. \|$/m,
      ],
    },
  ],
];

/**
 * Spectral in this thread with the project's own ruleset, loaded as the build's lint goes: a
 * ruleset that fails to load fails the lint step. (The worker thread the commands use is tested
 * with a broken ruleset in lint.test.ts.)
 */
const ownSpectral = (project: Project) => inThreadSpectral(loadRuleset(project, project.spectralRuleset));

/** What a failed build left: its error lines, and its outputs and their parent before and after it. */
interface FailedBuild {
  built: boolean;
  errors: string[];
  outputs: { before: Record<string, string>; after: Record<string, string> };
  stagingLeft: string[];
}

/** Builds `project` (which must fail) with `lintOptions`; what it left. */
async function failedBuild(project: Project, dir: string, lintOptions: BuildOptions['lintOptions']): Promise<FailedBuild> {
  const before = await fingerprint(project.outputDir);
  const log = recordingLog();
  const built = await build(project, log, { steps: committedSteps, lintOptions });
  return {
    built,
    errors: log.errors,
    outputs: { before, after: await fingerprint(project.outputDir) },
    stagingLeft: (await fs.readdir(dir)).filter((name) => name.startsWith(stagingPrefix)),
  };
}

/** The build failed in its lint step saying `expected`, and left its outputs and their parent as they were. */
function expectLintFailure({ built, errors, outputs, stagingLeft }: FailedBuild, expected: RegExp[]): void {
  expect(built).toBe(false);
  const output = errors.join('\n');
  expect(output).toMatch(/^build: step 'lint' failed: /);
  for (const pattern of expected) expect(output).toMatch(pattern);
  expect(errors.at(-1)).toBe('build: generated/ is unchanged');
  expect(outputs.after).toEqual(outputs.before);
  expect(stagingLeft).toEqual([]);
}

/**
 * The builds of the rows that edit openapi/: each holds at most one edit per file, and a row that
 * lints alone is a build of its own. Each row's test reads its build's result (the first to need
 * it builds it).
 */
const sourceBuilds = (() => {
  const groups: [string, BadInput][][] = [];
  for (const row of badInputs.filter(([, bad]) => bad.file.startsWith('openapi/'))) {
    const [, bad] = row;
    const group = bad.alone ? undefined : groups.find((rows) => rows.every(([, other]) => !other.alone && other.file !== bad.file));
    if (group) group.push(row);
    else groups.push([row]);
  }
  const builds = new Map<string, () => Promise<FailedBuild>>();
  for (const rows of groups) {
    let result: Promise<FailedBuild> | undefined;
    const once = () =>
      (result ??= withEditedSource(
        rows.map(([, bad]) => bad),
        (project, dir) => failedBuild(project, dir, linters),
      ));
    for (const [name] of rows) builds.set(name, once);
  }
  return builds;
})();

// Each build works on its own outputs or copy, so the rows run concurrently.
describe.concurrent('bad input', () => {
  it.each(badInputs)('%s: the build fails in its lint step, names the file, leaves the outputs untouched', (name, bad) =>
    bad.file.startsWith('openapi/')
      ? sourceBuilds.get(name)!().then((failed) => expectLintFailure(failed, bad.expected))
      : withTemporaryProject(async (temporary) => {
          await edit(temporary.dir, bad.file, bad.search, bad.replace);
          const spectral = bad.ownRuleset ? ownSpectral(temporary.project) : linters.spectral;
          expectLintFailure(await failedBuild(temporary.project, temporary.dir, { spectral }), bad.expected);
        }, committedBundle),
  );

  it.each([
    ['ListScopesResponseBody', 'ListScopesResponse', 'is the Response type generators derive from `listScopes`'],
    ['ErrorBody', 'Error', 'is a type languages and generators already have'],
  ])('a schema named %s -> %s, which a generator trips on: a lint error at its file', (name, renamed, why) =>
    withTemporaryProject(async (temporary) => {
      const schemas = path.join(temporary.dir, 'openapi', 'components', 'schemas');
      await fs.rename(path.join(schemas, `${name}.yaml`), path.join(schemas, `${renamed}.yaml`));
      for (const file of await fs.readdir(path.join(temporary.dir, 'openapi'), { recursive: true })) {
        const full = path.join(temporary.dir, 'openapi', file);
        if (!file.endsWith('.yaml')) continue;
        const text = await fs.readFile(full, 'utf8');
        await fs.writeFile(full, text.replaceAll(`schemas/${name}.yaml`, `schemas/${renamed}.yaml`));
      }
      expectLintFailure(await failedBuild(temporary.project, temporary.dir, linters), [
        new RegExp(
          `openapi/components/schemas/${renamed}\\.yaml:1:1 error house/generator-safe-names: Component name \`${renamed}\` \\(schemas\\) ${why.replace(/[()`]/g, (c) => `\\${c}`)}`,
        ),
      ]);
    }, committedBundle),
  );

  // The contract refuses it in lint; the client generator refuses it on its own too.
  it('a parameter kind the client generator does not support is refused by the generator', async () => {
    const bundle = await loadBundle();
    bundle.paths['/v1/scopes'].get.parameters = [
      { name: 'limit', in: 'query', style: 'deepObject', schema: { type: 'object', properties: { a: { type: 'string' } } } },
    ];
    expect(() => generateClient(bundle)).toThrow(
      "GET /v1/scopes: parameter 'limit' (in query) is not one the client can send: style deepObject is not one the client sends",
    );
  });
});
