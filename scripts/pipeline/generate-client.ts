// generated/client.ts: a typed client on openapi-fetch, with one function per operation named by
// its operationId. Only what the description decides is generated here (the operation table, the
// default base URL, the functions); the rest is client-runtime.ts, copied beside it.
import fs from 'node:fs/promises';
import { forTypeScriptString } from '../escape.ts';
import { builtWith, generatedHeader } from './generate-types.ts';
import { type HeaderScheme, headerSchemes, listOperations, type Operation } from '../bundle-operations.ts';
import type { ParameterRule } from '../parameters.ts';
import { previousSchemaName, renamedIn } from './previous-names.ts';
import { type OpenApiDocument, overlaidInfo } from '../openapi-document.ts';
import * as runtimeSpec from '../languages/runtime-spec.ts';
import { userAgent } from '../languages/runtime-spec.ts';

const httpVerb = (operation: Operation) => operation.method.toUpperCase();

/** The locations of the operation's parameters that are not in the path, each with whether one of them is required. */
function locations(operation: Operation): Map<ParameterRule['in'], boolean> {
  const found = new Map<ParameterRule['in'], boolean>();
  for (const parameter of operation.parameters) found.set(parameter.in, (found.get(parameter.in) ?? false) || parameter.required);
  return found;
}

/**
 * The arguments of an operation function: the path parameters, then `query`, `header` and `cookie`
 * as openapi-typescript types them (only the open pairs themselves when they are the operation's
 * only query parameter), then the body.
 */
function argsType(operation: Operation): string | undefined {
  const fields = operation.pathParameters.map((name) => `${name}: string`);
  for (const [location, required] of locations(operation)) {
    const type =
      location === 'query' && operation.openQuery
        ? 'Record<string, string>'
        : `NonNullable<operations[${literal(operation.operationId)}]['parameters'][${literal(location)}]>`;
    fields.push(`${location}${required ? '' : '?'}: ${type}`);
  }
  if (operation.body) fields.push(`body${operation.body.required ? '' : '?'}: Schemas['${operation.body.schema}']`);
  return fields.length > 0 ? `{ ${fields.join('; ')} }` : undefined;
}

/** Whether every argument of the operation function may be left out. */
const argsOptional = (operation: Operation) =>
  operation.pathParameters.length === 0 && !operation.body?.required && operation.parameters.every((parameter) => !parameter.required);

/** The keys of an operation function's arguments object, as argsType declares them. */
function argumentNames(operation: Operation): string[] {
  return [...operation.pathParameters, ...locations(operation).keys(), ...(operation.body ? ['body'] : [])];
}

function initExpression(operation: Operation): string {
  const params: string[] = [];
  if (operation.pathParameters.length > 0) params.push(`path: { ${operation.pathParameters.map((name) => `${name}: args.${name}`).join(', ')} }`);
  for (const location of locations(operation).keys()) {
    const openPairs = location === 'query' && operation.openQuery;
    params.push(
      openPairs
        ? `query: { ${propertyName(operation.parameters.find((parameter) => parameter.in === 'query')!.name)}: args.query }`
        : `${location}: args.${location}`,
    );
  }
  const parts = ['...options'];
  if (params.length > 0) parts.push(`params: { ${params.join(', ')} }`);
  if (operation.body) parts.push('body: args.body');
  return `{ ${parts.join(', ')} }`;
}

function operationFunction(operation: Operation): string {
  const args = argsType(operation);
  const optionalArgs = args !== undefined && argsOptional(operation);
  const signature = ['client: EmailDeliveryClient', ...(args ? [`args: ${args}${optionalArgs ? ' = {}' : ''}`] : []), 'options: CallOptions = {}'].join(', ');
  const names = args === undefined ? 'undefined' : `[${argumentNames(operation).map(literal).join(', ')}]`;
  return [
    `/** ${commentText(operation.summary)}: \`${httpVerb(operation)} ${commentText(operation.path)}\`, answering ${operation.success.status} with \`Schemas['${operation.success.schema}']\`. */`,
    `export async function ${operation.operationId}(${signature}): OperationResult<'${operation.operationId}'> {`,
    `  checkCall('${operation.operationId}', ${names}, client, ${args === undefined ? 'undefined' : 'args'}, options);`,
    `  return client.${httpVerb(operation)}(${forTypeScriptString(operation.path)}, ${initExpression(operation)});`,
    '}',
  ].join('\n');
}

/** A string literal of TypeScript that holds `text` (names and headers come from the description). */
const literal = (text: string) => JSON.stringify(text).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
/** A property name of TypeScript: as it is when it is an identifier, else quoted. */
export const propertyName = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : literal(name));
/** Text inside a doc comment: it cannot end the comment. */
const commentText = (text: string) => text.replaceAll('*/', '*\\/').replace(/\s+/g, ' ');

const factoryDoc = `/**
 * Creates a client. Call operations by path (\`client.GET('/v1/webhooks')\`) or by name
 * (\`listWebhooks(client)\`). Non-2xx responses come back as \`error\`; a network failure or an
 * abort rejects with its cause.
 */`;

/** `createEmailDeliveryClient`, with a typed `credentials` option when the description declares header schemes. */
function clientFactory(schemes: HeaderScheme[]): string {
  if (schemes.length === 0) {
    return `${factoryDoc}
export function createEmailDeliveryClient(options: EmailDeliveryClientOptions = {}): EmailDeliveryClient {
  return createDescribedClient<paths>(options, { defaultBaseUrl, operationIds, parameters: parameterStyles, userAgent });
}`;
  }
  const fields = schemes.map(
    (s) =>
      `  /** Sent as the ${commentText(s.header)} header${s.bearer ? ', after "Bearer "' : ''}: security scheme ${commentText(s.scheme)}. */\n  ${propertyName(s.scheme)}?: string;`,
  );
  const headers = schemes.map((s) => `  ${propertyName(s.scheme)}: [${literal(s.header)}, ${literal(s.bearer ? 'Bearer ' : '')}],`);
  return `/** Credentials for the security schemes the description declares, each sent as its header on every request. */
export interface Credentials {
${fields.join('\n')}
}

/** Each security scheme's header, and what goes before the value. */
const credentialHeaders: Record<keyof Credentials, [header: string, prefix: string]> = {
${headers.join('\n')}
};

/** Sets each credential's header on every request, unless the call sets that header itself. */
function credentialsMiddleware(credentials: Credentials): Middleware {
  return {
    onRequest({ request }) {
      for (const [scheme, value] of Object.entries(credentials)) {
        const [header, prefix] = credentialHeaders[scheme as keyof Credentials] ?? [];
        if (header !== undefined && typeof value === 'string' && !request.headers.has(header)) request.headers.set(header, \`\${prefix}\${value}\`);
      }
      return request;
    },
  };
}

${factoryDoc}
export function createEmailDeliveryClient(options: EmailDeliveryClientOptions & { credentials?: Credentials } = {}): EmailDeliveryClient {
  const { credentials = {}, ...rest } = options;
  return createDescribedClient<paths>(
    { ...rest, middleware: [credentialsMiddleware(credentials), ...(rest.middleware ?? [])] },
    { defaultBaseUrl, operationIds, parameters: parameterStyles, userAgent },
  );
}`;
}

/** \`Schemas\`: the description's named schemas, and their names before ${renamedIn} as deprecated aliases. */
function schemasType(bundle: OpenApiDocument): string {
  const aliases = Object.keys(bundle.components?.schemas ?? {}).flatMap((name) => {
    const previous = previousSchemaName(name);
    return previous
      ? [
          `  /** @deprecated Renamed \`${name}\` in ${renamedIn}; this name goes in the next major version. */\n  ${previous}: components['schemas']['${name}'];`,
        ]
      : [];
  });
  if (aliases.length === 0) return "export type Schemas = components['schemas'];";
  return `/** The description's named schemas, by name; the names they had before ${renamedIn} still work, deprecated. */
export type Schemas = components['schemas'] & {
${aliases.join('\n')}
};`;
}

/**
 * client.ts for `bundle`. `packageVersion` is the version of the package it ships in (package.json),
 * which the release keeps equal to `info.version`.
 */
export function generateClient(bundle: OpenApiDocument, rootPackageVersion: string = bundle.info!.version): string {
  // A build with overlays names its own package (info.x-package) and version.
  const packageVersion = overlaidInfo(bundle)!['x-package']?.version ?? rootPackageVersion;
  const operations = listOperations(bundle);
  const schemes = headerSchemes(bundle);
  const defaultBaseUrl = bundle.servers![0].variables!.base_url.default;
  const table = operations.map((operation) => `  ${forTypeScriptString(`${httpVerb(operation)} ${operation.path}`)}: '${operation.operationId}',`).join('\n');
  const styles = operations
    .filter((operation) => operation.parameters.length > 0)
    .map((operation) => {
      const rules = operation.parameters.map((p) => `{ name: ${literal(p.name)}, in: '${p.in}', style: '${p.style}', explode: ${p.explode} }`);
      return `  ${forTypeScriptString(`${httpVerb(operation)} ${operation.path}`)}: [${rules.join(', ')}],`;
    });
  return `${generatedHeader(`Typed client of the ${bundle.info!.title} (openapi-fetch).`, bundle)}
import type { Client, FetchResponse${schemes.length > 0 ? ', Middleware' : ''} } from 'openapi-fetch';
import { type CallOptions, checkCall, createDescribedClient, type EmailDeliveryClientOptions, type ParameterStyle } from './client-runtime.js';
import type { components, operations, paths } from './schema.js';

export {
  CookieParameterError,
  CrossOriginRedirectError,
  defaultMaxResponseBytes,
  defaultMaxRetries,
  defaultTimeoutMs,
  MissingArgumentError,
  RedirectRefusedError,
  ResponseBodyError,
  ResponseTooLargeError,
  serializeQuery,
  UnknownArgumentError,
  UnsafePathParameterError,
} from './client-runtime.js';
export type { CallOptions, EmailDeliveryClientOptions, ParameterStyle } from './client-runtime.js';
export type { components, operations, paths };
${schemasType(bundle)}

/** What an operation function resolves to: \`{ data, response }\` on success, \`{ error, response }\` otherwise. */
export type OperationResult<Id extends keyof operations> = Promise<FetchResponse<operations[Id], CallOptions, 'application/json'>>;

export type EmailDeliveryClient = Client<paths, 'application/json'>;

/** The version of the description this client was generated from (\`info.version\`): log it to know which one you call with. */
export const descriptionVersion = ${literal(String(bundle.info!.version))};

/** The version of the package this client ships in. */
export const packageVersion = ${literal(packageVersion)};

/** What the client sends as its User-Agent under Node, unless a header or a middleware sets one (a browser sends its own). */
const userAgent = ${literal(userAgent('typescript', packageVersion))};

/** The \`{base_url}\` server variable's default: the local mock server (\`npm run mock\`). */
export const defaultBaseUrl = ${forTypeScriptString(defaultBaseUrl)};

/** Every operation, keyed by \`METHOD /path/template\`. */
export const operationIds = {
${table}
} as const;

export type OperationId = (typeof operationIds)[keyof typeof operationIds];

/** How each operation's query, header and cookie parameters travel (style and explode), keyed by \`METHOD /path/template\`. */
export const parameterStyles: Readonly<Record<string, readonly ParameterStyle[]>> = {
${styles.join('\n')}
};

${clientFactory(schemes)}

${operations.map(operationFunction).join('\n\n')}
`;
}

/**
 * generated/client-runtime.ts: scripts/pipeline/client-runtime.ts as it is, under a generated-file
 * header, but for its import of the runtime spec, whose values it writes in its place: the copy
 * stands alone, and the spec stays the one home of the defaults.
 */
export async function clientRuntimeSource(bundle?: OpenApiDocument): Promise<string> {
  const source = await fs.readFile(new URL('./client-runtime.ts', import.meta.url), 'utf8');
  const specImport = /^import \{ ([\w, ]+) \} from '[./\w-]+\/runtime-spec\.ts';$/m;
  const names = specImport.exec(source)?.[1].split(', ');
  if (!names)
    throw new Error(
      'scripts/pipeline/client-runtime.ts no longer imports the runtime spec by name: clientRuntimeSource writes its values in place of that import',
    );
  const values: Record<string, unknown> = runtimeSpec;
  const constants = names.map((name) => {
    if (!(name in values)) throw new Error(`scripts/pipeline/client-runtime.ts imports ${name}, which the runtime spec does not export`);
    return `const ${name} = ${JSON.stringify(values[name])} as const;`;
  });
  const overlays = builtWith(bundle);
  const header =
    overlays === undefined
      ? `// Copied from scripts/pipeline/client-runtime.ts by \`npm run build\`, the runtime spec's values written in. Do not edit: change that file and rebuild.\n`
      : `// The email-delivery-api toolchain's client runtime (scripts/pipeline/client-runtime.ts), copied by \`npm run build -- --overlay\` for ${overlays}. Do not edit.\n`;
  return `${header}${source.replace(specImport, constants.join('\n'))}`;
}
