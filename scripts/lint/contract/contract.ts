// The faithfulness contract: what a bundle of this description must be, from the interface
// document (the hand-written table in operations.ts) and the project's encoding of what it leaves
// open (docs/faithfulness.md), as a function that lists every breach with the rule it breaks and
// its JSON pointer. The lint runs it as its third stage (lint-contract.ts turns each breach into a
// problem at its source line); the build's variants step holds the variants to the closed world.
import { isDeepStrictEqual } from 'node:util';
import { deref, eachOperation, type Json, pointer } from '../../openapi-document.ts';
import { allowListBreaches, type Variant } from './allow-list.ts';
import { areas, type OperationRow, operations } from './operations.ts';
import { overviewBreaches } from './overview.ts';
import { payloadSchemaOwners } from './payloads.ts';
import { proseBreaches } from './prose.ts';
import type { ContractRule } from './rules.ts';

export interface Breach {
  rule: ContractRule;
  /** Where in the bundle: a JSON pointer. */
  pointer: string;
  message: string;
  /** The text within the value at `pointer` that the breach is about (a sentence), to locate it exactly. */
  text?: string;
}

export class Breaches {
  readonly list: Breach[] = [];
  /** Records a breach of `rule` at `where` unless `actual` deep-equals `expected`. */
  equal(rule: ContractRule, where: string, what: string, actual: unknown, expected: unknown): void {
    if (!isDeepStrictEqual(actual, expected))
      this.list.push({ rule, pointer: where, message: `${what}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(actual)}` });
  }
  /** Records a breach of `rule` at `where` unless `ok`. */
  that(rule: ContractRule, where: string, what: string, ok: boolean): void {
    if (!ok) this.list.push({ rule, pointer: where, message: what });
  }
}

function checkOperation(document: Json, row: OperationRow, breaches: Breaches): void {
  const at = (...rest: (string | number)[]) => pointer('paths', row.path, row.method, ...rest);
  const pathItem = document.paths?.[row.path];
  const operation = pathItem?.[row.method];
  if (!operation) {
    breaches.that('faithful/operations', at(), `operation #${row.n} (${row.method.toUpperCase()} ${row.path}) is missing`, false);
    return;
  }
  breaches.equal('faithful/operation-id', at('operationId'), `#${row.n}'s operationId`, operation.operationId, row.operationId);
  breaches.equal('faithful/area', at('tags'), `#${row.n}'s area is its only tag`, operation.tags, [row.area]);
  breaches.that(
    'faithful/operation-text',
    at('summary'),
    // Plain words: a summary becomes a heading, a link's text and a search entry in the docs and
    // the Markdown reference, where brackets, pipes or backticks would be Markdown.
    'the summary is in sentence case, in plain words (letters, digits, spaces, hyphens), with no trailing period',
    /^[A-Z][A-Za-z0-9 -]*[A-Za-z0-9]$/.test(operation.summary ?? ''),
  );
  breaches.that(
    'faithful/operation-text',
    at('description'),
    `the description names operation #${row.n} of the interface document`,
    String(operation.description).includes(`Operation #${row.n} of the interface document`),
  );
  for (const key of ['security', 'callbacks', 'servers'])
    breaches.equal('faithful/not-shown', at(key), `no ${key} (not shown in the interface document)`, operation[key], undefined);

  // Responses: the success status with its label, and the shared default.
  const responses = operation.responses ?? {};
  breaches.equal(
    'faithful/error-response',
    at('responses'),
    `#${row.n} answers ${row.status} and otherwise only the shared default`,
    Object.keys(responses).sort(),
    [row.status, 'default'],
  );
  const success = deref(document, responses[row.status]);
  if (success) {
    const rule = 'faithful/success-response';
    breaches.equal(rule, at('responses', row.status, 'description'), `the success label of #${row.n}`, success.description, row.label);
    breaches.equal(rule, at('responses', row.status, 'content'), 'the payload media type', Object.keys(success.content ?? {}), ['application/json']);
    const ref = success.content?.['application/json']?.schema?.$ref;
    breaches.that(
      rule,
      at('responses', row.status, 'content', 'application/json', 'schema'),
      'the payload is a named schema',
      /^#\/components\/schemas\/[A-Z][A-Za-z]+$/.test(ref ?? ''),
    );
    breaches.equal(rule, at('responses', row.status, 'headers'), 'no response headers (not shown)', success.headers, undefined);
    // A list's shape (array or envelope) and what a delete answers are not stated: no type at all.
    const name =
      String(ref ?? '')
        .split('/')
        .pop() ?? '';
    const unstatedShape = /^(list|delete)[A-Z]/.test(row.operationId);
    const what = unstatedShape
      ? `#${row.n}'s payload (a list or a delete answer) has no stated shape, so no type`
      : `#${row.n}'s payload (one resource) is an object`;
    breaches.equal(
      'faithful/open-payload',
      pointer('components', 'schemas', name, 'type'),
      what,
      document.components?.schemas?.[name]?.type,
      unstatedShape ? undefined : 'object',
    );
  }
  breaches.equal(
    'faithful/error-response',
    at('responses', 'default', '$ref'),
    'the shared default error response',
    responses.default?.$ref,
    '#/components/responses/ErrorResponse',
  );

  // The request part of rule 1.
  const rule = 'faithful/request-part';
  const parameters: Json[] = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) => deref(document, p));
  const hasId = row.path.includes('{id}');
  breaches.equal(
    rule,
    at('parameters'),
    `#${row.n}'s path parameters`,
    parameters.filter((p) => p?.in === 'path'),
    hasId ? [document.components?.parameters?.Id] : [],
  );
  breaches.equal(
    rule,
    at('parameters'),
    `#${row.n}'s query parameters`,
    parameters.filter((p) => p?.in === 'query'),
    row.request === 'query' ? [document.components?.parameters?.OpenQuery] : [],
  );
  breaches.equal(
    rule,
    at('parameters'),
    'no header or cookie parameters (not shown)',
    parameters.filter((p) => p?.in === 'header' || p?.in === 'cookie'),
    [],
  );
  if (row.request === 'id+optional-body' || row.request === 'required-body') {
    const body = deref(document, operation.requestBody);
    breaches.equal(
      rule,
      at('requestBody', 'required'),
      `#${row.n}'s body is ${row.request === 'required-body' ? 'required' : 'optional'}`,
      body?.required,
      row.request === 'required-body',
    );
    breaches.equal(rule, at('requestBody', 'content'), 'the body media type', Object.keys(body?.content ?? {}), ['application/json']);
    breaches.that(
      rule,
      at('requestBody', 'content', 'application/json', 'schema'),
      'the body is a named request schema',
      /^#\/components\/schemas\/[A-Z][A-Za-z]+RequestBody$/.test(body?.content?.['application/json']?.schema?.$ref ?? ''),
    );
  } else {
    breaches.equal(rule, at('requestBody'), `#${row.n} shows no request body`, operation.requestBody, undefined);
  }
}

function checkDocument(document: Json, breaches: Breaches): void {
  const found = [...eachOperation(document)].map(({ path, method }) => `${method.toUpperCase()} ${path}`);
  breaches.equal(
    'faithful/operations',
    pointer('paths'),
    'exactly the 29 operations of the Endpoints table',
    found.sort(),
    operations.map((row) => `${row.method.toUpperCase()} ${row.path}`).sort(),
  );
  const notShown = 'faithful/not-shown';
  breaches.equal(notShown, pointer('security'), 'no security (authentication is not shown)', document.security, undefined);
  breaches.equal(
    notShown,
    pointer('components', 'securitySchemes'),
    'no security schemes (authentication is not shown)',
    document.components?.securitySchemes,
    undefined,
  );
  breaches.equal(notShown, pointer('webhooks'), 'no webhooks (events are not shown)', document.webhooks, undefined);
  breaches.that(notShown, pointer(), 'no example anywhere (none is stated)', !/"examples?"\s*:/.test(JSON.stringify(document)));
  breaches.equal(
    'faithful/shared-parameters',
    pointer('components', 'parameters', 'Id'),
    'the shared id parameter: a required string, not empty, not . or ..',
    document.components?.parameters?.Id,
    {
      name: 'id',
      in: 'path',
      required: true,
      description: document.components?.parameters?.Id?.description,
      schema: { type: 'string', minLength: 1, not: { enum: ['.', '..'] } },
    },
  );
  const openQuery = document.components?.parameters?.OpenQuery ?? {};
  breaches.equal(
    'faithful/shared-parameters',
    pointer('components', 'parameters', 'OpenQuery'),
    'the open query pairs: any name=value pairs, sent as plain pairs',
    { ...openQuery, name: undefined, description: undefined },
    {
      name: undefined,
      description: undefined,
      in: 'query',
      required: false,
      style: 'form',
      explode: true,
      schema: { type: 'object', additionalProperties: { type: 'string' } },
    },
  );
  breaches.equal(
    'faithful/area',
    pointer('tags'),
    'one tag per area, in the document order',
    (document.tags ?? []).map((tag: Json) => tag?.name),
    [...areas],
  );
  for (const [i, tag] of (document.tags ?? []).entries())
    breaches.that('faithful/area', pointer('tags', i, 'description'), 'each area tag has a description', /\S/.test(tag?.description ?? ''));
  breaches.equal(
    'faithful/document',
    pointer('servers'),
    'one server, {base_url}',
    (document.servers ?? []).map((server: Json) => server?.url),
    ['{base_url}'],
  );
  breaches.that(
    'faithful/document',
    pointer('servers', 0, 'variables', 'base_url', 'default'),
    '{base_url} defaults to the local mock on 127.0.0.1',
    /^http:\/\/127\.0\.0\.1:\d+$/.test(document.servers?.[0]?.variables?.base_url?.default ?? ''),
  );
  breaches.that('faithful/document', pointer('openapi'), 'OpenAPI 3.1', /^3\.1\.\d+$/.test(document.openapi ?? ''));
  breaches.that('faithful/document', pointer('info', 'version'), 'info.version is semver', /^\d+\.\d+\.\d+$/.test(document.info?.version ?? ''));
}

function checkOpenSchemas(document: Json, breaches: Breaches): void {
  const rule = 'faithful/open-payload';
  const schemas: Record<string, Json> = document.components?.schemas ?? {};
  // 29 responses + 4 request bodies + the error body, each its own named schema.
  breaches.equal(
    rule,
    pointer('components', 'schemas'),
    'one named payload schema per body, and no other schema',
    Object.keys(schemas).sort(),
    [...payloadSchemaOwners(document).keys()].sort(),
  );
  breaches.equal(rule, pointer('components', 'schemas'), 'the number of payload schemas', Object.keys(schemas).length, 34);
  breaches.equal(
    rule,
    pointer('components', 'schemas', 'ErrorBody', 'type'),
    'the error body has no stated shape, so no type',
    schemas.ErrorBody?.type,
    undefined,
  );
  for (const [name, schema] of Object.entries(schemas)) {
    const at = pointer('components', 'schemas', name);
    if (schema?.type !== undefined) {
      breaches.equal(rule, at, 'a single resource is an open object with a description and nothing else', Object.keys(schema).sort(), [
        'additionalProperties',
        'description',
        'type',
      ]);
      breaches.equal(rule, `${at}/type`, 'a single resource is an object', schema.type, 'object');
      breaches.equal(rule, `${at}/additionalProperties`, 'a single resource accepts any property', schema.additionalProperties, true);
    } else {
      breaches.equal(rule, at, 'a collection of unstated shape constrains nothing', Object.keys(schema ?? {}), ['description']);
    }
    breaches.that(
      rule,
      `${at}/description`,
      'the schema says that its fields are not specified',
      /does not specify|specifies neither/.test(schema?.description ?? ''),
    );
  }
  for (const row of operations.filter((r) => r.request.endsWith('body'))) {
    const body = deref(document, document.paths?.[row.path]?.[row.method]?.requestBody);
    const schema = deref(document, body?.content?.['application/json']?.schema);
    breaches.that(
      rule,
      pointer('paths', row.path, row.method, 'requestBody'),
      'the request body is an open object',
      schema?.type === 'object' && schema?.additionalProperties === true,
    );
  }
}

export interface ContractOptions {
  /** The variants built from the bundle, walked by the same allow-list. */
  variants?: Partial<Record<Exclude<Variant, 'bundle'>, Json>>;
}

/** Every breach of the contract by `document` (a bundle), with its rule and JSON pointer. */
export function contractBreaches(document: Json, options: ContractOptions = {}): Breach[] {
  const breaches = new Breaches();
  checkDocument(document, breaches);
  for (const row of operations) checkOperation(document, row, breaches);
  checkOpenSchemas(document, breaches);
  overviewBreaches(document, breaches);
  for (const { pointer: at, message } of allowListBreaches(document, 'bundle')) breaches.list.push({ rule: 'faithful/closed-world', pointer: at, message });
  breaches.list.push(...variantBreaches(options.variants ?? {}));
  breaches.list.push(...proseBreaches(document));
  return breaches.list;
}

/** The closed world's breaches in the variants built from a bundle (the 3.0 one, the dereferenced one). */
export function variantBreaches(variants: NonNullable<ContractOptions['variants']>): Breach[] {
  return Object.entries(variants).flatMap(([variant, variantDocument]) =>
    allowListBreaches(variantDocument, variant as Variant).map(({ pointer: at, message }) => ({
      rule: 'faithful/closed-world' as const,
      pointer: at,
      message: `(the ${variant} variant) ${message}`,
    })),
  );
}
