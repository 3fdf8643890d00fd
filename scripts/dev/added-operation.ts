// The promise that adding an operation to the interface document is five hand-edited files, the
// four kinds of CONTRIBUTING.md's steps 2 to 5 (the path file, its two schemas, the table in
// scripts/stated/operations.ts, the changelog entry; a new path adds its `$ref` in
// openapi/openapi.yaml, a new method of a path needs none): the edits that
// add operation #N+1 (`PUT /v1/webhooks/{id}`, replaceWebhook) to a copy of the project.
// test/e2e/added-operation.test.ts proves, in process, that the pipeline passes with them and that
// each is needed; test-added-operation.ts (`npm run test:added-operation`, weekly in
// .github/workflows/added-operation.yml) runs the whole unit tier and the area's mutations on a
// copy with them.
//
// `stillNeeded` lists the edits the pipeline still asks for beyond the five, each with the lint
// rule that asks: the test proves each is still needed, then makes it. When the contract derives
// them too, the test fails: remove the entry, and the test holds the five-file promise.
import fs from 'node:fs/promises';
import path from 'node:path';
import { operations } from '../stated/operations.ts';

/** The added operation's number: one after the table's last. */
export const addedNumber = operations.length + 1;

export interface HandEdit {
  /** The file, relative to the project. */
  file: string;
  /** What it becomes, given what it holds (undefined: a new file). */
  edit(text: string | undefined): string;
}

/** The five files a maintainer edits by hand (the schemas are two files of one kind). */
export const handEdits: HandEdit[] = [
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

    Operation #${addedNumber} of the interface document, which states its method, path and success label (OK).
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
  },
  {
    file: 'openapi/components/schemas/ReplaceWebhookRequestBody.yaml',
    edit: () =>
      'description: >-\n  The request body of `replaceWebhook`. The interface document does not specify\n  its fields, so any JSON object is accepted.\ntype: object\nadditionalProperties: true\n',
  },
  {
    file: 'openapi/components/schemas/ReplaceWebhookResponseBody.yaml',
    edit: () =>
      'description: >-\n  One webhook, as returned by `replaceWebhook`. The interface document does not\n  specify its fields, so any JSON object is accepted.\ntype: object\nadditionalProperties: true\n',
  },
  {
    file: 'scripts/stated/operations.ts',
    edit: (text) =>
      String(text).replace(
        /^( {2}\{ n: \d+, .*listQuotas.*\n)/m,
        `$1  { n: ${addedNumber}, method: 'put', path: '/v1/webhooks/{id}', status: '200', label: 'OK', request: 'id+optional-body', area: webhooks, operationId: 'replaceWebhook' },\n`,
      ),
  },
  {
    file: 'CHANGELOG.md',
    edit: (text) =>
      String(text).replace(
        '## [Unreleased]\n',
        `## [Unreleased]\n\n### Added\n\n- \`replaceWebhook\`: operation #${addedNumber} of the interface document, \`PUT /v1/webhooks/{id}\`.\n`,
      ),
  },
];

/** Edits the pipeline still asks for beyond the five (see the header), each with the lint rule that asks. */
export const stillNeeded: (HandEdit & { rule: string })[] = [];

/**
 * Makes `edits` in the project at `dir`; gives back what each file held (undefined: it did not
 * exist), for {@link undoEdits}. Throws when an edit changes nothing (its anchor is gone).
 */
export async function makeEdits(dir: string, edits: HandEdit[]): Promise<Map<string, string | undefined>> {
  const before = new Map<string, string | undefined>();
  for (const { file, edit } of edits) {
    const at = path.join(dir, file);
    const text = await fs.readFile(at, 'utf8').catch(() => undefined);
    const changed = edit(text);
    if (changed === text) throw new Error(`added operation: the edit of ${file} changes nothing: its anchor is gone`);
    before.set(file, text);
    await fs.writeFile(at, changed);
  }
  return before;
}

/** Puts back what {@link makeEdits} changed. */
export async function undoEdits(dir: string, before: Map<string, string | undefined>): Promise<void> {
  for (const [file, text] of before) {
    if (text === undefined) await fs.rm(path.join(dir, file), { force: true });
    else await fs.writeFile(path.join(dir, file), text);
  }
}
