// The contract: what generated/openapi.json must be, from the interface document (the table in
// operations.ts) and the project's encoding of what it leaves open (README), as a function that
// lists every breach with where it is. The contract tests hold the committed bundle to it, and the mutation
// runner holds each mutant's bundle to it in the same process.
import { isDeepStrictEqual } from 'node:util';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { Project } from '../../scripts/project.ts';
import { allowListBreaches, type Variant } from './allow-list.ts';
import { deref, pointer } from './json-pointer.ts';
import { areas, type OperationRow, operations } from './operations.ts';
import { sourceLocation } from './source-location.ts';

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed OpenAPI

const methods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const documentParts = [
  'What the service does',
  'Resources and their fields',
  'States and transitions',
  'Endpoints',
  'Authentication',
  'Events',
  'Errors',
  'Limits',
  'Versioning',
];

class Breaches {
  readonly list: string[] = [];
  /** Records a breach at `where` unless `actual` deep-equals `expected`. */
  equal(where: string, what: string, actual: unknown, expected: unknown): void {
    if (!isDeepStrictEqual(actual, expected)) this.list.push(`${where}: ${what}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(actual)}`);
  }
  /** Records a breach at `where` unless `ok`. */
  that(where: string, what: string, ok: boolean): void {
    if (!ok) this.list.push(`${where}: ${what}`);
  }
}

function checkOperation(document: Json, row: OperationRow, breaches: Breaches): void {
  const at = (...rest: (string | number)[]) => pointer('paths', row.path, row.method, ...rest);
  const pathItem = document.paths?.[row.path];
  const operation = pathItem?.[row.method];
  if (!operation) {
    breaches.that(at(), `operation #${row.n} (${row.method.toUpperCase()} ${row.path}) is missing`, false);
    return;
  }
  breaches.equal(at('operationId'), `#${row.n}'s operationId`, operation.operationId, row.operationId);
  breaches.equal(at('tags'), `#${row.n}'s area is its only tag`, operation.tags, [row.area]);
  breaches.that(at('summary'), 'the summary is in sentence case with no trailing period', /^[A-Z][^.]*[^.]$/.test(operation.summary ?? ''));
  breaches.that(
    at('description'),
    `the description names operation #${row.n} of the interface document`,
    String(operation.description).includes(`Operation #${row.n} of the interface document`),
  );
  for (const key of ['security', 'callbacks', 'servers']) breaches.equal(at(key), `no ${key} (not shown in the interface document)`, operation[key], undefined);

  // Responses: the success status with its label, and the shared default.
  const responses = operation.responses ?? {};
  breaches.equal(at('responses'), `#${row.n} answers ${row.status} and otherwise only the shared default`, Object.keys(responses).sort(), [
    row.status,
    'default',
  ]);
  const success = deref(document, responses[row.status]);
  if (success) {
    breaches.equal(at('responses', row.status, 'description'), `the success label of #${row.n}`, success.description, row.label);
    breaches.equal(at('responses', row.status, 'content'), 'the payload media type', Object.keys(success.content ?? {}), ['application/json']);
    breaches.that(
      at('responses', row.status, 'content', 'application/json', 'schema'),
      'the payload is a named schema',
      /^#\/components\/schemas\/[A-Z][A-Za-z]+$/.test(success.content?.['application/json']?.schema?.$ref ?? ''),
    );
    breaches.equal(at('responses', row.status, 'headers'), 'no response headers (not shown)', success.headers, undefined);
    // A list's shape (array or envelope) and what a delete answers are not stated: no type at all.
    const name =
      String(success.content?.['application/json']?.schema?.$ref ?? '')
        .split('/')
        .pop() ?? '';
    const unstatedShape = /^(list|delete)[A-Z]/.test(row.operationId);
    const what = unstatedShape
      ? `#${row.n}'s payload (a list or a delete answer) has no stated shape, so no type`
      : `#${row.n}'s payload (one resource) is an object`;
    breaches.equal(pointer('components', 'schemas', name, 'type'), what, document.components?.schemas?.[name]?.type, unstatedShape ? undefined : 'object');
  }
  breaches.equal(at('responses', 'default', '$ref'), 'the shared default error response', responses.default?.$ref, '#/components/responses/Error');

  // The request part of rule 1.
  const parameters: Json[] = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) => deref(document, p));
  const hasId = row.path.includes('{id}');
  breaches.equal(
    at('parameters'),
    `#${row.n}'s path parameters`,
    parameters.filter((p) => p?.in === 'path'),
    hasId ? [document.components?.parameters?.Id] : [],
  );
  breaches.equal(
    at('parameters'),
    `#${row.n}'s query parameters`,
    parameters.filter((p) => p?.in === 'query'),
    row.request === 'query' ? [document.components?.parameters?.OpenQuery] : [],
  );
  breaches.equal(
    at('parameters'),
    'no header or cookie parameters (not shown)',
    parameters.filter((p) => p?.in === 'header' || p?.in === 'cookie'),
    [],
  );
  if (row.request === 'id+optional-body' || row.request === 'required-body') {
    const body = deref(document, operation.requestBody);
    breaches.equal(
      at('requestBody', 'required'),
      `#${row.n}'s body is ${row.request === 'required-body' ? 'required' : 'optional'}`,
      body?.required,
      row.request === 'required-body',
    );
    breaches.equal(at('requestBody', 'content'), 'the body media type', Object.keys(body?.content ?? {}), ['application/json']);
    breaches.that(
      at('requestBody', 'content', 'application/json', 'schema'),
      'the body is a named request schema',
      /^#\/components\/schemas\/[A-Z][A-Za-z]+Request$/.test(body?.content?.['application/json']?.schema?.$ref ?? ''),
    );
  } else {
    breaches.equal(at('requestBody'), `#${row.n} shows no request body`, operation.requestBody, undefined);
  }
}

function checkDocument(document: Json, breaches: Breaches): void {
  const found = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item as Json)
      .filter((key) => methods.includes(key))
      .map((method) => `${method.toUpperCase()} ${path}`),
  );
  breaches.equal(
    pointer('paths'),
    'exactly the 29 operations of the Endpoints table',
    found.sort(),
    operations.map((row) => `${row.method.toUpperCase()} ${row.path}`).sort(),
  );
  breaches.equal(pointer('security'), 'no security (authentication is not shown)', document.security, undefined);
  breaches.equal(
    pointer('components', 'securitySchemes'),
    'no security schemes (authentication is not shown)',
    document.components?.securitySchemes,
    undefined,
  );
  breaches.equal(pointer('webhooks'), 'no webhooks (events are not shown)', document.webhooks, undefined);
  breaches.equal(
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
    pointer('tags'),
    'one tag per area, in the document order',
    (document.tags ?? []).map((tag: Json) => tag.name),
    [...areas],
  );
  for (const [i, tag] of (document.tags ?? []).entries())
    breaches.that(pointer('tags', i, 'description'), 'each area tag has a description', /\S/.test(tag.description ?? ''));
  breaches.equal(
    pointer('servers'),
    'one server, {base_url}',
    (document.servers ?? []).map((server: Json) => server.url),
    ['{base_url}'],
  );
  breaches.that(
    pointer('servers', 0, 'variables', 'base_url', 'default'),
    '{base_url} defaults to the local mock on 127.0.0.1',
    /^http:\/\/127\.0\.0\.1:\d+$/.test(document.servers?.[0]?.variables?.base_url?.default ?? ''),
  );
  breaches.that(pointer('openapi'), 'OpenAPI 3.1', /^3\.1\.\d+$/.test(document.openapi ?? ''));
  breaches.that(pointer('info', 'version'), 'info.version is semver', /^\d+\.\d+\.\d+$/.test(document.info?.version ?? ''));
  checkOverview(document, breaches);
  breaches.that(pointer(), 'no example anywhere (none is stated)', !/"examples?"\s*:/.test(JSON.stringify(document)));
}

/** Every schema reached from a request or response body, by name. */
function payloadSchemaNames(document: Json): Set<string> {
  const names = new Set<string>();
  for (const row of operations) {
    const operation = document.paths?.[row.path]?.[row.method];
    if (!operation) continue;
    const bodies = [operation.requestBody, ...Object.values(operation.responses ?? {})].map((b) => deref(document, b)).filter(Boolean);
    for (const body of bodies) {
      for (const media of Object.values(body.content ?? {}) as Json[]) {
        if (typeof media?.schema?.$ref === 'string') names.add(media.schema.$ref.split('/').pop());
      }
    }
  }
  return names;
}

function checkOpenSchemas(document: Json, breaches: Breaches): void {
  const schemas: Record<string, Json> = document.components?.schemas ?? {};
  // 29 responses + 4 request bodies + the error body, each its own named schema.
  breaches.equal(
    pointer('components', 'schemas'),
    'one named payload schema per body, and no other schema',
    Object.keys(schemas).sort(),
    [...payloadSchemaNames(document)].sort(),
  );
  breaches.equal(pointer('components', 'schemas'), 'the number of payload schemas', Object.keys(schemas).length, 34);
  breaches.equal(pointer('components', 'schemas', 'Error', 'type'), 'the error body has no stated shape, so no type', schemas.Error?.type, undefined);
  for (const [name, schema] of Object.entries(schemas)) {
    const at = pointer('components', 'schemas', name);
    if (schema.type !== undefined) {
      breaches.equal(at, 'a single resource is an open object with a description and nothing else', Object.keys(schema).sort(), [
        'additionalProperties',
        'description',
        'type',
      ]);
      breaches.equal(`${at}/type`, 'a single resource is an object', schema.type, 'object');
      breaches.equal(`${at}/additionalProperties`, 'a single resource accepts any property', schema.additionalProperties, true);
    } else {
      breaches.equal(at, 'a collection of unstated shape constrains nothing', Object.keys(schema), ['description']);
    }
    breaches.that(
      `${at}/description`,
      'the schema says that its fields are not specified',
      /does not specify|specifies neither/.test(schema.description ?? ''),
    );
  }
  for (const row of operations.filter((r) => r.request.endsWith('body'))) {
    const body = deref(document, document.paths?.[row.path]?.[row.method]?.requestBody);
    const schema = deref(document, body?.content?.['application/json']?.schema);
    breaches.that(
      pointer('paths', row.path, row.method, 'requestBody'),
      'the request body is an open object',
      schema?.type === 'object' && schema?.additionalProperties === true,
    );
  }
}

const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const code = (text: string) => `\`${text}\``;
const listed = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/**
 * The overview table in info.description, held to the bundle: each part's row must make the claim
 * built here from the bundle's own facts, and that claim must hold, so the table cannot say
 * something the description does not do.
 */
function checkOverview(document: Json, breaches: Breaches): void {
  const rows = new Map([...String(document.info?.description ?? '').matchAll(/^\| ([^|]+?) \| (.+) \|$/gm)].map((match) => [match[1], match[2]] as const));
  const all = operations.flatMap((row) => {
    const operation = document.paths?.[row.path]?.[row.method];
    return operation ? [{ path: row.path, operation }] : [];
  });
  const responses = all.map(({ operation }) => operation.responses ?? {});
  const successOf = (r: Json) => Object.keys(r).find((status) => /^2\d\d$/.test(status)) ?? '';
  const groups = new Map<string, string[]>();
  for (const { operation } of all) {
    const status = successOf(operation.responses ?? {});
    const label = `${status} ${deref(document, operation.responses?.[status])?.description}`;
    groups.set(label, [...(groups.get(label) ?? []), operation.operationId]);
  }
  const [common, ...fewer] = [...groups].sort((a, b) => b[1].length - a[1].length);
  const statuses = [...fewer.map(([label, ids]) => `${code(label)} for ${listed(ids.map(code))}`), `${code(common?.[0] ?? '')} for the rest`].join(', ');
  const prefixes = [...new Set(all.map(({ path }) => path.split('/')[1]))].sort();
  const minority = prefixes
    .slice(1)
    .map(
      (prefix) =>
        `${code(`/${prefix}/`)} for ${listed(all.filter(({ path }) => path.startsWith(`/${prefix}/`)).map(({ operation }) => code(operation.operationId)))}`,
    );
  const everyOperation = (test: (operation: Json) => boolean) => all.every(({ operation }) => test(operation));
  const schemas = Object.values<Json>(document.components?.schemas ?? {});
  const text = JSON.stringify(document);

  const claims: { part: string; claim: string; holds: boolean }[] = [
    {
      part: 'What the service does',
      claim: `The ${numberWords[document.tags?.length ?? 0]} areas of paths, one tag each.`,
      holds: everyOperation((o) => o.tags?.length === 1),
    },
    {
      part: 'Resources and their fields',
      claim: 'The fields of every resource are left open.',
      holds: schemas.every((schema) => schema.properties === undefined && schema.required === undefined),
    },
    { part: 'States and transitions', claim: 'Left open.', holds: !/"enum"\s*:\s*\[(?!"\.","\.\.")/.test(text) },
    {
      part: 'Endpoints',
      claim: `the ${all.length} operations with their methods, paths, success status and label (${statuses})`,
      holds: all.length === operations.length,
    },
    { part: 'Authentication', claim: 'no security scheme is declared', holds: !/"security(Schemes)?"\s*:/.test(text) },
    { part: 'Events', claim: 'no webhook events are declared', holds: document.webhooks === undefined && !/"callbacks"\s*:/.test(text) },
    {
      part: 'Errors',
      claim: `one ${code('default')} response with any JSON body`,
      holds:
        responses.every(
          (r) =>
            Object.keys(r)
              .filter((status) => status !== successOf(r))
              .join() === 'default',
        ) && document.components?.schemas?.Error?.type === undefined,
    },
    { part: 'Limits', claim: 'no rate-limit headers or quota values', holds: !/"headers"\s*:/.test(text) },
    {
      part: 'Versioning',
      claim: `the ${listed(prefixes.map((prefix) => code(`/${prefix}/`)))} path prefixes${minority.length ? ` (${minority.join('; ')})` : ''}`,
      holds: !/"deprecated"\s*:/.test(text),
    },
  ];
  for (const { part, claim, holds } of claims) {
    const row = rows.get(part);
    breaches.that(pointer('info', 'description'), `the overview names the part "${part}"`, row !== undefined);
    if (row === undefined) continue;
    breaches.that(pointer('info', 'description'), `the overview's "${part}" row states what the bundle does: "${claim}"`, row.includes(claim));
    breaches.that(pointer('info', 'description'), `the overview's "${part}" row claims "${claim}", which the bundle does not do`, holds);
  }
  breaches.equal(pointer('info', 'description'), 'the overview has one row per part of the interface document', [...rows.keys()].slice(1), documentParts);
}

export interface ContractOptions {
  /** The project the bundle was built from: each allow-list breach then names its source file and line. */
  project?: Project;
  /** The variants built from the bundle, walked by the same allow-list. */
  variants?: Partial<Record<Exclude<Variant, 'bundle'>, Json>>;
}

// One validator for every call: building one compiles the OpenAPI schemas (about 70 ms).
let validator: Validator | undefined;

/**
 * Every breach of the contract by `document` (a bundle), one line each, starting with its JSON
 * pointer; when `options.project` is given, with the source file:line:column before it.
 */
export async function contractBreaches(document: Json, options: ContractOptions = {}): Promise<string[]> {
  const breaches = new Breaches();
  validator ??= new Validator();
  const validation = await validator.validate(structuredClone(document));
  if (!validation.valid) breaches.that(pointer(), `not a valid OpenAPI 3.1 document: ${JSON.stringify(validation.errors).slice(0, 300)}`, false);
  checkDocument(document, breaches);
  for (const row of operations) checkOperation(document, row, breaches);
  checkOpenSchemas(document, breaches);
  for (const { pointer: at, message } of allowListBreaches(document, 'bundle')) breaches.list.push(`${at}: ${message}`);
  for (const [variant, variantDocument] of Object.entries(options.variants ?? {}))
    for (const { pointer: at, message } of allowListBreaches(variantDocument, variant as Variant))
      breaches.list.push(`${at} (the ${variant} variant): ${message}`);
  const { project } = options;
  if (!project) return breaches.list;
  // Each breach of the bundle, led by where its pointer comes from in openapi/.
  return breaches.list.map((line) => (/^#[^ ]*: /.test(line) ? `${sourceLocation(project, line.slice(0, line.indexOf(': ')))} ${line}` : line));
}
