// The PHP SDK's generated client: src/Client.php, `final class Client extends Runtime\BaseClient`
// with one method per operation, named by its operationId, each a one-line call of the runtime's
// request function with the operation's record (scripts/languages/runtime-spec.ts' sdkOperation, and
// what its 2xx body decodes into; where an overlay declares a POST's idempotency key, its header,
// whose parameter is then never required). Everything else a call does is the runtime's.
import { deref, type OpenApiDocument } from '../../openapi-document.ts';
import { listOperations, type Operation } from '../../bundle-operations.ts';
import { sdkOperation } from '../runtime-spec.ts';
import { camelName, docText, isIdentifier, phpString, phpValue, sentence } from './php-code.ts';
import { className } from './php-models.ts';

/** The methods the client has of its own (PHP's method names ignore case). */
const clientMethods = new Set([
  'call',
  'payload',
  'decoded',
  'apierror',
  'sendfollowing',
  'retrydelay',
  'backoff',
  'log',
  'merged',
  'checkedheaders',
  'credentialheaders',
  'seconds',
  'madekey',
  'named',
]);
/** What a method's own arguments are named: a path parameter takes another name. */
const argumentNames = new Set(['this', 'options', 'body', 'parameters', 'pairs']);

/** What a schema of the description says a body is: open JSON, a JSON object, or a typed class. */
interface BodyShape {
  /** The PHP type (without `?`). */
  type: string;
  /** For the docblock: array<string, mixed>, mixed, or the class. */
  doc: string;
  /** Where a class types it. */
  model?: string;
  isObject: boolean;
}

function bodyShape(document: OpenApiDocument, schema: string, typed: Set<string>): BodyShape {
  if (typed.has(schema)) return { type: `Model\\${className(schema)}`, doc: `Model\\${className(schema)}`, model: className(schema), isObject: true };
  const node = deref(document, (document.components?.schemas as Record<string, never> | undefined)?.[schema]) as { type?: unknown } | undefined;
  const isObject = node?.type === 'object';
  return isObject ? { type: 'array', doc: 'array<string, mixed>', isObject } : { type: 'mixed', doc: 'mixed', isObject };
}

/**
 * The docblock of an operation's method, with the PHP names of its path arguments; `key` the
 * header of its idempotency key, which the call makes when it is not given.
 */
function docblock(operation: Operation, args: string[], result: BodyShape, body: BodyShape | undefined, key: string | undefined): string[] {
  const parameters = operation.parameters.map((rule) =>
    rule.name === key
      ? `${docText(rule.name)} (header; made for the call, a random UUID v4, when not given; the same on every retry)`
      : `${docText(rule.name)} (${rule.in}${rule.required ? ', required' : ''})`,
  );
  const parameterDoc = operation.openQuery
    ? ['     * @param array<string, string|int|float|bool> $pairs any name=value pairs, each sent as a plain name=value of the query']
    : parameters.length > 0
      ? [`     * @param array<string, mixed> $parameters by name: ${parameters.join(', ')}`]
      : [];
  const bodyDoc = body && (body.model ? '' : body.isObject ? ' any JSON object: the fields are not specified' : ' any JSON value');
  return [
    '    /**',
    `     * ${docText(operation.operationId)}: ${operation.method.toUpperCase()} ${docText(operation.path)}. ${sentence(docText(operation.summary))}`,
    '     *',
    ...args.map((arg, index) => `     * @param string $${arg} the path parameter ${docText(operation.pathParameters[index])}, sent as one segment`),
    ...parameterDoc,
    ...(body ? [`     * @param ${body.doc}${operation.body!.required ? '' : '|null'} $body${bodyDoc}`] : []),
    "     * @param array{timeout?: float|int|null, headers?: array<string, string>} $options this call's own, over the client's",
    `     * @return ${result.doc}${result.type === 'mixed' ? '' : '|null'} the decoded body of its ${operation.success.status}, null when it has none`,
    '     * @throws EmailDeliveryException',
    '     */',
  ];
}

/** The method of one operation and its record. */
function method(document: OpenApiDocument, operation: Operation, typed: Set<string>): { code: string; record: string } {
  const id = operation.operationId;
  const record = sdkOperation(operation);
  const args = operation.pathParameters.map((name) => {
    const arg = isIdentifier(name) ? name : camelName(name);
    return argumentNames.has(arg) ? `${arg}Argument` : arg;
  });
  if (new Set(args).size !== args.length) throw new Error(`operation ${id}: two path parameters have one PHP name (${args.join(', ')})`);
  const result = bodyShape(document, operation.success.schema, typed);
  const body = operation.body && bodyShape(document, operation.body.schema, typed);
  const hasParameters = operation.parameters.length > 0;
  // The idempotency key is never the caller's to give: the runtime makes one where none is.
  const key = record.idempotencyKey;
  const requiredParameter = operation.parameters.some((rule) => rule.required && rule.name !== key);
  const signature = [
    ...args.map((arg) => `string $${arg}`),
    ...(hasParameters ? [`array $${operation.openQuery ? 'pairs' : 'parameters'}${requiredParameter || operation.body?.required ? '' : ' = []'}`] : []),
    ...(body ? [operation.body!.required ? `${body.type} $body` : `${body.type === 'mixed' ? 'mixed' : `?${body.type}`} $body = null`] : []),
    'array $options = []',
  ];
  const returns = result.type === 'mixed' ? 'mixed' : `?${result.type}`;
  const call = [
    `self::OPERATIONS[${phpString(id)}]`,
    `[${args.map((arg) => `$${arg}`).join(', ')}]`,
    hasParameters ? `$${operation.openQuery ? 'pairs' : 'parameters'}` : '[]',
    body ? '$body' : 'null',
    '$options',
    ...(result.model ? [`Model\\${result.model}::class`] : []),
  ];
  const code = [
    ...docblock(operation, args, result, body, key),
    `    public function ${id}(${signature.join(', ')}): ${returns}`,
    '    {',
    `        return $this->call(${call.join(', ')});`,
    '    }',
  ].join('\n');
  const fields = {
    id: record.id,
    method: record.method,
    path: record.path,
    pathNames: record.pathNames,
    parameters: record.parameters.map((rule) => (rule.name === key ? { ...rule, required: false } : rule)),
    body: record.body,
    openQuery: record.openQuery,
    result: result.isObject ? 'object' : 'any',
    ...(key ? { idempotencyKey: key } : {}),
  };
  return { code, record: `        ${phpString(id)} => ${phpValue(fields)},` };
}

/** src/Client.php of `document`; throws, naming the operation, where a name would not be PHP. */
export function clientClass(document: OpenApiDocument, typed: Set<string>): string {
  const seen = new Map<string, string>();
  const methods: string[] = [];
  const records: string[] = [];
  for (const operation of listOperations(document)) {
    const id = operation.operationId;
    if (!isIdentifier(id)) throw new Error(`operation ${JSON.stringify(id)}: the PHP SDK names a method after its operationId, which is not a PHP identifier`);
    const folded = id.toLowerCase();
    if (seen.has(folded) || clientMethods.has(folded) || folded.startsWith('__'))
      throw new Error(`operation ${id}: its PHP method is taken by ${seen.get(folded) ?? 'the client itself'} (PHP's method names ignore case)`);
    seen.set(folded, id);
    const made = method(document, operation, typed);
    methods.push(made.code);
    records.push(made.record);
  }
  return [
    '<?php',
    '',
    '// Generated by `npm run sdk -- --lang php` from the description: do not edit; run the command again.',
    '',
    'declare(strict_types=1);',
    '',
    'namespace EmailDelivery;',
    '',
    '/**',
    ` * The client of ${docText(document.info?.title)} ${docText(document.info?.version)}: one method per operation, named by its operationId.`,
    " * `new Client($baseUrl, ['headers' => [...], 'timeout' => 60.0, 'max_response_bytes' => ..., 'max_retries' => 2, 'logger' => ...])`.",
    ' */',
    'final class Client extends Runtime\\BaseClient',
    '{',
    "    /** What the runtime needs of each operation (scripts/languages/runtime-spec.ts' operation record). */",
    '    private const OPERATIONS = [',
    ...records,
    '    ];',
    '',
    methods.join('\n\n'),
    '}',
    '',
  ].join('\n');
}
