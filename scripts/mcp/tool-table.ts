// The MCP server's tools, as a table read from a bundled description: one tool per operation,
// named by its operationId, its title and description from the operation's summary and
// description (as plain text, with how the server sends the credentials), its input schema from the operation's parameters and request body exactly as
// described (an open body stays an open object), its annotations from the HTTP method, and an
// output schema only where the success response's named schema has properties (an overlay's).
// The build writes it as generated/mcp-tools.json; the server (mcp-server.ts) reads it, and so
// `npm run mcp -- --overlay` does from an overlaid description in memory.
import {
  deref,
  eachOperation,
  type OpenApiDocument,
  type Operation as OperationNode,
  operationParameters,
  type PathItem,
  type Schema,
} from '../openapi-document.ts';
import { headerSchemes, listOperations, type Operation } from '../bundle-operations.ts';
import { ReportedError } from '../project.ts';
import type { McpToolTable, ToolArgument, ToolDefinition } from './mcp-server.ts';

/** What many MCP clients accept as a tool or argument name (some reject dots in tool names). */
const toolName = /^[A-Za-z0-9_-]{1,64}$/;
const argumentName = /^[A-Za-z0-9_.-]{1,64}$/;

/** OpenAPI's keywords that are not JSON Schema's: left out of the tools' schemas, which a 2020-12 validator reads strictly. */
const openApiOnly = new Set(['discriminator', 'xml', 'externalDocs', 'example']);

/**
 * `schema` with every `$ref` to a component schema inlined, OpenAPI-only keywords dropped (an
 * `example` becomes `examples`), and a schema that refers to itself kept once under `$defs`.
 */
function selfContained(document: OpenApiDocument, schema: unknown): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  const inline = (node: unknown, stack: string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => inline(item, stack));
    if (typeof node !== 'object' || node === null) return node;
    const { $ref, ...siblings } = node as Record<string, unknown>;
    if (typeof $ref === 'string') {
      const name = /^#\/components\/schemas\/([^/]+)$/.exec($ref)?.[1];
      if (name === undefined) throw new ReportedError(`a schema refers to ${JSON.stringify($ref)}, which is not a component schema`);
      if (stack.includes(name)) {
        if (!Object.hasOwn(defs, name)) {
          defs[name] = {};
          defs[name] = inline(deref(document, { $ref }), [name]);
        }
        return Object.keys(siblings).length === 0 ? { $ref: `#/$defs/${name}` } : { $ref: `#/$defs/${name}`, ...(inline(siblings, stack) as object) };
      }
      return { ...(inline(deref(document, { $ref }), [...stack, name]) as object), ...(inline(siblings, stack) as object) };
    }
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-') || openApiOnly.has(key)) continue;
      // Under `properties` the keys are field names, not keywords: kept whatever they are.
      out[key] =
        key === 'properties' && typeof value === 'object' && value !== null ? inlineEach(value as Record<string, unknown>, stack) : inline(value, stack);
    }
    const example = (node as Record<string, unknown>).example;
    if (example !== undefined && out.examples === undefined) out.examples = [example];
    return out;
  };
  const inlineEach = (properties: Record<string, unknown>, stack: string[]) =>
    Object.fromEntries(Object.entries(properties).map(([name, value]) => [name, inline(value, stack)]));
  const result = inline(schema, []) as Record<string, unknown>;
  return Object.keys(defs).length === 0 ? result : { ...result, $defs: defs };
}

/** The annotations an agent's client reads, all four set (the protocol's defaults assume a destructive write). */
function annotationsOf(method: string, title: string): ToolDefinition['annotations'] {
  return {
    title,
    readOnlyHint: method === 'get' || method === 'head',
    destructiveHint: method === 'delete' || method === 'put',
    idempotentHint: ['get', 'head', 'put', 'delete'].includes(method),
    openWorldHint: true,
  };
}

/** What the tool does to the service, said plainly after the operation's own description. */
function effectOf(method: string, path: string): string {
  const call = `\`${method.toUpperCase()} ${path}\``;
  if (method === 'get' || method === 'head') return `Read-only: this tool sends ${call} to the service.`;
  if (method === 'delete') return `This tool deletes: it sends ${call} to the service.`;
  return `This tool writes: it sends ${call} to the service, which may change or send something.`;
}

/** Whether `char` is ASCII punctuation, which a Markdown backslash escapes. */
const punctuation = /^[!-/:-@[-`{-~]$/;

/**
 * Markdown text as an agent reads it, plain: each backslash escape outside code spans undone
 * (`$.scores\[\*\].score` is `$.scores[*].score`); code spans, emphasis and links stay as written.
 */
export function withoutEscapes(markdown: string): string {
  let plain = '';
  let code = false;
  for (let i = 0; i < markdown.length; i++) {
    if (!code && markdown[i] === '\\' && punctuation.test(markdown[i + 1] ?? '')) {
      plain += markdown[++i];
      continue;
    }
    if (markdown[i] === '`') code = !code;
    plain += markdown[i];
  }
  return plain;
}

/** `text` split at `separator` where it is outside code spans. */
function splitOutsideCode(text: string, separator: string): string[] {
  const parts: string[] = [];
  let code = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '`') code = !code;
    else if (!code && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i));
      start = i + separator.length;
    }
  }
  return [...parts, text.slice(start)];
}

/** How the overlaid description's paragraph of what the overlays add starts (scripts/overlay/overlaid-prose.ts' fromOverlays). */
const fromOverlays = '**From the overlays:** ';

/**
 * The paragraph of what the overlays add without its credentials item (`credentials: a caller must
 * now send ...`): an agent cannot send a credential (the server does), so the tool says how the
 * server sends it instead. The paragraph goes when nothing else is in it.
 */
function withoutCallerCredentials(description: string): string {
  return description
    .split('\n\n')
    .map((paragraph) => {
      if (!paragraph.startsWith(fromOverlays) || !paragraph.endsWith('.')) return paragraph;
      const items = splitOutsideCode(paragraph.slice(fromOverlays.length, -1), '; ').filter((item) => !item.startsWith('credentials: a caller '));
      return items.length === 0 ? '' : `${fromOverlays}${items.join('; ')}.`;
    })
    .filter(Boolean)
    .join('\n\n');
}

/** How the server sends the credentials the operation takes, where it takes any the server can send: from its environment, never from an argument. */
function credentialsSentence(document: OpenApiDocument, node: OperationNode, credentials: McpToolTable['credentials']): string {
  const requirements = (node.security ?? document.security ?? []) as Record<string, unknown>[];
  const names = new Set(requirements.flatMap((requirement) => Object.keys(requirement)));
  const sent = credentials.filter((credential) => names.has(credential.scheme));
  if (sent.length === 0) return '';
  const optional = requirements.some((requirement) => Object.keys(requirement).length === 0);
  const each = sent.map(({ scheme, header, bearer, variable }) => `${scheme} (${bearer ? 'Authorization: Bearer' : `the header ${header}`}) from $${variable}`);
  return ` The server sends its credentials itself, from its environment: ${each.join(', ')}${optional ? ' (the description says the call may go without them)' : ''}; no argument takes them.`;
}

/** The tool's output schema: the success response's named schema, where it has properties (an object an overlay typed). */
function outputSchemaOf(document: OpenApiDocument, schemaName: string): ToolDefinition['outputSchema'] {
  const schema = document.components?.schemas?.[schemaName] as Schema | undefined;
  const resolved = deref(document, schema);
  if (!resolved || Object.keys(resolved.properties ?? {}).length === 0) return undefined;
  const types = Array.isArray(resolved.type) ? resolved.type : [resolved.type ?? 'object'];
  if (!types.includes('object')) return undefined;
  return { ...selfContained(document, { $ref: `#/components/schemas/${schemaName}` }), type: 'object' as const };
}

/** The tool's input schema (each parameter by its name, the request body as `body`) and where each input goes. */
function toolInputs(
  document: OpenApiDocument,
  where: string,
  pathItem: PathItem,
  node: OperationNode,
  operation: Operation,
): { inputSchema: ToolDefinition['inputSchema']; args: ToolArgument[] } {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  const args: ToolArgument[] = [];
  const add = (name: string, location: ToolArgument['in'], schema: Record<string, unknown>, isRequired: boolean) => {
    if (!argumentName.test(name))
      throw new ReportedError(
        `${where}: ${location} parameter ${JSON.stringify(name)} is not an MCP argument name (letters, digits, '_', '.' and '-', at most 64 characters)`,
      );
    if (Object.hasOwn(properties, name))
      throw new ReportedError(`${where}: two of its inputs are named '${name}'; an MCP tool takes each argument by one name`);
    properties[name] = schema;
    if (isRequired) required.push(name);
    args.push({ name, in: location });
  };
  for (const parameter of operationParameters(document, pathItem, node)) {
    const schema = selfContained(document, parameter.schema ?? {});
    add(
      parameter.name,
      parameter.in as ToolArgument['in'],
      parameter.description ? { ...schema, description: parameter.description } : schema,
      parameter.required === true,
    );
  }
  const body = deref(document, node.requestBody);
  if (body && operation.body) {
    const schema = selfContained(document, { $ref: `#/components/schemas/${operation.body.schema}` });
    add('body', 'body', body.description ? { ...schema, description: body.description } : schema, operation.body.required);
  }
  return { inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false }, args };
}

export function mcpToolTable(document: OpenApiDocument): McpToolTable {
  const operations = new Map(listOperations(document).map((operation) => [`${operation.method} ${operation.path}`, operation]));
  const credentials = credentialsOf(document);
  const tools: ToolDefinition[] = [];
  for (const { path, method, pathItem, operation: node } of eachOperation(document)) {
    const operation = operations.get(`${method} ${path}`)!;
    const where = `${method.toUpperCase()} ${path} (${operation.operationId})`;
    if (!toolName.test(operation.operationId))
      throw new ReportedError(`${where}: the operationId is not an MCP tool name (letters, digits, '_' and '-', at most 64 characters)`);
    const { inputSchema, args } = toolInputs(document, where, pathItem, node, operation);
    const output = outputSchemaOf(document, operation.success.schema);
    tools.push({
      name: operation.operationId,
      title: operation.summary,
      // Plain text for an agent: the operation's description without Markdown's escapes, and the credentials as the server sends them.
      description: `${withoutEscapes(withoutCallerCredentials(String(node.description ?? '').trim())) || operation.summary}\n\n${effectOf(method, path)}${credentialsSentence(document, node, credentials)}`,
      tags: node.tags ?? [],
      method: method.toUpperCase(),
      path,
      arguments: args,
      parameterStyles: operation.parameters.map(({ name, in: location, style, explode }) => ({ name, in: location, style, explode })),
      successStatus: operation.success.status,
      inputSchema,
      ...(output ? { outputSchema: output } : {}),
      annotations: annotationsOf(method, operation.summary),
    });
  }
  const server = document.servers?.[0];
  const variable = server?.variables ? Object.values(server.variables)[0] : undefined;
  return {
    title: String(document.info?.title),
    version: String(document.info?.version),
    defaultBaseUrl: String(variable?.default ?? server?.url ?? ''),
    credentials,
    tools,
  };
}

/** The credentials the server sends, each read from its scheme's variable; two schemes that would share one are refused (the server would send one secret as both). */
function credentialsOf(document: OpenApiDocument): McpToolTable['credentials'] {
  const credentials = headerSchemes(document).map(({ scheme, header, bearer }) => ({ scheme, header, bearer, variable: credentialVariable(scheme) }));
  const byVariable = new Map<string, string>();
  for (const { scheme, variable } of credentials) {
    const other = byVariable.get(variable);
    if (other !== undefined)
      throw new ReportedError(
        `security schemes '${other}' and '${scheme}' would both read their credential from ${variable}, so the MCP server would send one secret as both: rename one (the variable is EMAIL_DELIVERY_ and the scheme's name in capitals, with _ before a capital that follows a lower-case letter or a digit, and for each run of other characters)`,
      );
    byVariable.set(variable, scheme);
  }
  return credentials;
}

/**
 * The environment variable a security scheme's credential is read from: `EMAIL_DELIVERY_`, then the
 * scheme's name in capitals, with `_` before each capital that follows a lower-case letter or a
 * digit and for each run of characters that are not letters or digits (none at either end):
 * `ExampleApiKey` is `EMAIL_DELIVERY_EXAMPLE_API_KEY`, `ObservedXApiKey` is
 * `EMAIL_DELIVERY_OBSERVED_XAPI_KEY` (no `_` between two capitals). docs/mcp.md states it.
 */
export function credentialVariable(scheme: string): string {
  const words = scheme
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `EMAIL_DELIVERY_${words.toUpperCase()}`;
}

/** The table as the build writes it (generated/mcp-tools.json). */
export const toolTableJson = (table: McpToolTable): string => `${JSON.stringify(table, null, 2)}\n`;
