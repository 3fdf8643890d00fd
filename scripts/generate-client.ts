// generated/client.ts: a typed client on openapi-fetch, with one function per operation named by
// its operationId. The runtime part is fixed text below; the operation part comes from the bundle.
import { generatedHeader } from './generate-types.ts';
import { listOperations, type Operation } from './operations.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed OpenAPI

const httpVerb = (operation: Operation) => operation.method.toUpperCase();

function argsType(operation: Operation): string | undefined {
  const fields = operation.pathParameters.map((name) => `${name}: string`);
  if (operation.openQuery) fields.push('query?: Record<string, string>');
  if (operation.body) fields.push(`body${operation.body.required ? '' : '?'}: Schemas['${operation.body.schema}']`);
  return fields.length > 0 ? `{ ${fields.join('; ')} }` : undefined;
}

function initExpression(operation: Operation): string {
  const params: string[] = [];
  if (operation.pathParameters.length > 0) params.push(`path: { ${operation.pathParameters.map((name) => `${name}: args.${name}`).join(', ')} }`);
  if (operation.openQuery) params.push('query: { params: args.query }');
  const parts = ['...options'];
  if (params.length > 0) parts.push(`params: { ${params.join(', ')} }`);
  if (operation.body) parts.push('body: args.body');
  return `{ ${parts.join(', ')} }`;
}

function operationFunction(operation: Operation): string {
  const args = argsType(operation);
  const optionalArgs = args !== undefined && operation.pathParameters.length === 0 && !operation.body?.required;
  const signature = [
    'client: EmailDeliveryClient',
    ...(args ? [`args: ${args}${optionalArgs ? ' = {}' : ''}`] : []),
    'options: CallOptions = {}',
  ].join(', ');
  return [
    `/** ${operation.summary}: \`${httpVerb(operation)} ${operation.path}\`, answering ${operation.success.status} with \`Schemas['${operation.success.schema}']\`. */`,
    `export function ${operation.operationId}(${signature}): OperationResult<'${operation.operationId}'> {`,
    `  return client.${httpVerb(operation)}('${operation.path}', ${initExpression(operation)});`,
    '}',
  ].join('\n');
}

export function generateClient(bundle: Json): string {
  const operations = listOperations(bundle);
  const defaultBaseUrl: string = bundle.servers[0].variables.base_url.default;
  const table = operations.map((operation) => `  '${httpVerb(operation)} ${operation.path}': '${operation.operationId}',`).join('\n');
  return `${generatedHeader(`Typed client of the ${bundle.info.title} (openapi-fetch).`)}
import createClient, { type Client, type FetchResponse, type HeadersOptions, type Middleware } from 'openapi-fetch';
import type { components, operations, paths } from './schema.ts';

export type { components, operations, paths };
export type Schemas = components['schemas'];

/** What an operation function resolves to: \`{ data, response }\` on success, \`{ error, response }\` otherwise. */
export type OperationResult<Id extends keyof operations> = Promise<FetchResponse<operations[Id], CallOptions, 'application/json'>>;

/** The \`{base_url}\` server variable's default: the local mock server (\`npm run mock\`). */
export const defaultBaseUrl = '${defaultBaseUrl}';

export interface EmailDeliveryClientOptions {
  /** The service's base URL; the interface document does not state one. Default: {@link defaultBaseUrl}. */
  baseUrl?: string;
  /** Headers sent with every request, e.g. your credentials (the interface document states no auth scheme). */
  headers?: HeadersOptions;
  /** A fetch implementation; default: \`globalThis.fetch\`. */
  fetch?: (input: Request) => Promise<Response>;
  /** openapi-fetch middleware, run in order after the client's own checks. */
  middleware?: Middleware[];
}

/** Per-call options of the operation functions. */
export interface CallOptions {
  headers?: HeadersOptions;
  signal?: AbortSignal;
  middleware?: Middleware[];
}

export type EmailDeliveryClient = Client<paths, 'application/json'>;

/** Every operation, keyed by \`METHOD /path/template\`. */
export const operationIds = {
${table}
} as const;

export type OperationId = (typeof operationIds)[keyof typeof operationIds];

function operationName(method: string, schemaPath: string): string {
  return operationIds[\`\${method} \${schemaPath}\` as keyof typeof operationIds] ?? \`\${method} \${schemaPath}\`;
}

/** A path parameter that cannot travel as one URL segment: empty, \`.\` or \`..\`. No request was sent. */
export class UnsafePathParameterError extends Error {
  override name = 'UnsafePathParameterError';
  readonly operation: string;
  readonly parameter: string;
  readonly value: unknown;
  constructor(operation: string, parameter: string, value: unknown) {
    super(\`\${operation}: path parameter '\${parameter}' is \${JSON.stringify(value)}, which cannot be sent as one path segment (an empty, "." or ".." segment would address another resource); no request was sent\`);
    this.operation = operation;
    this.parameter = parameter;
    this.value = value;
  }
}

/** A success response whose body is not JSON, although the description declares application/json. */
export class ResponseBodyError extends Error {
  override name = 'ResponseBodyError';
  readonly operation: string;
  readonly detail: string;
  /** The response, where the body was read before openapi-fetch parsed it. */
  readonly response?: Response;
  constructor(operation: string, detail: string, response?: Response) {
    super(\`\${operation}: the success response body is not JSON: \${detail}\`);
    this.operation = operation;
    this.detail = detail;
    this.response = response;
  }
}

/**
 * Serializes query parameters as the description declares them: a form-exploded object
 * (the open request parameters) becomes one plain \`name=value\` pair per property; names and
 * values are percent-encoded (RFC 3986), arrays repeat the name.
 */
export function serializeQuery(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  const add = (name: string, value: unknown) => {
    if (value !== undefined && value !== null) pairs.push(\`\${encodeURIComponent(name)}=\${encodeURIComponent(String(value))}\`);
  };
  for (const [name, value] of Object.entries(query)) {
    if (Array.isArray(value)) value.forEach((item) => add(name, item));
    else if (typeof value === 'object' && value !== null) Object.entries(value).forEach(([key, item]) => add(key, item));
    else add(name, value);
  }
  return pairs.join('&');
}

const pathParameterNames = new Map<string, string[]>();

/** Refuses, before anything is sent, a path parameter the URL parser would turn into another path. */
const pathSafety: Middleware = {
  onRequest({ request, schemaPath, params }) {
    let names = pathParameterNames.get(schemaPath);
    if (!names) pathParameterNames.set(schemaPath, (names = [...schemaPath.matchAll(/\\{([^}]+)\\}/g)].map((match) => match[1])));
    if (names.length === 0) return;
    const path = (params.path ?? {}) as Record<string, unknown>;
    for (const name of names) {
      const value = path[name];
      if (typeof value !== 'string' || value === '' || value === '.' || value === '..') {
        throw new UnsafePathParameterError(operationName(request.method, schemaPath), name, value);
      }
    }
  },
};

/**
 * A success body whose content type is not JSON is read here: not JSON, it becomes a
 * {@link ResponseBodyError}. A body labelled JSON goes to openapi-fetch untouched (no second read);
 * if it does not parse, {@link guardJson} turns the SyntaxError into a ResponseBodyError.
 */
const jsonBodies: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    if (!response.ok || response.status === 204 || response.body === null) return undefined;
    const type = response.headers.get('content-type') ?? '';
    if (/[/+]json\\b/i.test(type)) return undefined;
    const text = await response.text();
    if (text !== '') {
      try {
        JSON.parse(text);
      } catch {
        throw new ResponseBodyError(operationName(request.method, schemaPath), \`the \${response.status} response (content-type: \${type || 'none'}) reads \${JSON.stringify(text.slice(0, 200))}\`, response);
      }
    }
    return new Response(text === '' ? null : text, { status: response.status, statusText: response.statusText, headers: response.headers });
  },
};

const methods = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

/** Makes a JSON body that does not parse reject with a ResponseBodyError naming the operation. */
function guardJson(client: EmailDeliveryClient): EmailDeliveryClient {
  const explain = (method: string, path: string) => (error: unknown) => {
    throw error instanceof SyntaxError ? new ResponseBodyError(operationName(method, path), \`it does not parse (\${error.message})\`) : error;
  };
  const guarded = { ...client } as Record<string, unknown>;
  for (const method of methods) {
    const call = client[method] as (path: string, ...rest: unknown[]) => Promise<unknown>;
    guarded[method] = (path: string, ...rest: unknown[]) => call(path, ...rest).catch(explain(method, path));
  }
  const request = client.request as (method: string, path: string, ...rest: unknown[]) => Promise<unknown>;
  guarded.request = (method: string, path: string, ...rest: unknown[]) => request(method, path, ...rest).catch(explain(method.toUpperCase(), path));
  return guarded as unknown as EmailDeliveryClient;
}

/**
 * Creates a client. Call operations by path (\`client.GET('/v1/webhooks')\`) or by name
 * (\`listWebhooks(client)\`). Non-2xx responses come back as \`error\`; a network failure or an
 * abort rejects with its cause.
 */
export function createEmailDeliveryClient(options: EmailDeliveryClientOptions = {}): EmailDeliveryClient {
  const client = createClient<paths, 'application/json'>({
    baseUrl: options.baseUrl ?? defaultBaseUrl,
    headers: options.headers,
    fetch: options.fetch,
    querySerializer: serializeQuery,
  });
  client.use(pathSafety, jsonBodies, ...(options.middleware ?? []));
  return guardJson(client);
}

${operations.map(operationFunction).join('\n\n')}
`;
}
