// The faithfulness contract (scripts/lint/faithful.ts, one rule per file in scripts/lint/contract/rules/)
// run by Redocly's engine. Each rule is tested like Redocly's and Spectral's own: a tiny inline
// document (five operations of the table) that the rule lets through, and a table of one-line
// edits (given) with the problem the rule alone must name (want: its pointer and message). The
// rules about the whole description (every operation there, the overview table) are tested on the
// committed bundle, as are the few tests about the real description: it and both variants break
// no rule, one mistake is one error, and on the split source a problem names the file and line.
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FaithfulRule, faithfulRules, lintFaithful } from '../../scripts/lint/faithful.ts';
import { problemLines } from '../../scripts/lint/lint-problems.ts';
import { lintSource, redoclySession } from '../../scripts/lint/redocly.ts';
import { readSource } from '../../scripts/lint/source-boundary.ts';
import { areas, operations } from '../../scripts/stated/operations.ts';
import { openProject } from '../../scripts/project.ts';
import { checkout, checkoutLinters, type Json, loadBundle } from '../support/helpers.ts';

let bundle: Json;
/** The operation the cases below remove or rename a schema of. */
const listQuotas = operations.find((operation) => operation.operationId === 'listQuotas')!;
beforeAll(async () => {
  bundle = await loadBundle();
});

/** Each problem as one line: its rule, the pointer it is at in the document, and its message. */
async function problems(document: Json, variant: Parameters<typeof lintFaithful>[1] = 'bundle', rules?: FaithfulRule[]): Promise<string[]> {
  return (await lintFaithful(document, variant, rules)).map(
    (problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? '(a sentence)'}: ${problem.message}`,
  );
}

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });
const json = (name: string) => ({ 'application/json': { schema: ref('schemas', name) } });
const open = () => ({ type: 'object', additionalProperties: true });
const answers = (status: string, label: string, schema: string) => ({
  [status]: { description: label, content: json(schema) },
  default: ref('responses', 'ErrorResponse'),
});

/** Five operations of the table, written here as the contract wants them (their texts aside: prose.test.ts holds those). */
function tiny(): Json {
  return {
    openapi: '3.1.0',
    info: { title: 'Email Delivery Service API', version: '1.0.0' },
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:4010' } } }],
    tags: areas.map((name) => ({ name })),
    paths: {
      '/v1/api-key': {
        get: {
          tags: ['Account and access'],
          summary: 'Get the API key',
          operationId: 'getApiKey',
          parameters: [ref('parameters', 'OpenQuery')],
          responses: answers('200', 'OK', 'GetApiKeyResponseBody'),
        },
      },
      '/v1/webhooks': {
        get: { tags: ['Webhooks'], summary: 'List webhooks', operationId: 'listWebhooks', responses: answers('200', 'OK', 'ListWebhooksResponseBody') },
      },
      '/v1/webhooks/{id}': {
        delete: {
          tags: ['Webhooks'],
          summary: 'Delete a webhook',
          operationId: 'deleteWebhook',
          parameters: [ref('parameters', 'Id')],
          responses: answers('200', 'OK', 'DeleteWebhookResponseBody'),
        },
      },
      '/v1/batches/{id}/send': {
        post: {
          tags: ['Messages and batches'],
          summary: 'Send a batch',
          operationId: 'sendBatch',
          parameters: [ref('parameters', 'Id')],
          requestBody: { description: 'A JSON object.', required: false, content: json('SendBatchRequestBody') },
          responses: answers('201', 'Created', 'SendBatchResponseBody'),
        },
      },
      '/v1/quotas': { get: { tags: ['Quotas'], summary: 'List quotas', operationId: 'listQuotas', responses: answers('200', 'OK', 'ListQuotasResponseBody') } },
    },
    components: {
      parameters: {
        Id: { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, not: { enum: ['.', '..'] } } },
        OpenQuery: {
          name: 'pairs',
          in: 'query',
          required: false,
          style: 'form',
          explode: true,
          schema: { type: 'object', additionalProperties: { type: 'string' } },
        },
      },
      responses: { ErrorResponse: { description: 'Every other response of the operation.', content: json('ErrorBody') } },
      schemas: {
        ErrorBody: {},
        GetApiKeyResponseBody: open(),
        ListWebhooksResponseBody: {},
        DeleteWebhookResponseBody: {},
        SendBatchRequestBody: open(),
        SendBatchResponseBody: open(),
        ListQuotasResponseBody: {},
      },
    },
  };
}

describe('the committed description', () => {
  it.each([
    ['openapi.json', 'bundle'],
    ['openapi-3.0.json', '3.0'],
    ['openapi.dereferenced.json', 'dereferenced'],
  ] as const)('generated/%s breaks no rule', async (file, variant) => {
    expect(await problems(JSON.parse(await fs.readFile(path.join(checkout.outputDir, file), 'utf8')), variant)).toEqual([]);
  });
});

type Case = [name: string, given: (document: Json) => void, want: RegExp];
const webhooks = (d: Json) => d.paths['/v1/webhooks'].get;
const batch = (d: Json) => d.paths['/v1/batches/{id}/send'].post;
const row = (d: Json, part: string, edit: (text: string) => string) => {
  d.info.description = d.info.description.replace(new RegExp(`^\\| ${part} \\| .*$`, 'm'), (line: string) => edit(line));
};

// One table per rule: each edit must be named by that rule (other rules may name its consequences:
// a renamed operationId leaves a sentence naming the old one; 'one fact, one error' below holds the
// facts that were checked twice).
const wholeDescription: Record<'faithful/operations' | 'faithful/overview', Case[]> = {
  'faithful/operations': [
    [
      'an operation dropped',
      (d) => delete d.paths['/v1/quotas'].get,
      new RegExp(`^#/paths/~1v1~1quotas: operation #${listQuotas.n} \\(GET /v1/quotas\\) is missing`),
    ],
    [
      'an operation added',
      (d) => (d.paths['/v1/quotas'].post = structuredClone(d.paths['/v1/quotas'].get)),
      new RegExp(`^#/paths/~1v1~1quotas/post: POST /v1/quotas is not one of the ${operations.length} operations of the Endpoints table`),
    ],
  ],
  'faithful/overview': [
    ['a part dropped', (d) => row(d, 'Events', () => ''), /the overview names the part "Events"/],
    ['a row renamed', (d) => (d.info.description = d.info.description.replace('| Limits |', '| Quotas |')), /"Quotas" is not one/],
    [
      'a wrong count of operations',
      (d) => row(d, 'Endpoints', (t) => t.replace('the operations of its Endpoints table', 'the 30 operations')),
      /"Endpoints" row must read: \| Endpoints \| Specified: the operations of its Endpoints table/,
    ],
    [
      'a success status the bundle does not have',
      (d) => (batch(d).responses = { '202': { ...batch(d).responses['201'], description: 'Accepted' }, default: batch(d).responses.default }),
      /the overview's "Endpoints" row must read: .*`202 Accepted` for `sendBatch`/,
    ],
    ['a /v2/ operation the row does not name', (d) => row(d, 'Versioning', (t) => t.replace(' and `exportContacts`', '')), /"Versioning" row must read/],
    ['a row added', (d) => row(d, 'Limits', (t) => `${t}\n| Rate limits | 100 per second. |`), /"Rate limits" is not one/],
    ['a verdict turned: Left open to Specified', (d) => row(d, 'Authentication', (t) => t.replace('Left open', 'Specified')), /"Authentication" row must read/],
    ['a verdict turned: Specified to Left open', (d) => row(d, 'Versioning', (t) => t.replace('Specified', 'Left open')), /"Versioning" row must read/],
    [
      'a verdict turned: Partly specified',
      (d) => row(d, 'What the service does', (t) => t.replace('Partly specified', 'Specified')),
      /"What the service does" row must read/,
    ],
  ],
};

const cases: Record<Exclude<FaithfulRule, 'faithful/prose' | keyof typeof wholeDescription>, Case[]> = {
  'faithful/operation-id': [
    [
      'an operationId renamed',
      (d) => (webhooks(d).operationId = 'listHooks'),
      /^#\/paths\/~1v1~1webhooks\/get\/operationId: #27's operationId: expected "listWebhooks", found "listHooks"/,
    ],
  ],
  'faithful/area': [
    ['an operation moved to another area', (d) => (webhooks(d).tags = ['Quotas']), /\/get\/tags: #27's area is its only tag/],
    ['the areas reordered', (d) => d.tags.push(d.tags.shift()), /^#\/tags: one tag per area, in the document order/],
  ],
  'faithful/success-response': [
    [
      'a success label changed',
      (d) => (batch(d).responses['201'].description = 'OK'),
      /\/post\/responses\/201\/description: the success label of #13: expected "Created"/,
    ],
    [
      'a media type changed',
      (d) => (webhooks(d).responses['200'].content = { 'text/plain': webhooks(d).responses['200'].content['application/json'] }),
      /\/responses\/200\/content: the payload's media type/,
    ],
    [
      'an inline payload schema',
      (d) => (webhooks(d).responses['200'].content['application/json'].schema = { description: 'The interface document does not specify its fields.' }),
      /\/schema: the payload is a named schema/,
    ],
  ],
  'faithful/error-response': [
    [
      'an invented status',
      (d) => (webhooks(d).responses['404'] = { description: 'Not found' }),
      /\/get\/responses: #27 answers 200 and otherwise only the shared default/,
    ],
    [
      'the default response inlined',
      (d) => (webhooks(d).responses.default = { description: 'Error' }),
      /\/responses\/default: the shared default error response/,
    ],
    [
      'the error response said to be other than the success response (hey-api then types every body unknown)',
      (d) => (d.components.responses.ErrorResponse.description = 'Any response other than the success response.'),
      /^#\/components\/responses\/ErrorResponse\/description: the error response's description must not say "success"/m,
    ],
  ],
  'faithful/request-part': [
    [
      'a query parameter where rule 1 shows none',
      (d) => (webhooks(d).parameters = [{ name: 'limit', in: 'query', description: 'x' }]),
      /#27's query parameters: expected \[\]/,
    ],
    [
      'a header parameter',
      (d) => d.paths['/v1/api-key'].get.parameters.push({ name: 'X-Key', in: 'header', description: 'x' }),
      /no header or cookie parameters/,
    ],
    [
      'the id parameter dropped',
      (d) => delete d.paths['/v1/webhooks/{id}'].delete.parameters,
      /#26's path parameters: expected \["#\/components\/parameters\/Id"\], found \[\]/,
    ],
    ['an optional body made required', (d) => (batch(d).requestBody.required = true), /\/requestBody\/required: #13's body is optional/],
    ['a body where rule 1 shows none', (d) => (webhooks(d).requestBody = batch(d).requestBody), /\/get\/requestBody: #27 shows no request body/],
  ],
  'faithful/shared-parameters': [
    [
      'the id parameter given a format',
      (d) => (d.components.parameters.Id.schema.format = 'uuid'),
      /^#\/components\/parameters\/Id\/schema\/format: the shared id parameter: .*: schema\.format is "uuid", which the interface document does not state \(a fact of your service goes in an overlay/,
    ],
    [
      'the open query pairs unexploded',
      (d) => (d.components.parameters.OpenQuery.explode = false),
      /^#\/components\/parameters\/OpenQuery\/explode: the open query pairs: .*: explode must be true, not false/,
    ],
  ],
  'faithful/open-payload': [
    [
      'a payload schema named after another operation (a rename that left it behind)',
      (d) => {
        d.components.schemas.ListQuotaLimitsResponseBody = d.components.schemas.ListQuotasResponseBody;
        delete d.components.schemas.ListQuotasResponseBody;
        d.paths['/v1/quotas'].get.responses['200'].content['application/json'].schema.$ref = '#/components/schemas/ListQuotaLimitsResponseBody';
      },
      new RegExp(
        `^#/components/schemas/ListQuotaLimitsResponseBody: #${listQuotas.n}'s response body schema is ListQuotaLimitsResponseBody, but a payload schema is named after its operation \\(listQuotas, as the table names it\\): ListQuotasResponseBody`,
      ),
    ],
    [
      "a request body's schema named otherwise (faithful/open-payload names it, with the name it must have)",
      (d) => {
        d.components.schemas.SendBatchPayload = d.components.schemas.SendBatchRequestBody;
        delete d.components.schemas.SendBatchRequestBody;
        d.paths['/v1/batches/{id}/send'].post.requestBody.content['application/json'].schema.$ref = '#/components/schemas/SendBatchPayload';
      },
      /^#\/components\/schemas\/SendBatchPayload: a payload schema is named <OperationId>RequestBody, <OperationId>ResponseBody or ErrorBody/,
    ],
    [
      'a closed object',
      (d) => (d.components.schemas.GetApiKeyResponseBody.additionalProperties = false),
      /^#\/components\/schemas\/GetApiKeyResponseBody\/additionalProperties: #2's payload \(one resource\) must accept any property/,
    ],
    [
      'a collection given a shape',
      (d) => (d.components.schemas.ListWebhooksResponseBody.type = 'object'),
      /ListWebhooksResponseBody(?:\/type)?: #27's payload \(a list or a delete answer\) (?:has no stated shape|must accept any property)/,
    ],
    [
      'a schema no payload uses',
      (d) => (d.components.schemas.Spare = { description: 'The interface document does not specify it.' }),
      /^#\/components\/schemas\/Spare: one named payload schema per body, and no other schema/,
    ],
    [
      'two bodies sharing a schema',
      (d) => (webhooks(d).responses['200'].content['application/json'].schema.$ref = '#/components/schemas/ListQuotasResponseBody'),
      // Named at the $ref to change (the schema is #29's by its name), and ListWebhooksResponseBody is now the body of none.
      /^#\/paths\/~1v1~1webhooks\/get\/responses\/200\/content\/application~1json\/schema: one named payload schema per body: ListQuotasResponseBody is also the body of #29 \(listQuotas\); point this \$ref at ListWebhooksResponseBody|ListWebhooksResponseBody: one named payload schema per body, and no other schema/,
    ],
  ],
  'faithful/document': [
    ['a second server', (d) => d.servers.push({ url: 'https://api.example.com' }), /^#\/servers: one server, \{base_url\}/],
    [
      'the server default moved off loopback',
      (d) => (d.servers[0].variables.base_url.default = 'https://api.example.com'),
      /^#\/servers\/0\/variables\/base_url\/default/,
    ],
    ['a non-semver info.version', (d) => (d.info.version = 'v1'), /^#\/info\/version: info.version is semver/],
    ['not OpenAPI 3.1', (d) => (d.openapi = '3.2.0'), /^#\/openapi: OpenAPI 3\.1/],
  ],
  'faithful/closed-world': [
    [
      'the shared id at the path level (Swagger UI 5 then sends {id} unreplaced)',
      (d) => {
        d.paths['/v1/webhooks/{id}'].parameters = d.paths['/v1/webhooks/{id}'].delete.parameters;
        delete d.paths['/v1/webhooks/{id}'].delete.parameters;
      },
      /^#\/paths\/~1v1~1webhooks~1\{id\}\/parameters: path-item parameters: give each operation its parameters \(Swagger UI 5 cannot send a path-level \$ref parameter/m,
    ],
    [
      'an extension on an operation',
      (d) => (d.paths['/v1/quotas'].get['x-rate-limit'] = 100),
      /^#\/paths\/~1v1~1quotas\/get\/x-rate-limit: not stated by the interface document \(limits are not shown\)/,
    ],
    [
      'a deprecated operation',
      (d) => (webhooks(d).deprecated = true),
      /\/get\/deprecated: not stated by the interface document \(versioning and deprecation are not shown\)/,
    ],
    [
      'a reserved-characters switch',
      (d) => (d.components.parameters.OpenQuery.allowReserved = true),
      /OpenQuery\/allowReserved: not stated by the interface document \(wire format: only what rule 1 states\)/,
    ],
    [
      'a field',
      (d) => (d.components.schemas.ErrorBody.properties = {}),
      /ErrorBody\/properties: not stated by the interface document \(fields are not shown\)/,
    ],
    ['security on an operation', (d) => (webhooks(d).security = [{}]), /\/get\/security: not stated by the interface document \(authentication is not shown\)/],
    ['a server on an operation', (d) => (webhooks(d).servers = [{ url: 'https://x.example' }]), /\/get\/servers: not stated/],
    ['document-level security', (d) => (d.security = [{ bearer: [] }]), /^#\/security: not stated by the interface document \(authentication is not shown\)/],
    [
      'a security scheme',
      (d) => (d.components.securitySchemes = { bearer: { type: 'http', scheme: 'bearer' } }),
      /^#\/components\/securitySchemes: not stated/,
    ],
    ['a top-level webhook', (d) => (d.webhooks = { sent: {} }), /^#\/webhooks: not stated by the interface document \(events are not shown\)/],
    [
      'a response header',
      (d) => (webhooks(d).responses['200'].headers = { 'X-Left': { schema: { type: 'integer' } } }),
      /\/responses\/200\/headers: not stated/,
    ],
    [
      'an example',
      (d) => (d.components.schemas.GetApiKeyResponseBody.examples = [{ key: 'x' }]),
      /GetApiKeyResponseBody\/examples: not stated by the interface document \(fields are not shown\)/,
    ],
    ['an empty request body description', (d) => (batch(d).requestBody.description = ''), /\/requestBody\/description: a non-empty text is allowed here/],
    [
      'a $ref to a place that is not a component',
      (d) => (webhooks(d).responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/GetApiKeyResponseBody/additionalProperties' }),
      /\/responses\/200\/content\/application~1json\/schema: a reference to one of components\.schemas is allowed here/,
    ],
    [
      'a text beside a $ref',
      (d) => (webhooks(d).responses.default.description = 'Any error.'),
      /\/get\/responses\/default\/description: not stated by the interface document \(not a fact the interface document states\): a reference may have only \$ref, not "description"/,
    ],
  ],
};

describe.each(Object.entries(cases))('%s on a tiny document', (rule, table) => {
  it('lets the tiny document through', async () => {
    expect(await problems(tiny(), 'bundle', [rule as FaithfulRule])).toEqual([]);
  });

  it.each(table)('names %s', async (_name, given, want) => {
    const document = tiny();
    given(document);
    const found = await problems(document, 'bundle', [rule as FaithfulRule]);
    expect(found.length, found.join('\n')).toBeGreaterThan(0);
    expect(
      found.every((line) => want.test(line.slice(rule.length + 1))),
      found.join('\n'),
    ).toBe(true);
  });
});

describe.each(Object.entries(wholeDescription))('%s on the committed bundle', (rule, table) => {
  it.each(table)('names %s', async (_name, given, want) => {
    const document = structuredClone(bundle);
    given(document);
    const found = await problems(document, 'bundle', [rule as FaithfulRule]);
    expect(
      found.some((line) => want.test(line.slice(rule.length + 1))),
      found.join('\n'),
    ).toBe(true);
  });
});

describe('one fact, one error', () => {
  it.each([
    ['the id schema', (d: Json) => (d.components.parameters.Id.schema.minLength = 2)],
    ['the open query', (d: Json) => (d.components.parameters.OpenQuery.explode = false)],
    ['an extra key on the open query', (d: Json) => (d.components.parameters.OpenQuery.allowReserved = true)],
    ['the server', (d: Json) => (d.servers[0].url = 'https://api.example.com')],
    ['the semver version', (d: Json) => (d.info.version = '1.0')],
    ['OpenAPI 3.1', (d: Json) => (d.openapi = '3.0.3')],
    ['the tags', (d: Json) => (d.tags[0].name = 'Accounts')],
    ["an operation's tag", (d: Json) => (webhooks(d).tags = ['Quotas'])],
    ['a security scheme', (d: Json) => (d.components.securitySchemes = { key: { type: 'apiKey', in: 'header', name: 'X-Key' } })],
    ['a response header', (d: Json) => (webhooks(d).responses['200'].headers = { 'X-Left': { schema: { type: 'integer' } } })],
    // Its schemas are named after the table's operationId: they are judged once the two agree.
    [
      'an operationId the table names otherwise, its schema named after it',
      (d: Json) => {
        webhooks(d).operationId = 'listHooks';
        const schema = d.components.schemas.ListWebhooksResponseBody;
        schema.description = schema.description.replace('`listWebhooks`', '`listHooks`');
        d.components.schemas = { ...d.components.schemas, ListHooksResponseBody: schema };
        delete d.components.schemas.ListWebhooksResponseBody;
        webhooks(d).responses['200'].content['application/json'].schema.$ref = '#/components/schemas/ListHooksResponseBody';
      },
    ],
    ["a request body's description missing (faithful/prose's, which writes it)", (d: Json) => delete batch(d).requestBody.description],
  ])('%s: one error', async (_name, given) => {
    const document = structuredClone(bundle);
    given(document);
    expect(await problems(document)).toEqual([expect.any(String)]);
  });
});

describe('the contract', () => {
  it('names an operation the table does not have once, with where its row goes: its texts and schema are not errors of their own', async () => {
    // A path no table will have: the test holds whatever rows are added.
    expect(operations.map((row) => row.path)).not.toContain('/v1/not-in-the-table');
    const document = structuredClone(bundle);
    document.paths['/v1/not-in-the-table'] = {
      get: {
        tags: ['Contacts and lists'],
        summary: 'List not in the table',
        description: 'Lists the not in the table.',
        operationId: 'listNotInTheTable',
        responses: answers('200', 'OK', 'ListNotInTheTableResponseBody'),
      },
    };
    document.components.schemas.ListNotInTheTableResponseBody = { description: 'The not in the table, as returned by `listNotInTheTable`.' };
    expect(await problems(document)).toEqual([
      `faithful/operations #/paths/~1v1~1not-in-the-table/get: GET /v1/not-in-the-table is not one of the ${operations.length} operations of the Endpoints table: if the interface document lists it, add its row to the table in scripts/stated/operations.ts (CONTRIBUTING.md); if not, remove it (at #/paths/~1v1~1not-in-the-table/get)`,
    ]);
  });

  it('has a rule for every name docs/faithfulness.md lists, and each is tested here or in prose.test.ts', async () => {
    const documented = [...(await fs.readFile(path.join(checkout.root, 'docs', 'faithfulness.md'), 'utf8')).matchAll(/^\| `(faithful\/[\w-]+)` \|/gm)].map(
      (m) => m[1],
    );
    expect(documented.sort()).toEqual(Object.keys(faithfulRules).sort());
  });

  it('lets a neutral edit through: a lead in other words of its operation', async () => {
    const document = structuredClone(bundle);
    webhooks(document).description = webhooks(document).description.replace('Lists the webhooks.', 'Returns the webhooks.');
    expect(await problems(document)).toEqual([]);
  });

  it('holds the variants with the same rules, naming what the variant breaks', async () => {
    const variant = JSON.parse(await fs.readFile(path.join(checkout.outputDir, 'openapi-3.0.json'), 'utf8'));
    webhooks(variant).deprecated = true;
    expect(await problems(variant, '3.0')).toEqual([expect.stringMatching(/^faithful\/closed-world #\/paths\/~1v1~1webhooks\/get\/deprecated: not stated/)]);
    const dereferenced = JSON.parse(await fs.readFile(path.join(checkout.outputDir, 'openapi.dereferenced.json'), 'utf8'));
    webhooks(dereferenced).responses.default = { $ref: '#/components/responses/ErrorResponse' };
    expect(await problems(dereferenced, 'dereferenced')).toContainEqual(
      expect.stringMatching(/^faithful\/closed-world .*: the dereferenced variant holds no \$ref/),
    );
    // A $ref to a place that is not a component is one too.
    webhooks(dereferenced).responses['200'].content['application/json'].schema = {
      $ref: '#/paths/~1v1~1quotas/get/responses/200/content/application~1json/schema',
    };
    expect(await problems(dereferenced, 'dereferenced')).toContainEqual(
      expect.stringMatching(
        /^faithful\/closed-world #\/paths\/~1v1~1webhooks\/get\/responses\/200\/content\/application~1json\/schema: the dereferenced variant holds no \$ref/,
      ),
    );
  });

  /**
   * The contract's problems on the split source with edits held in memory (file under openapi/ ->
   * its text edited), as the lint names them: Redocly's lint of the source, where the contract's
   * rules run (lintDescription's bundle and Spectral find none of them), with the checkout's config.
   */
  async function sourceProblems(edits: Record<string, (text: string) => string>): Promise<string[]> {
    const texts = new Map<string, string>();
    for (const [file, edit] of Object.entries(edits)) {
      const full = path.join(path.dirname(checkout.sourceEntry), file);
      texts.set(full, edit(await fs.readFile(full, 'utf8')));
    }
    const project = openProject(checkout.root, texts);
    const source = await readSource(project);
    expect(source.problems).toEqual([]);
    const redocly = await lintSource(redoclySession(project, (await checkoutLinters()).redoclyConfig, source.files));
    return problemLines(project, { redocly, spectral: [], boundary: source.unreferenced, bundleLabel: '' }).filter((line) => line.includes('faithful/'));
  }

  it('names a component written twice, as a file and under components:, where the second is', async () => {
    const lines = await sourceProblems({ 'openapi.yaml': (text) => `${text}components:\n  schemas:\n    ErrorBody: {}\n` });
    expect(lines).toContainEqual(
      expect.stringMatching(/^openapi\/openapi\.yaml:\d+:5 error faithful\/closed-world: a second component named schemas\.ErrorBody/),
    );
  });

  it("names a $ref to another operation's schema where it is written, with the schema to name instead", async () => {
    const lines = await sourceProblems({
      'paths/v1_reputation_score.yaml': (text) => text.replace('GetReputationScoreResponseBody.yaml', 'GetIntegrationResponseBody.yaml'),
    });
    expect(lines).toEqual([
      expect.stringMatching(
        /^openapi\/paths\/v1_reputation_score\.yaml:\d+:\d+ error faithful\/open-payload: one named payload schema per body: GetIntegrationResponseBody is also the body of #16 \(getIntegration\); point this \$ref at GetReputationScoreResponseBody /,
      ),
    ]);
  });

  it('names a problem in a path file once, however many $refs reach it', async () => {
    const lines = await sourceProblems({
      'openapi.yaml': (text) => text.replace(/\n( +)\/v1\/quotas:\n( +)(\$ref: [^\n]+)/, '$&\n$1/v1/quotas-again:\n$2$3'),
      'paths/v1_quotas.yaml': (text) => text.replace('  responses:', '  x-rate-limit: 100\n  responses:'),
    });
    expect(lines.filter((line) => line.includes('faithful/closed-world'))).toEqual([expect.stringMatching(/^openapi\/paths\/v1_quotas\.yaml:11:3 /)]);
  });

  it('names the source file, line and column of a problem in the split source (here an in-memory edit)', async () => {
    const lines = await sourceProblems({ 'paths/v1_quotas.yaml': (text) => text.replace('  responses:', '  x-rate-limit: 100\n  responses:') });
    expect(lines).toEqual([
      expect.stringMatching(
        /^openapi\/paths\/v1_quotas\.yaml:11:3 error faithful\/closed-world: not stated by the interface document \(limits are not shown\): an operation may have only /,
      ),
    ]);
  });
});
