// One place per fact: adding an operation to the interface document is four hand-edited files (the
// path file, its schemas, the table in scripts/stated/operations.ts, the changelog entry; a
// new path adds its `$ref` in openapi/openapi.yaml, a new method of a path needs none), and then
// the pipeline passes with no other edit: lint, build (bundle, variants, types, client, the
// Markdown reference, the interface document's page, the docs), the drift check, the release gate,
// mutation testing and the unit tier, each run as its command on a copy of the checkout. Each of
// the four is needed: left out, lint or the gate fails. Removing the operation again returns the
// tree to its commit.
//
// `stillNeeded` lists the edits the pipeline still asks for beyond the four, each with the lint
// rule that asks: the test proves each is still needed, then makes it. When the contract derives
// them too, the first assertion fails: remove the entry, and the test holds the four-file promise.
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeCheckoutCopy, sharedCheckoutCopy } from '../support/repo-copy.ts';
import { runInEnvironment, runScript } from '../support/run-command.ts';
import { operations } from '../../scripts/stated/operations.ts';

const copy = sharedCheckoutCopy();
const next = operations.length + 1;

// The copy with the tests, docs and READMEs too, committed, so that the unit tier runs in it.
beforeAll(async () => {
  await completeCheckoutCopy(copy.dir);
  await copy.git('add', '-A');
  await copy.git('commit', '-qm', 'the tests and docs');
}, 60_000);

/**
 * The unit tier of the copy, as `npm run test:unit` runs it, on one worker (the e2e files run
 * beside it): a vitest of its own, with its own process mark, so that its teardown ends only what
 * it started.
 */
function unitTier() {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')));
  const args = ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/vitest.config.ts', '--project', 'unit', '--maxWorkers', '1'];
  return runInEnvironment(process.execPath, args, copy.dir, {
    ...env,
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    EMAIL_DELIVERY_TEST_RUN: `added-operation-${process.pid}`,
  });
}

/** The four files a maintainer edits by hand: each a file and what it becomes (undefined: a new file). */
const handEdits: { file: string; edit: (text: string | undefined) => string; without: RegExp }[] = [
  {
    file: 'openapi/paths/v1_webhooks_id.yaml',
    edit: (text) =>
      `${text}
put:
  tags:
    - Webhooks
  summary: Replace a webhook
  description: |
    Replaces one webhook.

    Operation #${next} of the interface document, which states its method, path and success label (OK).
    \`id\` identifies the resource; its type and format are not specified.
    It may take a JSON request body whose fields are not specified.
    Response fields, errors and required authorization are not specified.
  operationId: replaceWebhook
  parameters:
    - $ref: ../components/parameters/Id.yaml
  requestBody:
    description: A JSON object whose fields the interface document does not state.
    required: false
    content:
      application/json:
        schema:
          $ref: ../components/schemas/ReplaceWebhookRequestBody.yaml
  responses:
    '200':
      description: OK
      content:
        application/json:
          schema:
            $ref: ../components/schemas/ReplaceWebhookResponseBody.yaml
    default:
      $ref: ../components/responses/ErrorResponse.yaml
`,
    // The table's row names an operation the description does not have.
    without: /error faithful\/operations\b.*replaceWebhook|operation #\d+ \(PUT \/v1\/webhooks\/\{id\}\) is missing/,
  },
  {
    file: 'openapi/components/schemas/ReplaceWebhookRequestBody.yaml',
    edit: () =>
      'description: >-\n  The request body of `replaceWebhook`. The interface document does not specify\n  its fields, so any JSON object is accepted.\ntype: object\nadditionalProperties: true\n',
    without: /ReplaceWebhookRequestBody\.yaml/,
  },
  {
    file: 'openapi/components/schemas/ReplaceWebhookResponseBody.yaml',
    edit: () =>
      'description: >-\n  One webhook, as returned by `replaceWebhook`. The interface document does not\n  specify its fields, so any JSON object is accepted.\ntype: object\nadditionalProperties: true\n',
    without: /ReplaceWebhookResponseBody\.yaml/,
  },
  {
    file: 'scripts/stated/operations.ts',
    edit: (text) =>
      text!.replace(
        /^( {2}\{ n: \d+, .*listQuotas.*\n)/m,
        `$1  { n: ${next}, method: 'put', path: '/v1/webhooks/{id}', status: '200', label: 'OK', request: 'id+optional-body', area: webhooks, operationId: 'replaceWebhook' },\n`,
      ),
    without: /PUT \/v1\/webhooks\/\{id\} is not one of the \d+ operations of the Endpoints table/,
  },
  {
    file: 'CHANGELOG.md',
    edit: (text) =>
      text!.replace(
        '## [Unreleased]\n',
        `## [Unreleased]\n\n### Added\n\n- \`replaceWebhook\`: operation #${next} of the interface document, \`PUT /v1/webhooks/{id}\`.\n`,
      ),
    // Lint passes without it; the release gate (run in every pull request) does not.
    without: /does not name `replaceWebhook`/,
  },
];

/** Edits the pipeline still asks for beyond the four (see the header), each with the rule that asks. */
const stillNeeded: { rule: string; file: string; edit: (text: string) => string }[] = [];

/** Applies `edits` in the copy; gives back what each file held (undefined: it did not exist). */
async function apply(edits: { file: string; edit: (text: string) => string }[]): Promise<Map<string, string | undefined>> {
  const before = new Map<string, string | undefined>();
  for (const { file, edit } of edits) {
    const at = path.join(copy.dir, file);
    const text = await fs.readFile(at, 'utf8').catch(() => undefined);
    before.set(file, text);
    const changed = edit(text as string);
    expect(changed, file).not.toBe(text);
    await fs.writeFile(at, changed);
  }
  return before;
}

async function restore(before: Map<string, string | undefined>): Promise<void> {
  for (const [file, text] of before) {
    if (text === undefined) await fs.rm(path.join(copy.dir, file));
    else await fs.writeFile(path.join(copy.dir, file), text);
  }
}

/** The rules named by a lint run's problem lines. */
const rulesIn = (output: string) => [...new Set([...output.matchAll(/\berror\s+([a-z]+\/[\w-]+)\s/g)].map((match) => match[1]))].sort();

describe(`an operation #${next} added to a copy of the checkout`, () => {
  it('takes four hand-edited files, and the pipeline passes; removing it returns the tree', { timeout: 600_000 }, async () => {
    const added = await apply(handEdits);
    let needed = new Map<string, string | undefined>();
    // Restored whatever happens, so that a failure here does not leave the copy edited for the next test.
    try {
      // The path file, the schemas, the table, the changelog entry.
      const kinds = new Set([...added.keys()].map((file) => (file.startsWith('openapi/components/schemas/') ? 'the schemas' : file)));
      expect(kinds.size).toBe(4);

      // What lint still asks for beyond the four: exactly the rules of `stillNeeded`.
      const lint = await runScript(copy.dir, 'lint');
      expect(lint.code, lint.output).toBe(stillNeeded.length > 0 ? 1 : 0);
      expect(rulesIn(lint.output), lint.output).toEqual(stillNeeded.map(({ rule }) => rule).sort());
      needed = await apply(stillNeeded);

      const build = await runScript(copy.dir, 'build');
      expect(build.code, build.output).toBe(0);
      const generated = (file: string) => fs.readFile(path.join(copy.dir, 'generated', file), 'utf8');
      expect(JSON.parse(await generated('openapi.json')).paths['/v1/webhooks/{id}'].put.operationId).toBe('replaceWebhook');
      expect(await generated('client.ts')).toMatch(/\breplaceWebhook\b/);
      expect(await generated('reference/webhooks.md')).toContain(`[Operation #${next}](interface-document.md#operation-${next})`);
      expect(await generated('reference/interface-document.md')).toContain(
        `| <a id="operation-${next}"></a>${next} | \`PUT\` | \`/v1/webhooks/{id}\` | \`200 OK\` | shown: \`id\` and an optional JSON body | \`replaceWebhook\` | Webhooks |`,
      );
      expect(await generated('docs/interface-document.html')).toContain(`<tr id="operation-${next}">`);
      expect(await generated('llms.txt')).toContain(`${next} operations in`);

      const check = await runScript(copy.dir, 'check');
      expect(check.code, check.output).toBe(0);
      const gate = await runScript(copy.dir, 'diff', ['--gate', '--base-branch', 'main']);
      expect(gate.code, gate.output).toBe(0);
      expect(gate.stdout).toContain('added: replaceWebhook');
      // No test counts or lists by hand what the table knows.
      const unit = await unitTier();
      expect(unit.code, unit.output.slice(-4000)).toBe(0);
      expect(unit.stdout).toMatch(/Tests +[1-9]\d* passed \(\d+\)/);
      // The mutations of the area the new operation joins (its path files), not the whole set again:
      // .ci/run runs every one on the checkout.
      const mutate = await runScript(copy.dir, 'mutate', ['--in', 'paths/v1_webhooks']);
      expect(mutate.code, mutate.output).toBe(0);
      expect(mutate.stdout).toMatch(/^mutate: [1-9]\d* of [1-9]\d* mistakes caught .*0 survived/m);
    } finally {
      // Removed again, generated/ as committed: the drift check passes (a build of the source makes
      // generated/ exactly), and nothing else differs.
      await restore(needed);
      await restore(added);
      await copy.git('checkout', '--', 'generated');
    }
    const recheck = await runScript(copy.dir, 'check');
    expect(recheck.code, recheck.output).toBe(0);
    const status = await copy.git('status', '--porcelain', '--', '.', ':!generated/docs');
    expect(status.stdout).toBe('');
  });

  it('needs each of the four: without any one, lint or the release gate fails, naming what is missing', { timeout: 300_000 }, async () => {
    for (const left of handEdits) {
      const applied = await apply(handEdits.filter((edit) => edit !== left));
      const lint = await runScript(copy.dir, 'lint');
      const failed = lint.code !== 0 ? lint : await runScript(copy.dir, 'diff', ['--gate', '--base-branch', 'main']);
      await restore(applied);
      expect(failed.code, `${left.file} left out: ${failed.output}`).toBe(1);
      expect(failed.output, `${left.file} left out`).toMatch(left.without);
    }
  });
});
