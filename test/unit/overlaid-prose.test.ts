// The texts of a description with overlays say what the overlays state and nothing that contradicts
// it: the description's sentences that say a part is open leave the operations whose part an
// overlay filled in (and only those), in the description itself and so in every artifact made from
// it (the Markdown reference and llms-full.txt, the types' comments, the code samples); the
// overview table shows the interface document's verdict beside what the overlays add.
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownReference } from '../../scripts/pipeline/markdown-reference.ts';
import { generateTypes } from '../../scripts/pipeline/generate-types.ts';
import { overlaidDescription } from '../../scripts/overlay/build-overlaid.ts';
import { callerChanges } from '../../scripts/overlay/caller-changes.ts';
import { filledAcross, filledParts } from '../../scripts/overlay/open-parts.ts';
import { overlaidOverview } from '../../scripts/overlay/overlaid-overview.ts';
import { overlayChanges } from '../../scripts/overlay/overlay-changes.ts';
import { eachOperation } from '../../scripts/openapi-document.ts';
import type { OpenPart } from '../../scripts/stated/open-wordings.ts';
import { checkout, type Json, loadBundle, root } from '../support/helpers.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const examples = path.join(root, 'examples', 'overlays');
const scratch = scratchFolderPerFile('overlaid-prose');
let base: Json;
let document: Json;
let reference: Map<string, string>;

/** An overlay that types `id` and gives the error body a field, beside the two examples. */
const typedId = `overlay: 1.1.0
info: {title: Typed id and errors, version: "1"}
actions:
  - target: $.components.parameters.Id.schema
    update: {format: uuid}
  - target: $.components.schemas.ErrorBody
    update: {type: object, properties: {message: {type: string}}}
`;

/** An overlay that gives one operation credentials and an error response with a field, and no other operation. */
const oneOperation = `overlay: 1.1.0
info: {title: One operation, version: "1"}
actions:
  - target: $
    update:
      security: []
      components: {securitySchemes: {Key: {type: apiKey, in: header, name: X-Key}}}
  - target: $.paths['/v1/scopes'].get
    update:
      security: [{Key: []}]
      responses: {'404': {description: Not found., content: {application/json: {schema: {type: object, properties: {reason: {type: string}}}}}}}
`;

/** An overlay that gives deleteWebhook alone an error body of its own: its `default` replaced by a $ref to a response of the overlay's. */
const deleteWebhookError = `overlay: 1.1.0
info: {title: Typed deleteWebhook error, version: "1"}
actions:
  - target: $.components.schemas
    update:
      DeleteWebhookErrorBody: {type: object, properties: {code: {type: string}, message: {type: string}}}
  - target: $.components.responses
    update:
      DeleteWebhookError: {description: An error of deleteWebhook., content: {application/json: {schema: {$ref: '#/components/schemas/DeleteWebhookErrorBody'}}}}
  - target: $.paths['/v1/webhooks/{id}'].delete.responses.default
    remove: true
  - target: $.paths['/v1/webhooks/{id}'].delete.responses
    update:
      default: {$ref: '#/components/responses/DeleteWebhookError'}
`;

/** An overlay that adds a 404 response, without a body, to deleteWebhook alone. */
const deleteWebhook404 = `overlay: 1.1.0
info: {title: A 404 of deleteWebhook, version: "1"}
actions:
  - target: $.paths['/v1/webhooks/{id}'].delete.responses
    update:
      '404': {description: No webhook has this id.}
`;

beforeAll(async () => {
  base = await loadBundle();
  const errorFile = path.join(scratch.dir, 'delete-webhook-error.yaml');
  await fs.writeFile(errorFile, deleteWebhookError);
  ownError = (await overlaidDescription(checkout, { overlays: [errorFile], out: scratch.dir }, base)).document;
  const notFoundFile = path.join(scratch.dir, 'delete-webhook-404.yaml');
  await fs.writeFile(notFoundFile, deleteWebhook404);
  notFound = (await overlaidDescription(checkout, { overlays: [notFoundFile], out: scratch.dir }, base)).document;
  const file = path.join(scratch.dir, 'typed-id.yaml');
  await fs.writeFile(file, typedId);
  const one = path.join(scratch.dir, 'one-operation.yaml');
  await fs.writeFile(one, oneOperation);
  scopesOnly = (await overlaidDescription(checkout, { overlays: [one], out: scratch.dir }, base)).document;
  const overlays = [path.join(examples, 'auth.yaml'), path.join(examples, 'fields.yaml')];
  document = (await overlaidDescription(checkout, { overlays, out: scratch.dir }, base)).document;
  reference = markdownReference(document);
  typed = (await overlaidDescription(checkout, { overlays: [file], out: scratch.dir }, base)).document;
});
let typed: Json;
let scopesOnly: Json;
let ownError: Json;
let notFound: Json;

const operation = (doc: Json, p: string, method: string) => doc.paths[p][method];

describe('the texts of a description with overlays', () => {
  it('no longer say that authorization is open once an overlay requires credentials, and say what the overlays add', () => {
    const text = JSON.stringify(document);
    expect(JSON.stringify(base)).toContain('required authorization are not specified');
    expect(text).not.toMatch(/authori[sz]ation are not specified/);
    expect(text).not.toContain('authentication schemes');
    const scopes = operation(document, '/v1/scopes', 'get').description;
    expect(scopes).toContain('Lists the scopes.'); // its own name, not a claim about authentication
    expect(scopes).toContain('Response fields and errors are not specified.');
    expect(scopes).toContain('**From the overlays:** credentials: a caller must now send ExampleApiKey (the header X-Example-Api-Key).');
  });

  it('no longer say that the fields are open where an overlay gave them, and still do elsewhere', () => {
    const send = operation(document, '/v1/batches/{id}/send', 'post');
    expect(send.description).not.toContain('whose fields are not specified');
    expect(send.description).toContain('Response fields and errors are not specified.');
    expect(send.requestBody.description).toBeUndefined();
    expect(document.components.schemas.SendBatchRequestBody.description).toBe('The request body of `sendBatch`, with the fields of the example overlay.');
    const status = operation(document, '/v1/messages/status', 'get').description;
    expect(status).toContain('Errors are not specified.');
    expect(status).not.toContain('Response fields');
    // An operation no overlay gave fields keeps its sentence about them.
    const replace = operation(document, '/v1/link-branding/{id}', 'put');
    expect(replace.description).toContain('It may take a JSON request body whose fields are not specified.');
    expect(document.components.schemas.ReplaceLinkBrandingRequestBody.description).toContain('any JSON object is accepted');
  });

  it("reword a payload's schema of an operation an overlay renamed (npm run build -- --allow-operation-changes)", async () => {
    const file = path.join(scratch.dir, 'renamed.yaml');
    await fs.writeFile(
      file,
      `overlay: 1.1.0
info: {title: Renamed, version: "1"}
actions:
  - target: $.paths['/v1/webhooks'].get
    update: {operationId: listHooks}
  - target: $.components.schemas.ListWebhooksResponseBody
    update: {type: array, items: {type: object, properties: {url: {type: string}}}}
`,
    );
    const renamed: Json = (await overlaidDescription(checkout, { overlays: [file], out: scratch.dir, allowOperationChanges: true }, base)).document;
    expect(base.components.schemas.ListWebhooksResponseBody.description).toContain('so any JSON value is accepted');
    expect(renamed.components.schemas.ListWebhooksResponseBody.description).toBe('The webhooks, as returned by `listWebhooks`.');
  });

  it('say the type of `id` and the error body are no longer open only once an overlay states them', () => {
    const open = '`id` identifies the resource; its type and format are not specified.';
    expect(operation(document, '/v1/webhooks/{id}', 'delete').description).toContain(open);
    expect(operation(typed, '/v1/webhooks/{id}', 'delete').description).not.toContain(open);
    expect(typed.components.parameters.Id.description).not.toContain('does not specify its type or format');
    expect(typed.components.schemas.ErrorBody.description).toBe('The body of any response other than the success response.');
    expect(typed.components.responses.ErrorResponse.description).toBe(
      'Every other response of the operation. The interface document does not specify error status codes or error conditions.',
    );
  });

  it('say exactly what of the errors is still open once an overlay gives them fields or a status', () => {
    const open = 'Response fields, errors and required authorization are not specified.';
    const fieldsGiven = 'Response fields, error status codes, error conditions and required authorization are not specified.';
    // deleteWebhook's own error body: its fields are given, its statuses and conditions are not; no other operation changes.
    expect(operation(ownError, '/v1/webhooks/{id}', 'delete').description).toContain(fieldsGiven);
    expect(operation(ownError, '/v1/webhooks/{id}', 'delete').description).not.toContain(open);
    expect(operation(ownError, '/v1/webhooks', 'get').description).toContain(open);
    expect(ownError.components.responses.ErrorResponse.description).toBe(base.components.responses.ErrorResponse.description);
    expect(ownError.components.schemas.ErrorBody.description).toBe(base.components.schemas.ErrorBody.description);
    // The shared error body typed: every operation's error fields are given.
    expect(operation(typed, '/v1/webhooks/{id}', 'delete').description).toContain(fieldsGiven);
    expect(operation(typed, '/v1/webhooks', 'get').description).toContain(fieldsGiven);
    // A 404 for deleteWebhook: the errors other than it stay open, there and (the shared response's text) everywhere.
    expect(operation(notFound, '/v1/webhooks/{id}', 'delete').description).toContain(
      'Response fields, other errors and required authorization are not specified.',
    );
    expect(operation(notFound, '/v1/webhooks', 'get').description).toContain(open);
    expect(notFound.components.responses.ErrorResponse.description).toBe(base.components.responses.ErrorResponse.description);
    // A 404 with a field for listScopes, and its credentials: the shared error body is not what it typed.
    expect(operation(scopesOnly, '/v1/scopes', 'get').description).toContain('Response fields and other errors are not specified.');
    expect(scopesOnly.components.schemas.ErrorBody.description).toBe(base.components.schemas.ErrorBody.description);
    expect(scopesOnly.components.responses.ErrorResponse.description).toBe(base.components.responses.ErrorResponse.description);
  });

  it('carry the overview with the verdict of the interface document beside what the overlays add', () => {
    const table = document.info.description.split('\n').filter((line: string) => line.startsWith('|'));
    expect(table[0]).toBe('| Part of the interface document | What the interface document states | What this description with the overlays specifies |');
    expect(table).toContain(
      '| Authentication | Left open | Added by the overlays: credentials (every operation): must now send ExampleApiKey (the header X-Example-Api-Key); add security scheme ExampleApiKey: the header X-Example-Api-Key. |',
    );
    expect(table).toContain('| Events | Left open | No webhook events are declared. |');
    // Found by a review: with overlays, the description no longer encodes only the interface document.
    expect(base.info.description).toMatch(/invents\s+nothing/);
    expect(document.info.description).not.toMatch(/invents\s+nothing/);
    expect(document.info.description).toContain('This is the reference description of the Email Delivery Service HTTP interface');
    expect(table.find((line: string) => line.startsWith('| Resources and their fields |'))).toContain(
      'Added by the overlays: request field `subject` at $.subject (sendBatch)',
    );
  });

  // Found by a trial of learning (issue 52): a learned overlay's root says its scheme may be sent, or none,
  // and one operation needs it. The first was worded "must now send no credentials, or ...", breaking;
  // the overview listed both as "credentials (...)".
  it.each([
    ['required everywhere', [{ Key: [] }], [['every operation', 'must now send Key (the header X-Key)', true]]],
    [
      'required on one operation, may be sent or not on the others',
      [{}, { Key: [] }],
      [
        ['listScopes', 'must now send Key (the header X-Key)', true],
        ['the others', 'may now send Key (the header X-Key), or none', false],
      ],
    ],
    ['required on one operation, none on the others', [{}], [['listScopes', 'must now send Key (the header X-Key)', true]]],
  ])('credentials %s: what a caller must or may do, told apart in the overview', (_name, security, want) => {
    const overlaid = structuredClone(base);
    overlaid.components.securitySchemes = { Key: { type: 'apiKey', in: 'header', name: 'X-Key' } };
    overlaid.paths['/v1/scopes'].get.security = [{ Key: [] }];
    overlaid.security = security;
    const changes = overlayChanges(base, overlaid);
    const credentials = changes.changes.filter((change) => change.what === 'credentials');
    const others = (operations: string) => (operations.startsWith('getApiKey, listUnsubscribeGroups, ') ? 'the others' : operations);
    expect(credentials.map((change) => [others(change.operations), change.caller, change.breaking])).toEqual(want);
    overlaidOverview(overlaid, changes, filledParts(overlaid, callerChanges(base, overlaid).changes));
    const row = overlaid.info.description.split('\n').find((line: string) => line.startsWith('| Authentication |'));
    for (const change of credentials) expect(row).toContain(`credentials (${change.operations}): ${change.caller}`);
  });

  it('keep saying in the overview that a part is open for the operations no overlay filled it in for', () => {
    const row = (doc: Json, part: string) => doc.info.description.split('\n').find((line: string) => line.startsWith(`| ${part} |`));
    // fields.yaml gives fields to the bodies of sendBatch and getMessageStatus only.
    expect(row(document, 'Resources and their fields')).toContain('The fields of every resource are left open, except where the overlays add them.');
    expect(row(document, 'Endpoints')).toContain(
      'Request and response payloads the overlays add no fields to, the type and format of `id`, and query parameters of list operations are left open.',
    );
    // The typed overlay types the shared `id` and error body, so every operation's: those leave the rows, the other fields stay open.
    expect(row(typed, 'Endpoints')).toContain('Request and response payloads and query parameters of list operations are left open.');
    expect(row(typed, 'Resources and their fields')).toContain('The fields of every resource are left open, except where the overlays add them.');
    expect(row(typed, 'Errors')).toBe('| Errors | Left open | Added by the overlays: default response field `message` at $.message (every operation). |');
    // Credentials and an error body for listScopes alone.
    expect(row(scopesOnly, 'Authentication')).toContain('| No security scheme is declared, except where the overlays add one. Added by the overlays:');
    expect(row(scopesOnly, 'Errors')).toContain(
      '| One `default` response with any JSON body, except where the overlays add error fields. Added by the overlays:',
    );
    expect(row(scopesOnly, 'Resources and their fields')).toContain('The fields of every resource are left open, except where the overlays add them.');
  });

  it('count a part as filled in only once it is for every operation it concerns', () => {
    // The request fields concern the operations with a request body: all of them filled in, the part is.
    const withBody = [...eachOperation(base)].filter(({ operation }) => operation.requestBody).map(({ operation }) => String(operation.operationId));
    const filled = new Map([...eachOperation(base)].map(({ operation }) => [String(operation.operationId), new Set<OpenPart>()]));
    for (const id of withBody) filled.get(id)!.add('request fields');
    expect(filledAcross(base, filled)).toEqual({ all: new Set(['request fields']), some: new Set() });
    filled.get(withBody[0])!.delete('request fields');
    expect(filledAcross(base, filled)).toEqual({ all: new Set(), some: new Set(['request fields']) });
  });

  it('reach the Markdown reference, llms-full.txt, the types and the code samples', async () => {
    const messages = reference.get('reference/messages-and-batches.md')!;
    const section = messages.slice(messages.indexOf('## Send a batch'), messages.indexOf('\n## ', messages.indexOf('## Send a batch') + 1));
    expect(section).not.toMatch(/whose fields|authorization are not specified/);
    expect(section.split('\n').find((line) => line.startsWith('- Body'))).toBe(
      '- Body (optional): `application/json`, schema `SendBatchRequestBody`: The request body of `sendBatch`, with the fields of the example overlay.',
    );
    // The error body is still open: its sentence stays.
    expect(section).toContain('so any JSON value is accepted');
    expect(reference.get('llms-full.txt')).not.toContain('authorization are not specified');
    const types = await generateTypes(document);
    expect(types).not.toMatch(/The request body of `sendBatch`[^\n]*any JSON object/);
    const sample = markdownReference(typed).get('reference/webhooks.md')!;
    expect(sample).toContain("    id: 'ID', // string, uuid");
    expect(sample).not.toContain('type and format not specified');
  });
});
