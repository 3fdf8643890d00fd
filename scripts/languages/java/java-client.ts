// The Java SDK's generated classes beside the runtime: EmailDeliveryClient, one method per
// operation (its operationId), each a one-line call of the runtime's Caller with the operation's
// record, in overloads that leave out trailing optional arguments and take a last RequestOptions;
// client.withResponse() has the same methods returning ApiResponse; and a <Operation>Params class
// (a builder) per operation whose parameters are more than the open query pairs.
import type { OpenApiDocument } from '../../openapi-document.ts';
import { listOperations, type Operation } from '../../bundle-operations.ts';
import type { ParameterRule } from '../../parameters.ts';
import { ReportedError } from '../../project.ts';
import { idempotencyKeyOf } from '../runtime-spec.ts';
import { bodyJavaType, type JavaBody, javaBody } from './java-models.ts';
import { camelCase, constantName, docText, generatedBy, isJavaIdentifier, javaString, pascalCase } from './java-source.ts';

/** What EmailDeliveryClient has of its own (and Object's methods): no operation's method may take these names. */
const clientMembers = new Set(['builder', 'withResponse', 'toString', 'hashCode', 'equals', 'getClass', 'notify', 'notifyAll', 'wait', 'clone', 'finalize']);
/** What a method's body names besides its arguments. */
const bodyNames = new Set(['caller', 'options', 'query', 'params', 'body']);

const scalar: Record<string, string> = { string: 'String', integer: 'Long', number: 'Double', boolean: 'Boolean' };

/** The Java type a parameter's value takes. */
function parameterType(rule: ParameterRule): string {
  const value = scalar[rule.type] ?? 'String';
  if (rule.shape === 'array') return `List<${value}>`;
  if (rule.shape === 'object') return `Map<String, ${value}>`;
  return value;
}

/** How one operation is called in Java. */
export interface JavaMethod {
  operation: Operation;
  name: string;
  constant: string;
  /** The path parameters' argument names, in the template's order. */
  pathArguments: string[];
  /** The open query pairs (a Map argument), the parameters' class, or none. */
  parameters: { kind: 'none' } | { kind: 'pairs'; rule: ParameterRule } | { kind: 'class'; name: string; required: boolean };
  body?: { type: JavaBody; required: boolean };
  result: JavaBody;
  /** The header of its idempotency key (runtime-spec.ts' idempotencyKeyOf), never required: the SDK makes one for a call not given one. */
  idempotencyKey?: string;
}

/** Whether the caller must give `rule`: it is required and not the idempotency key, which the SDK makes where not given. */
const mustGive = (rule: ParameterRule, idempotencyKey: string | undefined) => rule.required && rule.name !== idempotencyKey;

/** The client's method of each operation of `document`, in the description's order. */
export function javaMethods(document: OpenApiDocument): JavaMethod[] {
  const taken = new Map<string, string>();
  return listOperations(document).map((operation) => {
    const name = operation.operationId;
    if (!isJavaIdentifier(name) || clientMembers.has(name))
      throw new ReportedError(`operation ${name}: the Java SDK names a method after its operationId, which is not a Java method name it can take`);
    const constant = constantName(name)!;
    if (taken.has(constant)) throw new ReportedError(`operations ${taken.get(constant)} and ${name} are both ${constant} in Java: rename one operationId`);
    taken.set(constant, name);
    const used = new Set<string>();
    const pathArguments = operation.pathParameters.map((parameter) => {
      let argument = camelCase(parameter);
      while (bodyNames.has(argument) || used.has(argument)) argument = `${argument}_`;
      used.add(argument);
      return argument;
    });
    const rules = operation.parameters;
    const idempotencyKey = idempotencyKeyOf(operation.method, rules);
    const parameters: JavaMethod['parameters'] =
      rules.length === 0
        ? { kind: 'none' }
        : operation.openQuery && rules.length === 1
          ? { kind: 'pairs', rule: rules[0] }
          : { kind: 'class', name: `${pascalCase(name)}Params`, required: rules.some((rule) => mustGive(rule, idempotencyKey)) };
    return {
      operation,
      name,
      constant,
      pathArguments,
      parameters,
      body: operation.body ? { type: javaBody(document, operation.body.schema), required: operation.body.required } : undefined,
      result: javaBody(document, operation.success.schema),
      ...(idempotencyKey ? { idempotencyKey } : {}),
    };
  });
}

/** The runtime's record of an operation, as a Java expression. */
function operationRecord(m: JavaMethod): string {
  const { operation } = m;
  const parameters = operation.parameters.map(
    (rule) =>
      `new Parameter(${javaString(rule.name)}, ${javaString(rule.in)}, ${javaString(rule.style)}, ${rule.explode}, ${mustGive(rule, m.idempotencyKey)})`,
  );
  return `new Operation(${[
    javaString(operation.operationId),
    javaString(operation.method.toUpperCase()),
    javaString(operation.path),
    `List.of(${operation.pathParameters.map(javaString).join(', ')})`,
    `List.of(${parameters.join(', ')})`,
    javaString(operation.body ? (operation.body.required ? 'required' : 'optional') : 'none'),
    m.idempotencyKey ? javaString(m.idempotencyKey) : 'null',
  ].join(', ')})`;
}

/** One argument of a method: its declaration, what the call passes for it (or without it), and whether it may be left out. */
interface Argument {
  declaration: string;
  optional: boolean;
}

function argumentsOf(m: JavaMethod): Argument[] {
  const args: Argument[] = m.pathArguments.map((name) => ({ declaration: `String ${name}`, optional: false }));
  if (m.parameters.kind === 'pairs') args.push({ declaration: 'Map<String, String> query', optional: !m.parameters.rule.required });
  if (m.parameters.kind === 'class') args.push({ declaration: `${m.parameters.name} params`, optional: !m.parameters.required });
  if (m.body) args.push({ declaration: `${bodyJavaType(m.body.type, 'argument')} body`, optional: !m.body.required });
  return args;
}

/** The overloads of a method: its arguments, and each shorter list that leaves out only optional ones at the end. */
function overloads(args: Argument[]): Argument[][] {
  const lists: Argument[][] = [args];
  for (let end = args.length; end > 0 && args[end - 1].optional; end -= 1) lists.push(args.slice(0, end - 1));
  return lists;
}

/** The methods of one operation, as the client (`ApiResponse`: as withResponse()) has them. */
function methodSource(m: JavaMethod, withResponse: boolean): string[] {
  const { operation } = m;
  const result = bodyJavaType(m.result, 'result');
  const returns = withResponse ? `ApiResponse<${result}>` : result;
  const all = argumentsOf(m);
  const given = (list: Argument[], declaration: string) => list.some((arg) => arg.declaration === declaration);
  const lines: string[] = [];
  const summary = docText(operation.summary);
  const what =
    m.result.kind === 'model' ? `its body as a {@link ${bodyJavaType(m.result, 'class')}}` : m.result.kind === 'object' ? 'its JSON object' : 'its JSON value';
  for (const list of overloads(all))
    for (const withOptions of [false, true]) {
      const declarations = [...list.map((arg) => arg.declaration), ...(withOptions ? ['RequestOptions options'] : [])];
      const path = m.pathArguments.length > 0 ? `new String[] {${m.pathArguments.join(', ')}}` : 'null';
      const params =
        m.parameters.kind === 'pairs'
          ? given(list, 'Map<String, String> query')
            ? `Collections.singletonMap(${javaString(m.parameters.rule.name)}, query)`
            : 'null'
          : m.parameters.kind === 'class' && given(list, `${m.parameters.name} params`)
            ? 'params == null ? null : params.values()'
            : 'null';
      const body = m.body && given(list, `${bodyJavaType(m.body.type, 'argument')} body`) ? 'body' : 'null';
      const call = `caller.${withResponse ? 'exchange' : 'call'}(${m.constant}, ${path}, ${params}, ${body}, ${bodyJavaType(m.result, 'class')}.class, ${withOptions ? 'options' : 'null'})`;
      lines.push(
        '',
        withResponse
          ? `  /** As {@link EmailDeliveryClient#${m.name}}, with the answer's status and headers. */`
          : `  /** ${summary}${/[.!?]$/.test(summary) ? '' : '.'} {@code ${docText(`${operation.method.toUpperCase()} ${operation.path}`)}} ({@code ${operation.operationId}}): returns ${what} from the ${docText(operation.success.status)} answer, null when it has none. */`,
        `  public ${returns} ${m.name}(${declarations.join(', ')}) {`,
        `    return ${call};`,
        '  }',
      );
    }
  return lines;
}

/** The client's constants: its versions and the defaults of its settings. */
const constants = [
  "  /** The SDK's version. */",
  '  public static final String VERSION = SdkSpec.VERSION;',
  '  /** The version of the description this SDK was made from (its info.version). */',
  '  public static final String DESCRIPTION_VERSION = SdkSpec.DESCRIPTION_VERSION;',
  '  /** The default bound of a whole call. */',
  '  public static final Duration DEFAULT_TIMEOUT = SdkSpec.DEFAULT_TIMEOUT;',
  '  /** The default bound of a body read, in bytes. */',
  '  public static final long DEFAULT_MAX_RESPONSE_BYTES = SdkSpec.DEFAULT_MAX_RESPONSE_BYTES;',
  '  /** The default number of retries of a GET, PUT or DELETE. */',
  '  public static final int DEFAULT_MAX_RETRIES = SdkSpec.DEFAULT_MAX_RETRIES;',
];

/** What the client has of its own: its caller, its builder, withResponse() and its printed form. */
const ownMembers = [
  '  private final Caller caller;',
  '  private final WithResponse withResponse = new WithResponse();',
  '',
  '  private EmailDeliveryClient(Caller caller) {',
  '    this.caller = caller;',
  '  }',
  '',
  '  /** A builder: {@code baseUrl} is required; {@code header}, {@code credential}, {@code timeout}, {@code maxResponseBytes} and {@code maxRetries} are not. */',
  '  public static Builder builder() {',
  '    return new Builder();',
  '  }',
  '',
  '  /** Builds an {@link EmailDeliveryClient}. */',
  '  public static final class Builder extends ClientBuilder<Builder> {',
  '    private Builder() {}',
  '',
  '    /** The client; an IllegalArgumentException names a setting that cannot be. */',
  '    public EmailDeliveryClient build() {',
  '      return new EmailDeliveryClient(caller());',
  '    }',
  '  }',
  '',
  "  /** The same methods, each returning the 2xx answer's status and headers with its body. */",
  '  public WithResponse withResponse() {',
  '    return withResponse;',
  '  }',
  '',
  "  /** The base URL, the headers' names (never their values) and the settings. */",
  '  @Override',
  '  public String toString() {',
  '    return "EmailDeliveryClient{" + caller.describe() + "}";',
  '  }',
];

/** EmailDeliveryClient.java of `document`, version `version`, in `pkg`. */
export function clientSource(document: OpenApiDocument, pkg: string, methods: JavaMethod[]): string {
  const title = docText(document.info?.title ?? 'the API');
  const indent = (lines: string[]) => lines.map((line) => (line === '' ? '' : `  ${line}`));
  const usesModels = methods.some((m) => m.result.kind === 'model' || m.body?.type.kind === 'model');
  const imports = [
    'com.fasterxml.jackson.databind.JsonNode',
    'com.fasterxml.jackson.databind.node.ObjectNode',
    'java.time.Duration',
    'java.util.Collections',
    'java.util.List',
    'java.util.Map',
  ];
  return [
    generatedBy,
    `// The client of ${title.replace(/[^\x20-\x7e]/g, '?')}: one method per operation over the runtime (Caller.java).`,
    `package ${pkg};`,
    '',
    ...imports.map((name) => `import ${name};`),
    ...(usesModels ? [`import ${pkg}.model.*;`] : []),
    '',
    '/**',
    ` * A client of ${title}: one method per operation, named after its operationId. Make it with`,
    ' * {@code EmailDeliveryClient.builder().baseUrl(url).header(name, value).build()}; it is safe for',
    ' * concurrent use. A call returns the decoded body of a 2xx answer, or throws an {@link EmailDeliveryException}.',
    ' */',
    'public final class EmailDeliveryClient {',
    ...constants,
    '',
    ...methods.map((m) => `  private static final Operation ${m.constant} = ${operationRecord(m)};`),
    '',
    ...ownMembers,
    ...methods.flatMap((m) => methodSource(m, false)),
    '',
    "  /** The client's methods, each returning an {@link ApiResponse}: the status, the headers and the body. */",
    '  public final class WithResponse {',
    '    private WithResponse() {}',
    ...indent(methods.flatMap((m) => methodSource(m, true))),
    '  }',
    '}',
    '',
  ].join('\n');
}

/** The builder's method of each parameter of `m`'s operation, and build()'s checks of the required ones. */
function paramsSetters(m: JavaMethod, name: string): { setters: string[]; required: string[] } {
  const taken = new Set(['build', 'values', 'toString']);
  const setters = m.operation.parameters.flatMap((rule) => {
    let member = camelCase(rule.name);
    while (taken.has(member)) member = `${member}_`;
    taken.add(member);
    const copy =
      rule.shape === 'array'
        ? `${member} == null ? null : List.copyOf(${member})`
        : rule.shape === 'object'
          ? `${member} == null ? null : Map.copyOf(${member})`
          : member;
    const note =
      rule.name === m.idempotencyKey ? ' (where not given, the call makes one, a random UUID; the same on every retry)' : rule.required ? ' (required)' : '';
    return [
      '',
      `    /** The ${docText(rule.in)} parameter {@code ${docText(rule.name)}}${note}. */`,
      `    public Builder ${member}(${parameterType(rule)} ${member}) {`,
      `      values.put(${javaString(rule.name)}, ${copy});`,
      '      return this;',
      '    }',
    ];
  });
  const required = m.operation.parameters
    .filter((rule) => mustGive(rule, m.idempotencyKey))
    .map(
      (rule) => `      if (values.get(${javaString(rule.name)}) == null) throw new IllegalStateException(${javaString(`${name}: ${rule.name} is required`)});`,
    );
  return { setters, required };
}

/** The parameters' class `name` of `m`'s operation. */
function paramsClass(pkg: string, m: JavaMethod, name: string): string {
  const { setters, required } = paramsSetters(m, name);
  return [
    generatedBy,
    `// The parameters of ${m.operation.operationId}.`,
    `package ${pkg};`,
    '',
    'import java.util.Collections;',
    'import java.util.LinkedHashMap;',
    'import java.util.List;',
    'import java.util.Map;',
    '',
    `/** The parameters of {@code ${m.operation.operationId}}: {@code ${name}.builder()...build()}. */`,
    `public final class ${name} {`,
    '  private final Map<String, Object> values;',
    '',
    `  private ${name}(Map<String, Object> values) {`,
    '    this.values = values;',
    '  }',
    '',
    '  /** A builder: a misspelt parameter is a compile error. */',
    '  public static Builder builder() {',
    '    return new Builder();',
    '  }',
    '',
    '  /** The values by their names on the wire. */',
    '  Map<String, Object> values() {',
    '    return values;',
    '  }',
    '',
    "  /** The names of the parameters given, never their values (a header's may be a credential). */",
    '  @Override',
    '  public String toString() {',
    `    return ${javaString(name)} + values.keySet();`,
    '  }',
    '',
    `  /** Builds {@link ${name}}. */`,
    '  public static final class Builder {',
    '    private final Map<String, Object> values = new LinkedHashMap<>();',
    '',
    '    private Builder() {}',
    ...setters,
    '',
    '    /** The parameters; an IllegalStateException where a required one is missing. */',
    `    public ${name} build() {`,
    ...required,
    `      return new ${name}(Collections.unmodifiableMap(new LinkedHashMap<>(values)));`,
    '    }',
    '  }',
    '}',
    '',
  ].join('\n');
}

/** The parameters' class of each operation that has one, by file name. */
export function paramsSources(pkg: string, methods: JavaMethod[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const m of methods) if (m.parameters.kind === 'class') files.set(`${m.parameters.name}.java`, paramsClass(pkg, m, m.parameters.name));
  return files;
}
