// The Ruby SDK's methods: operations.rb, the runtime spec's record of each operation
// (EmailDeliveryApi::OperationTable) and one method per operation (EmailDeliveryApi::Operations,
// which the client and its with_response include), each a one-line call of the runtime's one request
// function with its record; and their signatures.
import type { OpenApiDocument } from '../../openapi-document.ts';
import { listOperations, type Operation } from '../../bundle-operations.ts';
import type { ParameterRule } from '../../parameters.ts';
import { type SdkOperation, sdkOperations } from '../runtime-spec.ts';
import { commentText, constantName, rubyString, rubyStrings, snakeCase } from './ruby-names.ts';
import { type RubyBody, rubyBody } from './ruby-models.ts';

/** What the client has of its own, and Object's methods a caller uses: an operation's method may not take these names. */
const clientNames = new Set(
  (
    'initialize inspect to_s close with_response base_url header_names timeout max_response_bytes max_retries pretty_print perform ' +
    'class send public_send method methods freeze dup clone display hash object_id tap then itself instance_variables extend'
  ).split(' '),
);

/** One method: its operation, its name, its arguments, and what its body and answer are. */
export interface RubyMethod {
  operation: SdkOperation;
  described: Operation;
  name: string;
  /** The path parameters' argument names, in order. */
  pathArguments: string[];
  /** Each parameter not in the path with its keyword (the open query's is `query`). */
  keywords: { rule: ParameterRule; keyword: string }[];
  body?: { type: RubyBody; required: boolean };
  result: RubyBody;
}

/** The method of each operation of `document`, in its order; throws where two take one name. */
export function rubyMethods(document: OpenApiDocument): RubyMethod[] {
  const described = listOperations(document);
  const taken = new Map<string, string>();
  return sdkOperations(document).map((operation, index) => {
    const snake = snakeCase(operation.id);
    const name = clientNames.has(snake) ? `${snake}_` : snake;
    const other = taken.get(name);
    if (other !== undefined) throw new Error(`operations ${other} and ${operation.id} are both the Ruby method ${name}: rename one operationId`);
    taken.set(name, operation.id);
    const used = new Set(['body', 'request_options', 'query']);
    const unique = (wire: string) => {
      let chosen = snakeCase(wire);
      while (used.has(chosen)) chosen = `${chosen}_`;
      used.add(chosen);
      return chosen;
    };
    const pathArguments = operation.pathNames.map(unique);
    const rules = described[index].parameters;
    const keywords = rules.map((rule) => ({ rule, keyword: operation.openQuery && rule.in === 'query' ? 'query' : unique(rule.name) }));
    const schema = described[index].body;
    return {
      operation,
      described: described[index],
      name,
      pathArguments,
      keywords,
      body: schema ? { type: rubyBody(document, schema.schema), required: schema.required } : undefined,
      result: rubyBody(document, described[index].success.schema),
    };
  });
}

const scalar: Record<string, string> = { string: 'String', integer: 'Integer', number: 'Numeric', boolean: 'bool' };

/** The signature type a keyword of the parameter takes. */
function parameterType(rule: ParameterRule): string {
  const value = scalar[rule.type] ?? 'String';
  if (rule.shape === 'array') return `Array[${value}]`;
  if (rule.shape === 'object') return `Hash[String | Symbol, ${value}]`;
  return value;
}

const bodySignature = (type: RubyBody) =>
  type.kind === 'any' ? 'untyped' : type.kind === 'object' ? 'Hash[String | Symbol, untyped]' : `Models::${type.className} | Hash[String, untyped]`;
const resultSignature = (type: RubyBody) =>
  type.kind === 'any' ? 'untyped' : type.kind === 'object' ? 'Hash[String, untyped]?' : `Models::${type.className}?`;
const into = (type: RubyBody) => (type.kind === 'any' ? 'nil' : type.kind === 'object' ? ':object' : `Models::${type.className}`);

/** The record of `m`'s operation, as Ruby. */
function record(m: RubyMethod): string {
  const { operation } = m;
  const key = operation.idempotencyKey;
  // The idempotency key is never required: the runtime makes one for a call not given one.
  const parameters = m.keywords.map(
    ({ rule }) =>
      `Parameter.new(name: ${rubyString(rule.name)}, location: ${rubyString(rule.in)}, style: ${rubyString(rule.style)}, explode: ${rule.explode}, required: ${rule.required && rule.name !== key}).freeze`,
  );
  return [
    `    ${constantName(operation.id)} = Operation.new(`,
    `      id: ${rubyString(operation.id)}, http_method: ${rubyString(operation.method)}, path: ${rubyString(operation.path)},`,
    `      path_names: ${operation.pathNames.length > 0 ? rubyStrings(operation.pathNames) : '[]'}.freeze,`,
    parameters.length === 0 ? '      parameters: [].freeze,' : `      parameters: [\n${parameters.map((p) => `        ${p}`).join(',\n')}\n      ].freeze,`,
    `      body: :${operation.body}, success: ${operation.success}, into: ${into(m.result)}, idempotency_key: ${key ? rubyString(key) : 'nil'}`,
    '    ).freeze',
  ].join('\n');
}

/** What a method returns, in words. */
function returns(type: RubyBody, status: number): string {
  const what = type.kind === 'any' ? 'its JSON body' : type.kind === 'object' ? 'its JSON object (a Hash)' : `its body as a Models::${type.className}`;
  return `Returns ${what} from the ${status} answer (nil when it has no body).`;
}

/** The keywords of `m`'s signature, the required first: [Ruby, RBS]. */
function keywordsOf(m: RubyMethod): [string, string][] {
  const all: [string, string, boolean][] = [
    ...m.keywords.map(({ rule, keyword }): [string, string, boolean] =>
      rule.required && rule.name !== m.operation.idempotencyKey
        ? [`${keyword}:`, `${keyword}: ${parameterType(rule)}`, true]
        : [`${keyword}: nil`, `?${keyword}: ${parameterType(rule)}?`, false],
    ),
    ...(m.body
      ? [
          (m.body.required ? ['body:', `body: ${bodySignature(m.body.type)}`, true] : ['body: nil', `?body: (${bodySignature(m.body.type)})?`, false]) as [
            string,
            string,
            boolean,
          ],
        ]
      : []),
    ['request_options: nil', '?request_options: request_options?', false],
  ];
  return all.sort((a, b) => Number(b[2]) - Number(a[2])).map(([ruby, rbs]) => [ruby, rbs]);
}

/** One method of `Operations`. */
function methodCode(m: RubyMethod): string {
  const { operation } = m;
  const keywords = keywordsOf(m);
  const values = m.keywords.map(({ rule, keyword }) => `${rubyString(rule.name)} => ${keyword}`);
  const summary = commentText(m.described.summary);
  return [
    `    # ${operation.id}: ${operation.method} ${commentText(operation.path)}.${summary ? ` ${summary}${/[.!?]$/.test(summary) ? '' : '.'}` : ''}`,
    `    # ${returns(m.result, operation.success)}`,
    ...(operation.idempotencyKey
      ? [`    # Retried as a GET is, with one ${commentText(operation.idempotencyKey)} on every attempt: yours, or a UUID the call makes.`]
      : []),
    `    def ${m.name}(${[...m.pathArguments, ...keywords.map(([ruby]) => ruby)].join(', ')})`,
    `      perform(OperationTable::${constantName(operation.id)}, [${m.pathArguments.join(', ')}], {${values.length > 0 ? ` ${values.join(', ')} ` : ''}}, ${m.body ? 'body' : 'nil'}, request_options)`,
    '    end',
  ].join('\n');
}

/** The signature of `m` returning `result`. */
const signature = (m: RubyMethod, result: string) =>
  `    def ${m.name}: (${[...m.pathArguments.map((name) => `String ${name}`), ...keywordsOf(m).map(([, rbs]) => rbs)].join(', ')}) -> ${result}`;

/** operations.rb of `methods` and its signatures. */
export function operationsCode(methods: RubyMethod[], header: string): { ruby: string; rbs: string } {
  const ruby = [
    header,
    '',
    'module EmailDeliveryApi',
    "  # The runtime spec's record of each operation: what a call of it sends, and what its answer is read as.",
    '  module OperationTable',
    methods.map(record).join('\n\n'),
    '  end',
    '',
    '  # One method per operation, named after its operationId in snake_case: the path parameters first (Strings),',
    '  # then keywords (the open query pairs as query:, the body as body:, request_options: { timeout:, headers: }).',
    '  module Operations',
    methods.map(methodCode).join('\n\n'),
    '  end',
    'end',
    '',
  ].join('\n');
  const rbs = [
    '  module OperationTable',
    ...methods.map((m) => `    ${constantName(m.operation.id)}: Operation`),
    '  end',
    '',
    '  module Operations',
    ...methods.map((m) => signature(m, resultSignature(m.result))),
    '  end',
    '',
    '  class Client',
    '    class WithResponse',
    ...methods.map((m) => `  ${signature(m, 'Response')}`),
    '    end',
    '  end',
  ].join('\n');
  return { ruby, rbs };
}
