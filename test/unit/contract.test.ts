// The faithfulness contract (scripts/lint/contract/) holds the committed bundle to the interface
// document: it finds nothing to say about it, and it names the breach, with its rule and JSON
// pointer, of each kind of one-line edit that would invent or drop a fact; the closed world
// (allow-list.ts) finds nothing outside it in the bundle and both variants; the overview table is
// the one the contract makes from the facts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { allowListBreaches } from '../../scripts/lint/contract/allow-list.ts';
import { contractBreaches } from '../../scripts/lint/contract/contract.ts';
import { overviewTable } from '../../scripts/lint/contract/overview.ts';
import { lintContract } from '../../scripts/lint/lint-contract.ts';
import { openProject } from '../../scripts/project.ts';
import { checkout, type Json, loadBundle } from '../support/helpers.ts';

let bundle: Json;
beforeAll(async () => {
  bundle = await loadBundle();
});

/** Each breach as one line: its rule, pointer and message. */
const breachLines = (document: Json, variants?: Parameters<typeof contractBreaches>[1]) =>
  contractBreaches(document, variants).map(({ rule, pointer, message }) => `${rule} ${pointer}: ${message}`);

describe('the committed bundle', () => {
  it('breaches nothing', () => {
    expect(breachLines(bundle)).toEqual([]);
  });

  it('holds the overview table the contract makes, line for line', () => {
    for (const line of overviewTable(bundle)) expect(bundle.info.description.split('\n')).toContain(line);
  });
});

type Case = { given: (document: Json) => void; want: RegExp };
const webhooks = (d: Json) => d.paths['/v1/webhooks'].get;
const batch = (d: Json) => d.paths['/v1/batches/{id}/send'].post;

const cases: [string, Case][] = [
  [
    'an operation dropped',
    { given: (d) => delete d.paths['/v1/quotas'].get, want: /^#\/paths\/~1v1~1quotas\/get: operation #29 \(GET \/v1\/quotas\) is missing/ },
  ],
  [
    'an operation added',
    { given: (d) => (d.paths['/v1/quotas'].post = structuredClone(d.paths['/v1/quotas'].get)), want: /^#\/paths: exactly the 29 operations/ },
  ],
  [
    'an operationId renamed',
    { given: (d) => (webhooks(d).operationId = 'listHooks'), want: /^#\/paths\/~1v1~1webhooks\/get\/operationId: #27's operationId: expected "listWebhooks"/ },
  ],
  ['an operation moved to another area', { given: (d) => (webhooks(d).tags = ['Quotas']), want: /\/get\/tags: #27's area is its only tag/ }],
  ['a summary with a period', { given: (d) => (webhooks(d).summary = 'List webhooks.'), want: /\/get\/summary: the summary is in sentence case/ }],
  [
    'a summary with Markdown',
    { given: (d) => (webhooks(d).summary = 'List webhooks](x) | `y`'), want: /\/get\/summary: the summary is in sentence case, in plain words/ },
  ],
  [
    'a description that drops the operation number',
    { given: (d) => (webhooks(d).description = 'Lists.'), want: /\/get\/description: the description names operation #27/ },
  ],
  ['security on an operation', { given: (d) => (webhooks(d).security = [{}]), want: /\/get\/security: no security/ }],
  ['a server on an operation', { given: (d) => (webhooks(d).servers = [{ url: 'https://x.example' }]), want: /\/get\/servers: no servers/ }],
  [
    'an invented status',
    {
      given: (d) => (webhooks(d).responses['404'] = { description: 'Not found' }),
      want: /\/get\/responses: #27 answers 200 and otherwise only the shared default/,
    },
  ],
  [
    'a success label changed',
    { given: (d) => (batch(d).responses['201'].description = 'OK'), want: /\/post\/responses\/201\/description: the success label of #13: expected "Created"/ },
  ],
  [
    'a media type changed',
    {
      given: (d) => (webhooks(d).responses['200'].content = { 'text/plain': webhooks(d).responses['200'].content['application/json'] }),
      want: /\/responses\/200\/content: the payload media type/,
    },
  ],
  [
    'an inline payload schema',
    { given: (d) => (webhooks(d).responses['200'].content['application/json'].schema = {}), want: /\/schema: the payload is a named schema/ },
  ],
  [
    'a response header',
    {
      given: (d) => (webhooks(d).responses['200'].headers = { 'X-Rate-Limit': { schema: { type: 'integer' } } }),
      want: /\/responses\/200\/headers: no response headers/,
    },
  ],
  [
    'the default response inlined',
    { given: (d) => (webhooks(d).responses.default = { description: 'Error' }), want: /\/responses\/default\/\$ref: the shared default error response/ },
  ],
  [
    'a query parameter where rule 1 shows none',
    { given: (d) => (webhooks(d).parameters = [{ name: 'limit', in: 'query', schema: { type: 'integer' } }]), want: /#27's query parameters/ },
  ],
  [
    'a header parameter',
    {
      given: (d) => d.paths['/v1/api-key'].get.parameters.push({ name: 'X-Key', in: 'header', schema: { type: 'string' } }),
      want: /no header or cookie parameters/,
    },
  ],
  ['the id parameter dropped', { given: (d) => delete d.paths['/v1/webhooks/{id}'].parameters, want: /#26's path parameters/ }],
  ['an optional body made required', { given: (d) => (batch(d).requestBody.required = true), want: /\/requestBody\/required: #13's body is optional/ }],
  ['a body where rule 1 shows none', { given: (d) => (webhooks(d).requestBody = batch(d).requestBody), want: /\/requestBody: #27 shows no request body/ }],
  ['document-level security', { given: (d) => (d.security = [{ bearer: [] }]), want: /^#\/security: no security/ }],
  [
    'a security scheme',
    {
      given: (d) => (d.components.securitySchemes = { bearer: { type: 'http', scheme: 'bearer' } }),
      want: /^#\/components\/securitySchemes: no security schemes/,
    },
  ],
  ['a top-level webhook', { given: (d) => (d.webhooks = { sent: {} }), want: /^#\/webhooks: no webhooks/ }],
  [
    'the id parameter given a format',
    { given: (d) => (d.components.parameters.Id.schema.format = 'uuid'), want: /^#\/components\/parameters\/Id: the shared id parameter/ },
  ],
  [
    'the open query pairs unexploded',
    { given: (d) => (d.components.parameters.OpenQuery.explode = false), want: /^#\/components\/parameters\/OpenQuery: the open query pairs/ },
  ],
  ['the areas reordered', { given: (d) => d.tags.push(d.tags.shift()), want: /^#\/tags: one tag per area, in the document order/ }],
  ['an area without a description', { given: (d) => delete d.tags[3].description, want: /^#\/tags\/3\/description: each area tag has a description/ }],
  ['a second server', { given: (d) => d.servers.push({ url: 'https://api.example.com' }), want: /^#\/servers: one server, \{base_url\}/ }],
  [
    'the server default moved off loopback',
    { given: (d) => (d.servers[0].variables.base_url.default = 'https://api.example.com'), want: /^#\/servers\/0\/variables\/base_url\/default/ },
  ],
  ['a non-semver info.version', { given: (d) => (d.info.version = 'v1'), want: /^#\/info\/version: info.version is semver/ }],
  [
    'a part dropped from the overview',
    {
      given: (d) => (d.info.description = d.info.description.replace('| Limits |', '| Quotas |')),
      want: /^#\/info\/description: the overview names the part "Limits"/,
    },
  ],
  ['an example', { given: (d) => (d.components.schemas.GetApiKeyResponseBody.examples = [{ key: 'x' }]), want: /^#: no example anywhere/ }],
  [
    'a property in a payload schema',
    {
      given: (d) => (d.components.schemas.GetApiKeyResponseBody.properties = { key: { type: 'string' } }),
      want: /^#\/components\/schemas\/GetApiKeyResponseBody: a single resource is an open object/,
    },
  ],
  [
    'a closed object',
    {
      given: (d) => (d.components.schemas.GetApiKeyResponseBody.additionalProperties = false),
      want: /^#\/components\/schemas\/GetApiKeyResponseBody\/additionalProperties: a single resource accepts any property/,
    },
  ],
  [
    'a collection given a shape',
    { given: (d) => (d.components.schemas.ListWebhooksResponseBody.type = 'array'), want: /^#\/components\/schemas\/ListWebhooksResponseBody/ },
  ],
  [
    'a schema no payload uses',
    {
      given: (d) => (d.components.schemas.Spare = { description: 'The interface document does not specify it.' }),
      want: /^#\/components\/schemas: one named payload schema per body/,
    },
  ],
  ['not OpenAPI 3.1', { given: (d) => (d.openapi = '3.0.3'), want: /^#\/openapi: OpenAPI 3\.1/ }],
];

describe.each(cases)('the contract names %s', (_name, { given, want }) => {
  it('at its pointer', () => {
    const document = structuredClone(bundle);
    given(document);
    const breaches = contractBreaches(document).map(({ pointer, message }) => `${pointer}: ${message}`);
    expect(
      breaches.some((breach) => want.test(breach)),
      breaches.join('\n'),
    ).toBe(true);
  });
});

describe('the contract rules', () => {
  it.each([
    ['faithful/operation-id', (d: Json) => (webhooks(d).operationId = 'listHooks')],
    ['faithful/success-response', (d: Json) => (batch(d).responses['201'].description = 'Fine')],
    ['faithful/request-part', (d: Json) => (batch(d).requestBody.required = true)],
    ['faithful/not-shown', (d: Json) => (d.webhooks = {})],
    ['faithful/area', (d: Json) => (webhooks(d).tags = ['Quotas'])],
  ])('names the rule a breach breaks: %s', (rule, given) => {
    const document = structuredClone(bundle);
    given(document);
    expect(contractBreaches(document).map((breach) => breach.rule)).toContain(rule);
  });
});

describe('the closed world (allow-list.ts)', () => {
  it.each([
    ['openapi.json', 'bundle'],
    ['openapi-3.0.json', '3.0'],
    ['openapi.dereferenced.json', 'dereferenced'],
  ] as const)('finds nothing outside it in generated/%s', async (file, variant) => {
    const document = JSON.parse(await fs.readFile(path.join(checkout.outputDir, file), 'utf8'));
    expect(allowListBreaches(document, variant)).toEqual([]);
  });

  const outside: [string, (d: Json) => void, string][] = [
    [
      'an extension on an operation',
      (d) => (d.paths['/v1/quotas'].get['x-rate-limit'] = 100),
      '#/paths/~1v1~1quotas/get/x-rate-limit: not stated by the interface document (limits are not shown)',
    ],
    [
      'a deprecated operation',
      (d) => (webhooks(d).deprecated = true),
      '#/paths/~1v1~1webhooks/get/deprecated: not stated by the interface document (versioning and deprecation are not shown)',
    ],
    [
      'an error status',
      (d) => (webhooks(d).responses['429'] = { description: 'Too many' }),
      '#/paths/~1v1~1webhooks/get/responses/429: not stated by the interface document (errors are not shown)',
    ],
    [
      'a reserved-characters switch',
      (d) => (d.components.parameters.OpenQuery.allowReserved = true),
      '#/components/parameters/OpenQuery/allowReserved: not stated by the interface document (wire format: only what rule 1 states)',
    ],
    [
      'a field',
      (d) => (d.components.schemas.ErrorBody.properties = {}),
      '#/components/schemas/ErrorBody/properties: not stated by the interface document (fields are not shown)',
    ],
    [
      'an unexploded query',
      (d) => (d.components.parameters.OpenQuery.explode = false),
      '#/components/parameters/OpenQuery/explode: false is not allowed (wire format: only what rule 1 states); allowed: true',
    ],
  ];
  it.each(outside)('names %s by pointer and by what it would invent', (_name, given, want) => {
    const document = structuredClone(bundle);
    given(document);
    expect(breachLines(document).filter((line) => line.startsWith(`faithful/closed-world ${want}`))).toHaveLength(1);
  });

  it('walks the variants too, naming which one breaks it', () => {
    const variant = structuredClone(bundle);
    variant.openapi = '3.0.3';
    delete variant.info.summary;
    expect(breachLines(bundle, { variants: { '3.0': variant } })).toEqual([]);
    webhooks(variant).deprecated = true;
    expect(breachLines(bundle, { variants: { '3.0': variant } })).toEqual([
      expect.stringMatching(/^faithful\/closed-world #\/paths\/~1v1~1webhooks\/get\/deprecated: \(the 3\.0 variant\) not stated/),
    ]);
  });

  it('names the source file and line of a breach (here of an in-memory edit of the source)', async () => {
    const file = path.join(path.dirname(checkout.sourceEntry), 'paths', 'v1_quotas.yaml');
    const text = (await fs.readFile(file, 'utf8')).replace('  responses:', '  x-rate-limit: 100\n  responses:');
    const document = structuredClone(bundle);
    document.paths['/v1/quotas'].get['x-rate-limit'] = 100;
    expect(await lintContract(openProject(checkout.root, new Map([[file, text]])), document)).toEqual([
      {
        rule: 'faithful/closed-world',
        pointer: '#/paths/~1v1~1quotas/get/x-rate-limit',
        message: expect.stringMatching(/^not stated by the interface document \(limits are not shown\).* \(at #\/paths\/~1v1~1quotas\/get\/x-rate-limit\)$/),
        file: 'openapi/paths/v1_quotas.yaml',
        line: 11,
        col: 3,
      },
    ]);
  });

  it('lets a neutral edit through: a reworded description', () => {
    const document = structuredClone(bundle);
    webhooks(document).description = webhooks(document).description.replace('Lists the webhooks.', 'Lists every webhook.');
    expect(breachLines(document)).toEqual([]);
  });
});

describe('the overview table in info.description', () => {
  const row = (d: Json, part: string, edit: (text: string) => string) => {
    d.info.description = d.info.description.replace(new RegExp(`^\\| ${part} \\| .*$`, 'm'), (line: string) => edit(line));
  };
  it.each([
    [
      'a wrong count of operations',
      (d: Json) => row(d, 'Endpoints', (t) => t.replace('the 29 operations', 'the 30 operations')),
      /the overview's "Endpoints" row must read: \| Endpoints \| Specified: the 29 operations/,
    ],
    [
      'a success status the bundle does not have',
      (d: Json) => (batch(d).responses = { '202': { ...batch(d).responses['201'], description: 'Accepted' }, default: batch(d).responses.default }),
      /the overview's "Endpoints" row must read: .*`202 Accepted` for `sendBatch`/,
    ],
    [
      'a claim the bundle breaks (a response header)',
      (d: Json) => (webhooks(d).responses['200'].headers = { 'X-Left': { schema: { type: 'integer' } } }),
      /the overview's "Limits" row says "Left open", which the bundle does not do/,
    ],
    [
      'a /v2/ operation the row does not name',
      (d: Json) => row(d, 'Versioning', (t) => t.replace(' and `exportContacts`', '')),
      /the overview's "Versioning" row must read/,
    ],
    ['a part dropped', (d: Json) => row(d, 'Events', () => ''), /the overview names the part "Events"/],
    ['a row added', (d: Json) => row(d, 'Limits', (t) => `${t}\n| Rate limits | 100 per second. |`), /"Rate limits" is not one/],
    [
      'a verdict turned: Left open to Specified',
      (d: Json) => row(d, 'Authentication', (t) => t.replace('Left open', 'Specified')),
      /"Authentication" row must read/,
    ],
    ['a verdict turned: Specified to Left open', (d: Json) => row(d, 'Versioning', (t) => t.replace('Specified', 'Left open')), /"Versioning" row must read/],
    [
      'a verdict turned: Partly specified to Specified',
      (d: Json) => row(d, 'What the service does', (t) => t.replace('Partly specified', 'Specified')),
      /"What the service does" row must read/,
    ],
  ])('is held to the facts: %s', (_name, given, want) => {
    const document = structuredClone(bundle);
    given(document);
    const breaches = breachLines(document).filter((line) => line.startsWith('faithful/overview'));
    expect(
      breaches.some((line) => want.test(line)),
      breaches.join('\n'),
    ).toBe(true);
  });
});
