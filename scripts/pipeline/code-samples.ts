// x-codeSamples for the rendered docs: for every operation, a TypeScript call through our client,
// the Python and Go SDKs' calls (sdk-samples.ts) and a curl command, all made from the bundle. The
// tests type-check every sample.
// A description with overlays may declare credentials and body fields: then the samples pass the
// credentials and each required field, with a placeholder of its type.
import { forTypeScriptString } from '../escape.ts';
import { type BodyField, bodyFields, type HeaderScheme, headerSchemes, listOperations, type Operation } from '../bundle-operations.ts';
import { serializeCookieParameter, serializeHeaderParameter, serializeQueryParameter } from './client-runtime.ts';
import type { ParameterRule } from '../parameters.ts';
import { credentialPlaceholder, parameterValue, placeholder, unstatedPathType } from '../languages/sample-values.ts';
import { sampleLanguages, type SdkSampleFacts } from './sdk-samples.ts';
import { placeholderModule } from '../languages/go/go-sdk.ts';
import { type OpenApiDocument, operationAt, operationParameters, overlaidInfo, type Parameter, pathItemAt, type Schema } from '../openapi-document.ts';

export interface CodeSample {
  lang: string;
  label: string;
  source: string;
}

/** The package name consumers import the client from. */
export const clientPackage = 'email-delivery-api';

export { sampleLineWidth } from '../languages/sample-values.ts';

/** What a sample needs beyond the operation: the credentials and the body's fields, when the description declares them. */
export interface SampleFacts {
  schemes: HeaderScheme[];
  body: { declared: boolean; required: BodyField[] };
  /** The package the TypeScript sample imports: a build with overlays names its own (info.x-package). */
  packageName?: string;
  /** A path parameter's type, where an overlay states one (a format, a pattern or values): `string, uuid`. */
  pathTypes?: Record<string, string>;
}

const noFacts: SampleFacts = { schemes: [], body: { declared: false, required: [] } };

/** The facts of `operation` in `document` that its samples show. */
export const sampleFacts = (document: OpenApiDocument, operation: Operation): SampleFacts => ({
  schemes: headerSchemes(document),
  body: bodyFields(document, operation),
  packageName: overlaidInfo(document)?.['x-package']?.name,
  pathTypes: pathTypes(document, operation),
});

/** The path parameters of `operation` whose schema states a format, a pattern or values (the description's state none). */
function pathTypes(document: OpenApiDocument, operation: Operation): Record<string, string> {
  const node = operationAt(document, operation.path, operation.method);
  const parameters = node ? operationParameters(document, pathItemAt(document, operation.path), node) : [];
  const typed = parameters.filter((p) => p.in === 'path' && ['format', 'pattern', 'enum'].some((key) => key in (p.schema ?? {})));
  const words = (p: Parameter) => {
    const schema = p.schema as Schema;
    return [schema.type, schema.format, schema.pattern && 'with a pattern', schema.enum && 'one of listed values'];
  };
  // Words only: the comment sits in a code block of the Markdown reference.
  return Object.fromEntries(
    typed.map((p) => [
      p.name,
      words(p)
        .filter(Boolean)
        .map(String)
        .join(', ')
        .replace(/[^\w .,:-]/g, ''),
    ]),
  );
}

/** A property name in a sample: as it is when it is an identifier, else in single quotes as Prettier writes it. */
const propertyName = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : forTypeScriptString(name));

/** The named (not open) parameters of `location` a sample passes: every one, with a placeholder. */
const namedParameters = (operation: Operation, location: ParameterRule['in']) =>
  operation.parameters.filter((parameter) => parameter.in === location && !(operation.openQuery && location === 'query'));

/** A sample's lines that pass the parameters of `location`, one per parameter: `    query: {`, `      cursor: 'text',`, `    },`. */
function parameterArgs(operation: Operation, location: ParameterRule['in']): string[] {
  const named = namedParameters(operation, location);
  if (named.length === 0) return [];
  return [`    ${location}: {`, ...named.map((parameter) => `      ${propertyName(parameter.name)}: ${typescriptValue(parameterValue(parameter))},`), '    },'];
}

/** The body a sample sends: `{}`, or each required field with a placeholder. */
const sampleBody = (facts: SampleFacts) => Object.fromEntries(facts.body.required.map((field) => [field.name, placeholder(field)]));

/** A placeholder as TypeScript source: `'text'`, `0`, `['text']`, `{ name: 'text' }`. */
function typescriptValue(item: unknown): string {
  if (typeof item === 'string') return forTypeScriptString(item);
  if (Array.isArray(item) && item.length > 0) return `[${item.map(typescriptValue).join(', ')}]`;
  if (typeof item === 'object' && item !== null && !Array.isArray(item) && Object.keys(item).length > 0)
    return typescriptObject(item as Record<string, unknown>);
  return JSON.stringify(item);
}

/** A flat object as TypeScript source: `{ subject: 'text', count: 0 }`. */
function typescriptObject(value: Record<string, unknown>): string {
  const entries = Object.entries(value).map(([key, item]) => `${propertyName(key)}: ${typescriptValue(item)}`);
  return entries.length > 0 ? `{ ${entries.join(', ')} }` : '{}';
}

export function typescriptSample(operation: Operation, baseUrl: string, facts: SampleFacts = noFacts): string {
  const credentials = facts.schemes.map((scheme) => `    ${propertyName(scheme.scheme)}: '${credentialPlaceholder}',`);
  const lines = [
    'import {',
    '  createEmailDeliveryClient,',
    `  ${operation.operationId},`,
    `} from '${facts.packageName ?? clientPackage}';`,
    '',
    'const client = createEmailDeliveryClient({',
    `  baseUrl: ${forTypeScriptString(baseUrl)},`,
    ...(credentials.length > 0 ? ['  credentials: {', ...credentials, '  },'] : []),
    '});',
    '',
    'const { data, error, response } =',
  ];
  const args: string[] = [];
  for (const name of operation.pathParameters) args.push(`    ${name}: 'ID', // ${facts.pathTypes?.[name] ?? unstatedPathType}`);
  if (operation.openQuery) args.push('    // any name=value pairs (names not specified)', "    query: { name: 'value' },");
  for (const location of ['query', 'header', 'cookie'] as const) args.push(...parameterArgs(operation, location));
  if (operation.body && facts.body.declared)
    args.push(`    // fields: Schemas['${operation.body.schema}']`, `    body: ${typescriptObject(sampleBody(facts))},`);
  else if (operation.body) args.push('    // any JSON object (fields not specified)', '    body: {},');
  if (args.length > 0) lines.push(`  await ${operation.operationId}(client, {`, ...args, '  });');
  else lines.push(`  await ${operation.operationId}(client);`);
  lines.push(
    'if (!response.ok) {',
    '  const detail = JSON.stringify(error);',
    '  throw new Error(`${response.status}: ${detail}`);',
    '}',
    `console.log(data); // ${operation.success.status} on success`,
  );
  return `${lines.join('\n')}\n`;
}

/** A word of a shell command in single quotes. */
const shellQuoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

export function curlSample(operation: Operation, baseUrl: string, facts: SampleFacts = noFacts): string {
  const path = operation.pathParameters.reduce((at, name) => at.replace(`{${name}}`, 'ID'), operation.path);
  const lines = [`BASE_URL=${shellQuoted(baseUrl)}`, `curl -X ${operation.method.toUpperCase()} \\`];
  const query = namedParameters(operation, 'query').flatMap((p) => serializeQueryParameter(p, parameterValue(p)));
  const target = `${path}${operation.openQuery ? '?name=value' : query.length > 0 ? `?${query.join('&')}` : ''}`;
  // In double quotes as it reads best, unless the path holds what a shell expands there.
  const url = /[$`"\\!]/.test(target) ? `  "$BASE_URL"${shellQuoted(target)}` : `  "$BASE_URL${target}"`;
  const cookies = namedParameters(operation, 'cookie').flatMap((p) => serializeCookieParameter(p, parameterValue(p)) ?? []);
  const credentials = [
    ...facts.schemes.map((scheme) => `  -H ${shellQuoted(`${scheme.header}: ${scheme.bearer ? 'Bearer ' : ''}${credentialPlaceholder}`)}`),
    ...namedParameters(operation, 'header').map((p) => `  -H ${shellQuoted(`${p.name}: ${serializeHeaderParameter(p, parameterValue(p))}`)}`),
    ...(cookies.length > 0 ? [`  -b ${shellQuoted(cookies.join('; '))}`] : []),
  ];
  if (operation.body)
    lines.push(
      `${url} \\`,
      ...credentials.map((line) => `${line} \\`),
      "  -H 'Content-Type: application/json' \\",
      `  -d ${shellQuoted(JSON.stringify(sampleBody(facts)))}`,
    );
  else if (credentials.length > 0) lines.push(`${url} \\`, ...credentials.slice(0, -1).map((line) => `${line} \\`), credentials[credentials.length - 1]);
  else lines.push(url);
  return `${lines.join('\n')}\n`;
}

/** What the Python and Go samples need of `facts`, with the Go SDK's module path. */
export const sdkSampleFacts = (facts: SampleFacts, goModule: string): SdkSampleFacts => ({
  schemes: facts.schemes,
  body: { declared: facts.body.declared, required: facts.body.required.map((field) => ({ name: field.name, value: placeholder(field) })) },
  pathTypes: facts.pathTypes,
  goModule,
});

/**
 * A copy of the bundle with x-codeSamples on every operation, in TypeScript, the SDKs' languages (sampleLanguages) and curl
 * (the Go sample imports the SDK as `goModule`); the bundle itself stays clean.
 */
export function withCodeSamples(bundle: OpenApiDocument, goModule: string = placeholderModule): OpenApiDocument {
  const copy = structuredClone(bundle);
  const baseUrl = copy.servers![0].variables!.base_url.default;
  for (const operation of listOperations(copy)) {
    const facts = sampleFacts(bundle, operation);
    const sdkFacts = sdkSampleFacts(facts, goModule);
    const samples: CodeSample[] = [
      { lang: 'typescript', label: 'TypeScript', source: typescriptSample(operation, baseUrl, facts) },
      ...sampleLanguages.map((language) => ({ lang: language.lang, label: language.label, source: language.sample(bundle, operation, baseUrl, sdkFacts) })),
      { lang: 'bash', label: 'curl', source: curlSample(operation, baseUrl, facts) },
    ];
    operationAt(copy, operation.path, operation.method)!['x-codeSamples'] = samples;
  }
  return copy;
}
