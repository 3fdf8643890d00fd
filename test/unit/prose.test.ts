// faithful/prose (scripts/lint/contract/prose.ts), on a tiny hand-written document: one operation
// of the table with its texts as the contract writes them, and each case changes one text and
// gives the breaches it must make. A wording reworded, a lead word that its operation's row does
// not have, a number or a code span it does not state, a text where the contract writes none.
import { describe, expect, it } from 'vitest';
import { proseBreaches } from '../../scripts/lint/contract/prose.ts';
import { operationWording, payloadWording } from '../../scripts/stated/open-wordings.ts';
import { operations } from '../../scripts/stated/operations.ts';
import type { Json } from '../support/helpers.ts';

const listScopes = operations.find((row) => row.operationId === 'listScopes')!;
const sendBatch = operations.find((row) => row.operationId === 'sendBatch')!;

const collection =
  'The interface document specifies neither their fields nor the shape of the collection (an array or an envelope object), so any JSON value is accepted.';

/** `listScopes` alone, every text as the contract writes it (written out here, not made by the wordings). */
function tiny(): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Email Delivery Service API',
      summary: 'The HTTP interface of the Email Delivery Service, as far as it is specified.',
      version: '1.0.0',
      description:
        'This is the reference description of the Email Delivery Service HTTP interface:\nthe operations its interface document lists, under the `/v1/` path prefixes.\n\n' +
        "It encodes exactly what the service's interface document states and invents\nnothing. " +
        'Where that document says "not shown", this description leaves the part open and says so: payload schemas accept any JSON, and there are no invented fields, status codes, headers or authentication schemes.',
    },
    tags: [{ name: 'Account and access', description: 'Operations under `/v1/api-key`, `/v1/scopes` and `/v1/user/password`.' }],
    paths: {
      '/v1/scopes': {
        get: {
          tags: ['Account and access'],
          summary: 'List scopes',
          description:
            'Lists the scopes.\n\nOperation #1 of the interface document, which states its method, path and success label (OK).\nResponse fields, errors and required authorization are not specified.\n',
          operationId: 'listScopes',
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/ListScopesResponseBody' } } } } },
        },
      },
    },
    components: { schemas: { ListScopesResponseBody: { description: `The scopes, as returned by \`listScopes\`. ${collection}` } } },
  };
}

const get = (d: Json) => d.paths['/v1/scopes'].get;
const schema = (d: Json) => d.components.schemas.ListScopesResponseBody;

type Case = [name: string, edit: (d: Json) => void, breaches: [at: string, message: RegExp][]];

// prettier-ignore
const cases: Case[] = [
  ['the document as the contract writes it', () => {}, []],
  // Leads: the operation's words only.
  ['a summary with a word its row does not have', (d) => (get(d).summary = 'List scopes once'),
    [['#/paths/~1v1~1scopes/get/summary', /^"List scopes once" uses "once": a lead names only what #1's row does/]]],
  ['an invented fact after the lead', (d) => (get(d).description = get(d).description.replace('Lists the scopes.', 'Lists the scopes. Callers need a token.')),
    [['#/paths/~1v1~1scopes/get/description', /^"Callers need a token\." uses "Callers", "need", "token"/]]],
  ['what is open, said in the lead', (d) => (get(d).description = get(d).description.replace('Lists the scopes.', 'Lists the scopes. Their paging is not specified.')),
    [['#/paths/~1v1~1scopes/get/description', /"Their paging is not specified\." uses "paging", "is", "not", "specified"/]]],
  ['a quantifier that claims more (all: no paging)', (d) => (get(d).description = get(d).description.replace('Lists the scopes.', 'Lists all the scopes.')),
    [['#/paths/~1v1~1scopes/get/description', /uses "all"/]]],
  ['a number the interface document does not state', (d) => (get(d).description = get(d).description.replace('Lists the scopes.', 'Lists the 50 scopes.')),
    [['#/paths/~1v1~1scopes/get/description', /^"Lists the 50 scopes\." holds a number: "5", "0": a lead is plain words; a number or a name goes in a code span, and only its own \(`#1`, `200`, `\/v1\/scopes`\)$/]]],
  ['an overview whose header says more', (d) => (d.info.description += `\n\n| Part of the interface document | What this description specifies (every call needs a token) |\n|---|---|\n| Events | Left open: no webhook events are declared. |`),
    [['#/info/description', /differs from the wording of the introduction/]]],
  ['a spelled-out number', (d) => (get(d).summary = 'List three scopes'),
    [['#/paths/~1v1~1scopes/get/summary', /uses "three"/]]],
  ['a code span that names nothing the bundle has', (d) => (get(d).description = get(d).description.replace('Lists the scopes.', 'Lists the scopes by `created_at`.')),
    [['#/paths/~1v1~1scopes/get/description', /names `created_at`, which is neither one of #1's names nor a declared literal/]]],
  ['another operation named in code', (d) => (get(d).description = get(d).description.replace('Lists the scopes.', 'Lists the scopes of `getApiKey`.')),
    [['#/paths/~1v1~1scopes/get/description', /names `getApiKey`, which is neither one of #1's names/]]],
  ['HTML', (d) => (get(d).summary = 'List <b>scopes</b>'),
    [['#/paths/~1v1~1scopes/get/summary', /holds HTML: "<", ">", "\/": a lead is plain words/], ['#/paths/~1v1~1scopes/get/summary', /uses "b"/]]],
  ['a link', (d) => (get(d).description = get(d).description.replace('Lists the scopes.', 'Lists the scopes at https://docs.example.com/scopes.')),
    [['#/paths/~1v1~1scopes/get/description', /holds a link: "\/": a lead is plain words/], ['#/paths/~1v1~1scopes/get/description', /uses "https", "docs", "example", "com"/]]],
  // Found by a review: characters the words check never read could carry a fact.
  ['a Markdown link whose destination says it', (d) => (get(d).description = get(d).description.replace('Lists the scopes.', 'Lists the [scopes](scopes_need_oauth2).')),
    [['#/paths/~1v1~1scopes/get/description', /holds a link, a number, Markdown: "\[", "\]", "_", "2"/], ['#/paths/~1v1~1scopes/get/description', /uses "need", "oauth"/]]],
  ['HTML entities, wide digits and letters of another script', (d) => (get(d).summary = 'List scopes &#x74; １００ сасһеԁ'),
    [['#/paths/~1v1~1scopes/get/summary', /holds HTML, a number, a character of another script: "&", "#", "7", "4", "１", "０", "с", "а", "һ", "е", "ԁ": a lead is plain words/], ['#/paths/~1v1~1scopes/get/summary', /uses "x"/]]],
  ['its own status as a bare number (a quota of 200?)', (d) => (get(d).summary = 'List scopes 200'),
    [['#/paths/~1v1~1scopes/get/summary', /holds a number: "2", "0": a lead is plain words/]]],
  ['the verb to be ("X is Y" is a claim)', (d) => (get(d).summary = 'Scopes is a list'),
    [['#/paths/~1v1~1scopes/get/summary', /uses "is"/]]],
  ['a schema that names another resource', (d) => (schema(d).description = schema(d).description.replace('The scopes', 'The footer settings')),
    [['#/components/schemas/ListScopesResponseBody/description', /^"The footer settings" uses "footer", "settings"/]]],
  // Wordings: exactly the table's.
  ['the wording reworded', (d) => (get(d).description = get(d).description.replace('Response fields, errors and required authorization are not specified.', 'Nothing about the response is specified.')),
    [['#/paths/~1v1~1scopes/get/description', /^"Nothing about the response is specified\." differs from the wording of #1's description, which reads exactly/]]],
  ['the wording cut short', (d) => (get(d).description = 'Lists the scopes.'),
    [['#/paths/~1v1~1scopes/get/description', /^"Lists the scopes\." differs from the wording of #1's description/]]],
  ['a sentence added to the wording', (d) => (get(d).description += 'Scopes are cached.\n'),
    [['#/paths/~1v1~1scopes/get/description', /^"Scopes are cached\." differs from the wording of #1's description/]]],
  ['a schema without its lead', (d) => (schema(d).description = collection),
    [['#/components/schemas/ListScopesResponseBody/description', /differs from the wording of the schema ListScopesResponseBody, which reads exactly: "<lead>, as returned by `listScopes`\./]]],
  ['a shared wording with more', (d) => (d.servers = [{ url: '{base_url}', description: "The base URL of the service, such as the production host.", variables: { base_url: { default: 'http://127.0.0.1:4010' } } }]),
    [['#/servers/0/description', /^"The base URL of the service, such as the production host\." differs from the wording of servers\/0\/description/]]],
  ['an area described by hand', (d) => (d.tags[0].description = 'Operations under `/v1/scopes`.'),
    [['#/tags/0/description', /differs from the wording of the Account and access area's description, which reads exactly .*`\/v1\/api-key`, `\/v1\/scopes` and `\/v1\/user\/password`/]]],
  ['the introduction with a sentence more', (d) => (d.info.description += ' Use it to send newsletters.'),
    [['#/info/description', /^"Use it to send newsletters\." differs from the wording of the introduction/]]],
  ['a text where the contract writes none', (d) => (d.externalDocs = { url: 'https://example.com', description: 'The guide.' }),
    [['#/externalDocs/description', /^"The guide\." is a text where the contract writes none/]]],
  ['a missing text', (d) => delete schema(d).description,
    [['#/components/schemas/ListScopesResponseBody/description', /^the schema ListScopesResponseBody is missing: it reads exactly: "<lead>, as returned by `listScopes`\. The interface/]]],
  // What a lead may say: its operation's words, another verb of its method, names in code.
  ['another verb of its method', (d) => (get(d).description = get(d).description.replace('Lists the scopes.', 'Returns the scopes.')), []],
  ['its path named in code', (d) => (get(d).description = get(d).description.replace('Lists the scopes.', 'Lists the scopes at `/v1/scopes`.')), []],
  ['its own number and status, in code', (d) => (get(d).description = get(d).description.replace('Lists the scopes.', 'Lists the scopes (`#1`, `200 OK`).')), []],
  ['its area named', (d) => (get(d).description = get(d).description.replace('Lists the scopes.', 'Lists the scopes of the account.')), []],
  ['a wording wrapped otherwise', (d) => (schema(d).description = schema(d).description.replace(' The interface', '\nThe\n  interface')), []],
];

describe('faithful/prose, on a tiny document', () => {
  it.each(cases)('%s', (_name, edit, expected) => {
    const document = tiny();
    edit(document);
    const found = proseBreaches(document).map(({ at, message }) => ({ at, message }));
    expect(found, JSON.stringify(found, null, 2)).toHaveLength(expected.length);
    for (const [at, message] of expected) expect(found, at).toContainEqual({ at, message: expect.stringMatching(message) });
  });
});

describe('the wordings an overlay writes again', () => {
  it('leave the items of a list an overlay fills in, and the sentence once none is left', () => {
    expect(operationWording(sendBatch, new Set(['authentication']))).toMatch(/\nResponse fields and errors are not specified\.$/);
    expect(operationWording(sendBatch, new Set(['authentication', 'response fields']))).toMatch(/\nErrors are not specified\.$/);
    // An error body's fields given, the statuses and conditions are still open; an error response added, the other errors are.
    expect(operationWording(sendBatch, new Set(['error fields']))).toMatch(
      /\nResponse fields, error status codes, error conditions and required authorization are not specified\.$/,
    );
    expect(operationWording(sendBatch, new Set(['authentication', 'response fields', 'error fields']))).toMatch(
      /\nError status codes and error conditions are not specified\.$/,
    );
    const all = operationWording(sendBatch, new Set(['authentication', 'response fields', 'errors', 'error fields', 'request fields', 'id type']));
    expect(all).toBe(
      `Operation #${sendBatch.n} of the interface document, which states its method, path and success label (${sendBatch.label}).\nOther errors are not specified.`,
    );
    expect(operationWording(listScopes)).not.toContain('`id`');
  });

  it('leave a payload schema its first sentence once its fields are given', () => {
    expect(payloadWording('request', 'sendBatch', new Set(['request fields']))).toBe('The request body of `sendBatch`.');
    expect(payloadWording('resource', 'getApiKey', new Set(['response fields']))).toBe('');
    expect(payloadWording('list', 'listScopes')).toBe(collection);
  });
});
