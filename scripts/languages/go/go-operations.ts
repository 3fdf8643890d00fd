// The Go SDK's one generated file beside oapi-codegen's models: one method of Client per operation
// (its operationId in Go's exported form), each a call of the runtime's one request function
// (call.go's `call`) with a table of what the runtime needs of the operation. The types it names
// are oapi-codegen's (its schema types and <Operation>Params structs), found in its output so
// that a name it gave otherwise fails here, naming the schema, and not in the user's compiler.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deref, eachOperation, type OpenApiDocument, operationParameters, successStatus } from '../../openapi-document.ts';
import { headerSchemes } from '../../bundle-operations.ts';
import { type ParameterRule, parameterRule } from '../../parameters.ts';
import { credentialVariable, idempotencyKeyOf } from '../runtime-spec.ts';
import { type GoFile, methodsByType } from './go-names.ts';

/** The Go kinds the emitter tells apart: a struct or scalar is returned by pointer (nil: an empty body), the rest as it is. */
type Kind = 'struct' | 'nilable' | 'value';

/** oapi-codegen's ToCamelCase: a separator (`.-+:;_~ (){}[]`) dropped and the letter after it, and the first, upper-cased. */
export function goExportedName(name: string): string {
  return name
    .split(/[.\-+:;_~ (){}[\]]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

const goKeywords = new Set(
  'break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var'.split(
    ' ',
  ),
);
const predeclared = new Set(
  'any bool byte comparable complex64 complex128 error float32 float64 int int8 int16 int32 int64 rune string uint uint8 uint16 uint32 uint64 uintptr true false iota nil append cap clear close complex copy delete imag len make max min new panic print println real recover'.split(
    ' ',
  ),
);
/** The names a generated method's body uses besides its arguments. */
const taken = new Set(['c', 'ctx', 'params', 'body', 'opts', 'call', 'context', 'Option']);

/** A path parameter's name as a Go argument: lowerCamelCase, never a keyword, a predeclared name or one the method uses. */
function argumentName(name: string): string {
  const camel = goExportedName(name);
  const lower = camel === '' ? 'arg' : camel[0].toLowerCase() + camel.slice(1);
  return goKeywords.has(lower) || predeclared.has(lower) || taken.has(lower) ? `${lower}Arg` : lower;
}

/** A Go string literal of `text`; a text with a lone surrogate has none, and is refused. */
export function goString(text: string): string {
  if (!text.isWellFormed()) throw new Error(`${JSON.stringify(text)} is not well-formed Unicode, so no Go string literal holds it`);
  return `"${[...text]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if (char === '"' || char === '\\') return `\\${char}`;
      if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0) || code === 0x2028 || code === 0x2029)
        return `\\u${code.toString(16).padStart(4, '0')}`;
      return char;
    })
    .join('')}"`;
}

/** A text from the description as one line of a Go comment: printable, whitespace folded, at most 200 characters. */
function commentText(text: unknown): string {
  const line = String(text ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\s]+/gu, ' ')
    .trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/** The kind of every type oapi-codegen declared in `models`, an alias taking its target's. */
export function declaredKinds(models: string): Map<string, Kind> {
  const declared = new Map<string, string>();
  for (const [, name, alias, rest] of models.matchAll(/^type (\w+) (= )?(.+)$/gm)) declared.set(name, alias ? `= ${rest}` : rest);
  const kinds = new Map<string, Kind>();
  const kindOf = (name: string, seen: Set<string>): Kind => {
    const rest = declared.get(name);
    if (rest === undefined) return 'value';
    if (rest.startsWith('= ')) {
      const target = rest.slice(2).trim();
      if (/^(map\[|\[\]|interface\{\}|any$)/.test(target)) return 'nilable';
      if (/^struct\b/.test(target)) return 'struct';
      return seen.has(target) ? 'value' : kindOf(target, new Set([...seen, name]));
    }
    if (/^struct\b/.test(rest)) return 'struct';
    if (/^(map\[|\[\]|interface\{\}|any\b)/.test(rest)) return 'nilable';
    return 'value';
  };
  for (const name of declared.keys()) kinds.set(name, kindOf(name, new Set()));
  return kinds;
}

/** The Go type of the schema that `node` (a media type's schema) names, checked against the models. */
function schemaType(node: unknown, kinds: Map<string, Kind>, what: string): { type: string; kind: Kind } {
  const ref = typeof node === 'object' && node !== null ? (node as { $ref?: unknown }).$ref : undefined;
  if (typeof ref !== 'string' || !ref.startsWith('#/components/schemas/')) return { type: 'any', kind: 'nilable' };
  const schema = decodeURIComponent(ref.slice('#/components/schemas/'.length)).replace(/~1/g, '/').replace(/~0/g, '~');
  const type = goExportedName(schema);
  const kind = kinds.get(type);
  if (!kind)
    throw new Error(
      `${what}: oapi-codegen declared no Go type ${type} for schema ${JSON.stringify(schema)}; name the schema with letters and digits, starting with a capital`,
    );
  return { type, kind };
}

/** The runtime's files (this folder's .go files), as every Go SDK has them. */
export function runtimeFiles(): GoFile[] {
  return readdirSync(import.meta.dirname)
    .filter((file) => file.endsWith('.go') && !file.endsWith('_test.go'))
    .sort()
    .map((file) => ({ file, source: readFileSync(join(import.meta.dirname, file), 'utf8') }));
}

/** The methods Client has of its own (String, GoString, Format), from the runtime. */
const clientMethods = new Set(runtimeFiles().flatMap(({ source }) => methodsByType(source).get('Client') ?? []));

/** What each Go type of `document`'s models is made from, where it is a schema's or an operation's parameters', for a message. */
export function typeOwners(document: OpenApiDocument): (type: string) => string | undefined {
  const owners = new Map<string, string>();
  for (const name of Object.keys(document.components?.schemas ?? {})) owners.set(goExportedName(name), `schema ${JSON.stringify(name)}`);
  for (const { operation } of eachOperation(document))
    if (typeof operation.operationId === 'string')
      owners.set(`${goExportedName(operation.operationId)}Params`, `the parameters of operation ${operation.operationId}`);
  return (type) => owners.get(type);
}

/** One operation of `document` as it comes from eachOperation. */
type Found = ReturnType<typeof eachOperation> extends Generator<infer T> ? T : never;

/** The table of what the runtime needs of one operation (call.go's `operation`), as Go. */
function operationTable(operationId: string, method: string, path: string, rules: ParameterRule[], body: 'required' | 'optional' | undefined): string {
  const key = idempotencyKeyOf(method, rules);
  const parameters = rules.map(
    (rule) => `{name: ${goString(rule.name)}, in: ${goString(rule.in)}, style: ${goString(rule.style)}, explode: ${rule.explode}, required: ${rule.required}}`,
  );
  return [
    `id: ${goString(operationId)}`,
    `method: ${goString(method.toUpperCase())}`,
    `path: ${goString(path)}`,
    ...(rules.length > 0 ? [`params: []parameter{${parameters.join(', ')}}`] : []),
    ...(body ? [`body: ${body}Body`] : []),
    ...(key ? [`idempotencyKey: ${goString(key)}`] : []),
  ].join(', ');
}

/** The Go method of one operation, with its table, named `name`; throws naming the operation where it would not compile. */
function operationMethod(document: OpenApiDocument, { path, method, pathItem, operation }: Found, name: string, kinds: Map<string, Kind>): string {
  const operationId = String(operation.operationId);
  const where = `operation ${operationId}`;
  const args = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => argumentName(match[1]));
  if (new Set(args).size !== args.length) throw new Error(`${where}: two path parameters have one Go name (${args.join(', ')})`);
  const rules = operationParameters(document, pathItem, operation)
    .filter((parameter) => parameter.in !== 'path')
    .map((parameter) => {
      const rule = parameterRule(document, parameter);
      if ('reason' in rule) throw new Error(`${where}: parameter ${JSON.stringify(parameter.name)}: ${rule.reason}`);
      return rule;
    });
  const paramsType = `${name}Params`;
  if (rules.length > 0 && kinds.get(paramsType) !== 'struct') throw new Error(`${where}: oapi-codegen declared no struct ${paramsType} for its parameters`);
  const requestBody = deref(document, operation.requestBody);
  const body = requestBody ? schemaType(requestBody.content?.['application/json']?.schema, kinds, `${where}: its request body`) : undefined;
  const bodyType = body && (requestBody?.required || body.kind === 'nilable' ? body.type : `*${body.type}`);
  const status = successStatus(operation);
  const response = status ? deref(document, operation.responses?.[status]) : undefined;
  const result = schemaType(response?.content?.['application/json']?.schema, kinds, `${where}: its success response`);
  const resultType = result.kind === 'nilable' ? result.type : `*${result.type}`;
  const table = `${name[0].toLowerCase()}${name.slice(1)}Operation`;
  const signature = [
    'ctx context.Context',
    ...args.map((arg) => `${arg} string`),
    ...(rules.length > 0 ? [`params ${paramsType}`] : []),
    ...(bodyType ? [`body ${bodyType}`] : []),
    'opts ...Option',
  ];
  const callArgs = [
    'ctx',
    'c',
    `&${table}`,
    args.length > 0 ? `[]string{${args.join(', ')}}` : 'nil',
    rules.length > 0 ? 'params' : 'nil',
    bodyType ? 'body' : 'nil',
    'opts',
  ];
  const summary = commentText(operation.summary);
  const key = idempotencyKeyOf(method, rules);
  return [
    `// ${name} calls ${operationId}: ${method.toUpperCase()} ${commentText(path)}.${summary ? ` ${summary}${/[.!?]$/.test(summary) ? '' : '.'}` : ''}`,
    ...(key ? [`// Its ${commentText(key)} header: the params' value, or one the call makes (a random UUID) where it is empty; the same on every retry.`] : []),
    `func (c *Client) ${name}(${signature.join(', ')}) (${resultType}, error) {`,
    `\treturn call[${resultType}](${callArgs.join(', ')})`,
    '}',
    '',
    `var ${table} = operation{${operationTable(operationId, method, path, rules, requestBody ? (requestBody.required ? 'required' : 'optional') : undefined)}}`,
  ].join('\n');
}

/**
 * The security schemes of `document` that one header carries (an overlay's), as Go: the runtime's
 * `securitySchemes` (each one's name, header, what goes before the credential, its environment
 * variable), and where there are any, `Credentials` (a field a scheme, named in Go's exported form)
 * and `WithCredentials`. Throws, naming the scheme, where a name would not be a Go field.
 */
function credentialsCode(document: OpenApiDocument): string[] {
  const schemes = headerSchemes(document);
  const table = [
    "// securitySchemes are the security schemes the description declares that one header carries, each one's credential read",
    '// from WithCredentials or its environment variable (client.go).',
    schemes.length === 0
      ? 'var securitySchemes []securityScheme'
      : `var securitySchemes = []securityScheme{\n${schemes
          .map(
            ({ scheme, header, bearer }) =>
              `\t{name: ${goString(scheme)}, header: ${goString(header)}, prefix: ${goString(bearer ? 'Bearer ' : '')}, variable: ${goString(credentialVariable(scheme))}},`,
          )
          .join('\n')}\n}`,
  ];
  if (schemes.length === 0) return table;
  const fields = new Map<string, string>();
  for (const { scheme } of schemes) {
    const field = goExportedName(scheme);
    if (!/^[A-Z][A-Za-z0-9]*$/.test(field))
      throw new Error(`security scheme ${JSON.stringify(scheme)}: ${JSON.stringify(field)} is not a Go field name; rename the scheme`);
    const other = fields.get(field);
    if (other !== undefined)
      throw new Error(`security schemes ${JSON.stringify(other)} and ${JSON.stringify(scheme)} are both the Go field ${field}; rename one`);
    fields.set(field, scheme);
  }
  return [
    ...table,
    '',
    "// Credentials are the credentials of the security schemes the description declares, each by its scheme's name, for",
    "// WithCredentials: each is sent in its scheme's header with every request; one left empty is read from its environment variable.",
    'type Credentials struct {',
    ...schemes.flatMap(({ scheme, header, bearer }) => [
      `\t// ${goExportedName(scheme)} is the credential of security scheme ${commentText(scheme)}, sent in the ${commentText(header)} header${bearer ? ' after "Bearer "' : ''}; empty: $${credentialVariable(scheme)}.`,
      `\t${goExportedName(scheme)} string`,
    ]),
    '}',
    '',
    "// WithCredentials sends each credential in its security scheme's header with every request (a header given with",
    '// WithHeader is sent instead); one left empty is read from its environment variable. No value of them appears in an',
    '// error text or a printed form of the client. For a client only.',
    'func WithCredentials(credentials Credentials) Option {',
    '\treturn func(c *config) {',
    '\t\tif c.forCall {',
    '\t\t\tc.problems = append(c.problems, "WithCredentials applies to a client (NewClient), not to one call")',
    '\t\t\treturn',
    '\t\t}',
    `\t\tc.credentials = map[string]string{${schemes.map(({ scheme }) => `${goString(scheme)}: credentials.${goExportedName(scheme)}`).join(', ')}}`,
    '\t}',
    '}',
  ];
}

/**
 * operations.gen.go for `document`, whose models oapi-codegen wrote as `models`; `version` is the
 * description's version. Throws, naming the operation or schema, where a name would not compile.
 */
export function goOperations(document: OpenApiDocument, models: string, version: string): string {
  const kinds = declaredKinds(models);
  const methods = new Map<string, string>();
  const parts: string[] = [];
  for (const found of eachOperation(document)) {
    const operationId = String(found.operation.operationId ?? '');
    const where = `operation ${operationId || `${found.method.toUpperCase()} ${found.path}`}`;
    if (!/^[A-Za-z]/.test(operationId)) throw new Error(`${where}: the Go SDK names a method after an operationId starting with a letter`);
    const name = goExportedName(operationId);
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`${where}: ${JSON.stringify(name)} is not a Go identifier`);
    if (methods.has(name) || clientMethods.has(name))
      throw new Error(`${where}: its Go method ${name} is taken by ${methods.get(name) ?? 'the client itself'}`);
    methods.set(name, operationId);
    parts.push(operationMethod(document, found, name, kinds));
  }
  return [
    '// Code generated by `npm run sdk -- --lang go` (scripts/languages/go/go-operations.ts) from the description. DO NOT EDIT.',
    '',
    'package emaildelivery',
    '',
    'import "context"',
    '',
    '// DescriptionVersion is the version of the description this SDK was made from (its info.version).',
    `const DescriptionVersion = ${goString(version)}`,
    '',
    parts.join('\n\n'),
    '',
    ...credentialsCode(document),
    '',
  ].join('\n');
}
