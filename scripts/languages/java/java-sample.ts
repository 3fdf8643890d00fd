// The Java sample of an operation for the reference (as scripts/pipeline/sdk-samples.ts'
// pythonSample and goSample): a short, complete program, `Example.java`, that builds a client with
// the credential placeholder header, makes the operation's call as the Java SDK names it
// (java-client.ts' javaMethods) and catches the SDK's API error.
import { isRecord, type OpenApiDocument } from '../../openapi-document.ts';
import type { Operation } from '../../bundle-operations.ts';
import { credentialPlaceholder, parameterValue, sampleLineWidth, type SdkSampleFacts, unstatedPathType } from '../sample-values.ts';
import { placeholderModule } from '../go/go-sdk.ts';
import { type JavaMethod, javaMethods } from './java-client.ts';
import { javaCoordinates } from './java-package.ts';
import { camelCase, javaString } from './java-source.ts';

/** The Java package of the SDK whose Go module path is `goModule` (both follow package.json's `repository`). */
export function javaPackageOf(goModule: string): string {
  if (goModule === placeholderModule) return javaCoordinates(undefined).pkg;
  const [host, owner, repo] = goModule.split('/');
  return javaCoordinates(`https://${host}/${owner}/${repo}`).pkg;
}

/** A value as Java source: a string literal, a number (`1L`, `1.5`), a boolean, `List.of(...)`, `Map.of(...)`. */
function javaValue(value: unknown, type?: string): string {
  if (typeof value === 'string') return javaString(value);
  if (typeof value === 'number') return type === 'number' || !Number.isInteger(value) ? String(Number.isInteger(value) ? `${value}.0` : value) : `${value}L`;
  if (typeof value === 'boolean' || value === null || value === undefined) return String(value ?? 'null');
  if (Array.isArray(value)) return `List.of(${value.map((item) => javaValue(item, type)).join(', ')})`;
  return `Map.of(${Object.entries(value as Record<string, unknown>)
    .map(([key, item]) => `${javaString(key)}, ${javaValue(item, type)}`)
    .join(', ')})`;
}

/** Whether a field's schema is a plain string, integer, number or boolean: one the model's builder takes as a literal. */
function plainField(document: OpenApiDocument, schemaName: string, field: string): string | undefined {
  const schema = document.components?.schemas?.[schemaName];
  const property = isRecord(schema) && isRecord(schema.properties) ? schema.properties[field] : undefined;
  if (!isRecord(property) || property.enum || property.format || property.$ref) return undefined;
  return ['string', 'integer', 'number', 'boolean'].includes(String(property.type)) ? String(property.type) : undefined;
}

/** One argument of the sample's call, set before it as a local: its name, its value (Java source), and a comment on what is open. */
interface SampleArgument {
  name: string;
  value: string;
  comment?: string;
}

/** The names the sample uses itself, which an argument's local may not take. */
const sampleNames = new Set(['args', 'client', 'data', 'error']);

/** The arguments of the sample's call (the path, the parameters, the body), adding the imports they need. */
function sampleArguments(document: OpenApiDocument, method: JavaMethod, facts: SdkSampleFacts, pkg: string, imports: Set<string>): SampleArgument[] {
  const { operation } = method;
  const local = (name: string) => (sampleNames.has(camelCase(name)) ? `${camelCase(name)}Value` : camelCase(name));
  const args: SampleArgument[] = operation.pathParameters.map((name) => ({
    name: local(name),
    value: '"ID"',
    comment: facts.pathTypes?.[name] ?? unstatedPathType,
  }));
  const builder = (start: string, calls: string[]) => [start, ...calls, '.build()'].join('\n        ');
  if (method.parameters.kind === 'pairs') {
    imports.add('java.util.Map');
    args.push({ name: 'query', value: 'Map.of("name", "value")', comment: 'any name=value pairs (names not specified)' });
  } else if (method.parameters.kind === 'class') {
    imports.add(`${pkg}.${method.parameters.name}`);
    const set = operation.parameters.filter((rule) => rule.required);
    for (const rule of set) imports.add(rule.shape === 'array' ? 'java.util.List' : 'java.util.Map');
    args.push({
      name: 'params',
      value: builder(
        `${method.parameters.name}.builder()`,
        set.map((rule) => `.${camelCase(rule.name)}(${javaValue(parameterValue(rule), rule.type)})`),
      ),
    });
  }
  const body = method.body;
  if (body?.type.kind === 'model') {
    const name = body.type.name;
    const schema = operation.body!.schema;
    imports.add(`${pkg}.model.${name}`);
    if (facts.body.required.every((field) => plainField(document, schema, field.name) !== undefined))
      args.push({
        name: 'body',
        value: builder(
          `${name}.builder()`,
          facts.body.required.map((field) => `.${camelCase(field.name)}(${javaValue(field.value, plainField(document, schema, field.name))})`),
        ),
      });
    else {
      imports.add('com.fasterxml.jackson.databind.ObjectMapper');
      imports.add('java.util.Map');
      const fields = Object.fromEntries(facts.body.required.map((field) => [field.name, field.value]));
      args.push({ name: 'body', value: `new ObjectMapper().convertValue(\n        ${javaValue(fields)},\n        ${name}.class)` });
    }
  } else if (body) {
    imports.add('java.util.Map');
    args.push({ name: 'body', value: 'Map.of()', comment: 'any JSON object (fields not specified)' });
  }
  return args;
}

export function javaSample(document: OpenApiDocument, operation: Operation, baseUrl: string, facts: SdkSampleFacts): string {
  const method = javaMethods(document).find((m) => m.operation.operationId === operation.operationId)!;
  const pkg = javaPackageOf(facts.goModule);
  const imports = new Set([`${pkg}.ApiException`, `${pkg}.EmailDeliveryClient`]);
  const args = sampleArguments(document, method, facts, pkg, imports);
  const headers = facts.schemes.map(
    (scheme) => `        .header(${javaString(scheme.header)}, ${javaString(`${scheme.bearer ? 'Bearer ' : ''}${credentialPlaceholder}`)})`,
  );
  // Each argument a local before the call, its comment above it: the lines fit the sample panel.
  const locals = args.flatMap((arg) => [...(arg.comment ? [`    // ${arg.comment}`] : []), `    var ${arg.name} = ${arg.value};`]);
  const oneLine = `      var data = client.${method.name}(${args.map((arg) => arg.name).join(', ')});`;
  const call =
    oneLine.length <= sampleLineWidth ? [oneLine] : ['      var data = client', `          .${method.name}(${args.map((arg) => arg.name).join(', ')});`];
  const lines = [
    ...[...imports].sort().map((name) => `import ${name};`),
    '',
    'public class Example {',
    '  public static void main(String[] args) {',
    '    var client = EmailDeliveryClient.builder()',
    `        .baseUrl(${javaString(baseUrl)})`,
    ...headers,
    '        .build();',
    ...locals,
    '    try {',
    ...call,
    `      System.out.println(data); // ${operation.success.status} on success`,
    '    } catch (ApiException error) {',
    '      System.err.println(error.getMessage());',
    '      System.exit(1);',
    '    }',
    '  }',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}
