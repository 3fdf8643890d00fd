// The MCP server in process: the tool table read from the description (names, schemas,
// annotations, what stays open), the choice of tools (read-only by default, --tools, --tags), and
// each call through the SDK's in-memory transport to a real recording server on 127.0.0.1: what
// reaches the service, what comes back to the agent (bounded, escaped, without credentials), and
// every failure as a tool error the agent can read, the server answering afterwards.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  chooseTools,
  createToolServer,
  type McpToolTable,
  notServedReason,
  ToolCaller,
  type ToolChoice,
  ToolChoiceError,
  type ToolServerOptions,
} from '../../scripts/mcp/mcp-server.ts';
import { type ResourceSet, resourcesInFolder } from '../../scripts/mcp/mcp-resources.ts';
import { mcpToolsMarkdown } from '../../scripts/pipeline/mcp-tools-page.ts';
import { credentialVariable, mcpToolTable } from '../../scripts/mcp/tool-table.ts';
import { eachOperation } from '../../scripts/openapi-document.ts';
import { overlaidDescription } from '../../scripts/overlay/build-overlaid.ts';
import { checkout, type Json, loadBundle, root } from '../support/helpers.ts';
import { freeLoopbackPort, jsonReply, startTestServer, type TestServer } from '../support/http-server.ts';

/** ajv-formats' default export, typed for Ajv2020 (its types name the draft-07 class). */
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv2020) => Ajv2020;

let bundle: Json;
let table: McpToolTable;
let service: TestServer;
let elsewhere: TestServer;

beforeAll(async () => {
  bundle = await loadBundle();
  table = mcpToolTable(bundle);
  [service, elsewhere] = await Promise.all([startTestServer(), startTestServer()]);
});
afterAll(() => Promise.all([service.close(), elsewhere.close()]));
beforeEach(() => {
  service.requests.length = 0;
  elsewhere.requests.length = 0;
  service.reply = () => jsonReply(200, { ok: true });
});

/** An SDK client connected in memory to a server of `tools` (default: every tool). */
async function connect(options: Partial<ToolServerOptions> = {}, tools = table.tools, of = table, resources?: ResourceSet): Promise<Client> {
  const caller = new ToolCaller(of, tools, { baseUrl: service.url, headers: {}, maxResultBytes: 64 * 1024, timeoutMs: 5000, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createToolServer(of, caller, resources).connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

/** A client of the server that `choice` (--allow-writes, --tools, --tags) starts. */
const connectChoosing = (choice: ToolChoice, log?: (line: string) => void) =>
  connect({ notServed: notServedReason(table, choice), log }, chooseTools(table, choice));

/** A value `depth` levels deep: `wrap` applied that many times around a string. */
const nested = (depth: number, wrap: (inner: unknown) => unknown): Record<string, string> => {
  let value: unknown = 'x';
  for (let level = 0; level < depth; level++) value = wrap(value);
  return value as Record<string, string>;
};

const text = (result: Awaited<ReturnType<Client['callTool']>>) => (result.content as { type: string; text: string }[]).map((part) => part.text).join('\n');

describe('the tool table, read from the description', () => {
  it('one tool per operation, named by its operationId, titled by its summary, in document order', () => {
    const operations = [...eachOperation(bundle)];
    expect(table.tools.map((tool) => tool.name)).toEqual(operations.map(({ operation }) => operation.operationId));
    expect(table.tools.map((tool) => tool.title)).toEqual(operations.map(({ operation }) => operation.summary));
    expect(table.version).toBe(bundle.info.version);
  });

  it('annotations from the method, all four set', () => {
    for (const tool of table.tools) {
      const method = tool.method;
      expect(tool.annotations, tool.name).toEqual({
        title: tool.title,
        readOnlyHint: method === 'GET',
        destructiveHint: method === 'DELETE' || method === 'PUT',
        idempotentHint: ['GET', 'PUT', 'DELETE'].includes(method),
        openWorldHint: true,
      });
    }
  });

  it('descriptions keep what the interface document leaves open, and say what the call does', () => {
    const tool = (name: string) => table.tools.find((t) => t.name === name)!;
    expect(tool('replaceUnsubscribeGroup').description).toMatch(/fields are not specified/);
    expect(tool('deleteMessage').description).toMatch(/This tool deletes: it sends `DELETE \/v1\/messages\/\{id\}`/);
    expect(tool('listScopes').description).toMatch(/Read-only: this tool sends `GET \/v1\/scopes`/);
  });

  // Found by a trial of learning (issue 52): a tool's description held Markdown's escapes (`$.scores\[\*\].score`) and
  // "a caller must now send ObservedXApiKey", which an agent reads literally and cannot act on.
  const fields = '200 response field `score` at $.scores\\[\\*\\].score: a caller may find it (number, optional)';
  const credentials = 'credentials: a caller must now send Key (the header X-Key)';
  const sends = 'The server sends its credentials itself, from its environment: Key (the header X-Key) from $EMAIL_DELIVERY_KEY';
  it.each([
    [
      "escapes undone, the caller's credentials as the server sends them",
      `**From the overlays:** ${credentials}; ${fields}.`,
      [{ Key: [] }],
      `**From the overlays:** 200 response field \`score\` at $.scores[*].score: a caller may find it (number, optional).\n\nRead-only: this tool sends \`GET /v1/scopes\` to the service. ${sends}; no argument takes them.`,
    ],
    [
      'credentials that may be sent, or none, and nothing else from the overlays: the summary',
      `**From the overlays:** ${credentials.replace('must now send Key (the header X-Key)', 'may now send Key (the header X-Key), or none')}.`,
      [{}, { Key: [] }],
      `List scopes\n\nRead-only: this tool sends \`GET /v1/scopes\` to the service. ${sends} (the description says the call may go without them); no argument takes them.`,
    ],
    [
      'no security: nothing said of credentials',
      'Lists the scopes \\(all\\).',
      undefined,
      'Lists the scopes (all).\n\nRead-only: this tool sends `GET /v1/scopes` to the service.',
    ],
  ])('a description as plain text for an agent: %s', (_name, description, security, want) => {
    const document = structuredClone(bundle);
    document.components.securitySchemes = { Key: { type: 'apiKey', in: 'header', name: 'X-Key' } };
    document.paths['/v1/scopes'].get.description = description;
    document.paths['/v1/scopes'].get.security = security;
    expect(mcpToolTable(document).tools.find((t) => t.name === 'listScopes')!.description).toBe(want);
  });

  it('input schemas exactly as described: the id as its parameter states it, open bodies and open pairs stay open, nothing else', () => {
    const tool = (name: string) => table.tools.find((t) => t.name === name)!;
    expect(tool('listScopes').inputSchema).toEqual({ type: 'object', properties: {}, additionalProperties: false });
    const id = tool('getUnsubscribeGroup').inputSchema;
    expect(id.required).toEqual(['id']);
    expect((id.properties as Json).id).toMatchObject({ type: 'string', minLength: 1, not: { enum: ['.', '..'] } });
    const body = (tool('sendBatch').inputSchema.properties as Json).body;
    expect(body).toMatchObject({ type: 'object', additionalProperties: true });
    expect(Object.keys(body.properties ?? {})).toEqual([]);
    expect((tool('getApiKey').inputSchema.properties as Json).pairs).toMatchObject({ type: 'object', additionalProperties: { type: 'string' } });
    // The faithful description types no response: no tool has an output schema.
    expect(table.tools.filter((t) => t.outputSchema)).toEqual([]);
  });

  it("every schema is accepted by the SDK's own validation and by a strict JSON Schema 2020-12 validator", () => {
    expect(() =>
      ListToolsResultSchema.parse({
        tools: new ToolCaller(table, table.tools, { baseUrl: service.url, headers: {}, maxResultBytes: 1024, timeoutMs: 100 }).listed(),
      }),
    ).not.toThrow();
    const ajv = new Ajv2020({ strict: true, validateSchema: true });
    for (const tool of table.tools) expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
  });
});

it('llms.txt names the server and links the tool table the build wrote', async () => {
  const llms = await fs.readFile(path.join(checkout.outputDir, 'llms.txt'), 'utf8');
  expect(llms).toMatch(/\n## MCP server\n\n- \[Its tools\]\(mcp-tools\.json\): .*`email-delivery-mcp`/);
  expect(JSON.parse(await fs.readFile(path.join(checkout.outputDir, 'mcp-tools.json'), 'utf8'))).toEqual(table);
});

describe('which tools are served', () => {
  const readOnly = (tool: { annotations: { readOnlyHint: boolean } }) => tool.annotations.readOnlyHint;
  const ofTag = (tag: string) => (tool: { tags: string[] }) => tool.tags.includes(tag);
  const metrics = 'Metrics, reputation, engagement';

  it('read-only by default: only the GET operations; --allow-writes serves all', async () => {
    const served = chooseTools(table, { allowWrites: false });
    expect(served.map((t) => t.name)).toEqual(table.tools.filter((t) => t.method === 'GET').map((t) => t.name));
    expect(chooseTools(table, { allowWrites: true })).toHaveLength(table.tools.length);
    const client = await connect({}, served);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(served.map((t) => t.name));
    await client.close();
  });

  it.each<[string, ToolChoice, (tool: McpToolTable['tools'][number]) => boolean]>([
    ['a tag by its whole name, commas and all', { allowWrites: false, tags: [metrics] }, (t) => ofTag(metrics)(t)],
    ['the same with writes', { allowWrites: true, tags: [metrics] }, ofTag(metrics)],
    ['--tags once per tag', { allowWrites: false, tags: [metrics, 'Quotas'] }, (t) => ofTag(metrics)(t) || ofTag('Quotas')(t)],
    ['tags joined by commas', { allowWrites: false, tags: ['Quotas, Webhooks'] }, (t) => readOnly(t) && (ofTag('Quotas')(t) || ofTag('Webhooks')(t))],
    [
      '--tools joined by commas and repeated',
      { allowWrites: false, tools: ['listQuotas,getApiKey', 'listScopes'] },
      (t) => ['listQuotas', 'getApiKey', 'listScopes'].includes(t.name),
    ],
    [
      '--tools and --tags: the tools named and those of the tags',
      { allowWrites: false, tools: ['getApiKey'], tags: ['Quotas'] },
      (t) => t.name === 'getApiKey' || ofTag('Quotas')(t),
    ],
    ['a write by --tools with --allow-writes', { allowWrites: true, tools: ['sendBatch'] }, (t) => t.name === 'sendBatch'],
  ])('%s', (_, choice, want) => {
    expect(chooseTools(table, choice).map((t) => t.name)).toEqual(table.tools.filter((t) => want(t) && (choice.allowWrites || readOnly(t))).map((t) => t.name));
  });

  it.each<[string, ToolChoice, string | RegExp]>([
    [
      'an unknown tool',
      { allowWrites: false, tools: ['listQuota'] },
      "--tools: no tool 'listQuota' (did you mean 'listQuotas'?); `--list --allow-writes` lists them all",
    ],
    [
      'a write without --allow-writes',
      { allowWrites: false, tools: ['deleteMessage'] },
      /^--tools: 'deleteMessage' is not read-only \(DELETE \/v1\/messages\/\{id\}\); add --allow-writes/,
    ],
    ['a tool named twice', { allowWrites: false, tools: ['listQuotas', 'getApiKey,listQuotas'] }, "--tools: 'listQuotas' is named twice: name each tool once"],
    [
      'a tool that --tags serves already',
      { allowWrites: false, tools: ['listQuotas'], tags: ['Quotas'] },
      "--tools: 'listQuotas' is served by --tags 'Quotas' already: name it once",
    ],
    [
      'an unknown tag',
      { allowWrites: false, tags: ['Nope'] },
      /^--tags: no tag 'Nope'; the tags are: 'Account and access', .*'Metrics, reputation, engagement'.* \(give each tag whole in a --tags of its own, or several joined by commas\)$/,
    ],
    ['a misspelt tag', { allowWrites: false, tags: ['Quota'] }, /^--tags: no tag 'Quota' \(did you mean 'Quotas'\?\); the tags are: /],
    [
      'a tag whose name holds commas, in another case and spacing',
      { allowWrites: false, tags: ['metrics,reputation,engagement'] },
      /^--tags: no tag 'metrics' \(did you mean 'Metrics, reputation, engagement'\? give it whole, as it is written\); /,
    ],
    [
      'a tag whose name holds commas, joined to another',
      { allowWrites: false, tags: [`Quotas,${metrics}`] },
      /^--tags: no tag 'Metrics': 'Metrics, reputation, engagement' is one tag, whose name holds commas: give it whole, in a --tags of its own; the tags are: /,
    ],
    ['a tag named twice', { allowWrites: false, tags: ['Quotas', 'Webhooks,Quotas'] }, "--tags: 'Quotas' is named twice: name each tag once"],
    [
      'a tag of writes only, read-only',
      { allowWrites: false, tags: ['Senders and branding'] },
      "--tags: 'Senders and branding' has no read-only tool; add --allow-writes to serve its 2 tools",
    ],
    ['nothing but commas', { allowWrites: false, tools: [', ,'] }, '--tools and --tags name no tool: give at least one'],
  ])('%s is refused, saying what to give', (_, choice, message) => {
    expect(() => chooseTools(table, choice)).toThrow(ToolChoiceError);
    expect(() => chooseTools(table, choice)).toThrow(message);
  });

  it.each<[string, ToolChoice, string, string]>([
    [
      'a write on a read-only server',
      { allowWrites: false },
      'sendBatch',
      'Tool not served: sendBatch (POST /v1/batches/{id}/send): it writes, and this server was started read-only: start it with --allow-writes to serve it',
    ],
    [
      'a tool --tools left out',
      { allowWrites: false, tools: ['getApiKey'] },
      'listQuotas',
      "Tool not served: listQuotas (GET /v1/quotas): this server was started with --tools getApiKey: add --tools listQuotas or --tags 'Quotas' to serve it",
    ],
    [
      'a write that --tags left out, on a read-only server',
      { allowWrites: false, tags: [metrics] },
      'deleteMessage',
      `Tool not served: deleteMessage (DELETE /v1/messages/{id}): it writes, and this server was started read-only: start it with --allow-writes; and this server was started with --tags '${metrics}': add --tools deleteMessage or --tags 'Messages and batches' to serve it`,
    ],
    ['a misspelt name', { allowWrites: false }, 'listQuota', "Unknown tool: listQuota (did you mean 'listQuotas'?)"],
    // Held in the fourth review (issue 57): names every object has are no tools.
    ['a name every object has (__proto__)', { allowWrites: false }, '__proto__', 'Unknown tool: __proto__'],
    ['a name every object has (constructor)', { allowWrites: false }, 'constructor', 'Unknown tool: constructor'],
    ['a name every object has (toString)', { allowWrites: false }, 'toString', 'Unknown tool: toString'],
  ])('%s: the call is a protocol error that says how to serve it, logged, and the server answers afterwards', async (_, choice, name, message) => {
    const log: string[] = [];
    const client = await connectChoosing(choice, (line) => log.push(line));
    await expect(client.callTool({ name, arguments: {} })).rejects.toThrow(`MCP error -32602: ${message}`);
    expect(log).toEqual([`mcp: ${name}: refused: ${message}`]);
    expect((await client.listTools()).tools.length).toBeGreaterThan(0);
    expect(service.requests).toEqual([]);
    await client.close();
  });
});

describe('resources: what the build wrote for readers', () => {
  let resources: ResourceSet;
  let client: Client;
  beforeAll(async () => {
    resources = await resourcesInFolder(checkout.outputDir);
    client = await connect({}, chooseTools(table, { allowWrites: false }), table, resources);
  });
  afterAll(() => client.close());

  it('lists the Markdown reference (the index, a page per area, the interface document, the tools), llms.txt, llms-full.txt, the tool table and the bundle, each with its MIME type and size', async () => {
    const { resources: listed } = await client.listResources();
    const areas = bundle.tags.map((tag: { name: string }) => tag.name);
    expect(listed.map((r) => r.name)).toEqual([
      'llms.txt',
      'reference/README.md',
      ...areas.map((area: string) => expect.stringMatching(new RegExp(`^reference/${area.toLowerCase().replace(/[^a-z]+/g, '-')}\\.md$`))),
      'reference/interface-document.md',
      'reference/mcp-tools.md',
      'mcp-tools.json',
      'llms-full.txt',
      'openapi.json',
    ]);
    expect(listed.filter((r) => areas.includes(r.title)).map((r) => r.title)).toEqual(areas);
    for (const resource of listed) {
      const file = path.join(checkout.outputDir, resource.name);
      expect(resource.uri).toBe(`email-delivery://docs/${resource.name}`);
      expect(resource.size, resource.name).toBe((await fs.stat(file)).size);
      expect(resource.mimeType).toBe(resource.name.endsWith('.json') ? 'application/json' : 'text/markdown');
    }
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([]);
  });

  it('reads each listed resource as the build wrote it', async () => {
    for (const { uri, name, mimeType } of (await client.listResources()).resources) {
      const { contents } = await client.readResource({ uri });
      expect(contents).toEqual([{ uri, mimeType, text: await fs.readFile(path.join(checkout.outputDir, name), 'utf8') }]);
    }
  });

  it.each([
    [
      'a path out of the folder',
      'email-delivery://docs/reference/../../package.json',
      /a URI that names a path is never read: this server reads only the resources resources\/list lists$/,
    ],
    ['an encoded dot segment', 'email-delivery://docs/%2e%2e/package.json', /a URI that names a path is never read/],
    [
      'a near miss',
      'email-delivery://docs/llms.tx',
      /not a resource of this server \(did you mean 'email-delivery:\/\/docs\/llms\.txt'\?\); resources\/list lists the \d+ it offers$/,
    ],
    ['a file the build wrote but does not offer', 'email-delivery://docs/mcp-resources.json', /: not a resource of this server/],
    ['a file of this machine', 'file:///etc/passwd', /^MCP error -32602: Unknown resource: file:\/\/\/etc\/passwd: not a resource of this server; /],
    ['control characters', 'email-delivery://docs/\u001b[2J\u202e', /Unknown resource: email-delivery:\/\/docs\/\\u001b\[2J\\u202e: /],
    // Held in the fourth review (issue 57): a URI is the listed one exactly, or none.
    ['the scheme in capitals', 'EMAIL-DELIVERY://docs/llms.txt', /: not a resource of this server \(did you mean 'email-delivery:\/\/docs\/llms\.txt'\?\)/],
    ['the host in capitals', 'email-delivery://DOCS/llms.txt', /: not a resource of this server/],
    ['a query', 'email-delivery://docs/llms.txt?x=1', /: not a resource of this server/],
    ['a fragment', 'email-delivery://docs/llms.txt#top', /: not a resource of this server/],
    ['a dot segment', 'email-delivery://docs/./llms.txt', /a URI that names a path is never read/],
    ['an empty segment', 'email-delivery://docs//llms.txt', /: not a resource of this server/],
    ['an encoded dot in a name', 'email-delivery://docs/llms%2etxt', /a URI that names a path is never read/],
    ['an encoded letter', 'email-delivery://docs/%6clms.txt', /: not a resource of this server/],
    ['backslashes', 'email-delivery://docs\\..\\package.json', /a URI that names a path is never read/],
    ['a trailing space', 'email-delivery://docs/llms.txt ', /: not a resource of this server/],
    ['a NUL', 'email-delivery://docs/llms.txt\u0000', /Unknown resource: email-delivery:\/\/docs\/llms\.txt\\u0000: not a resource of this server/],
    ['a name every object has', '__proto__', /^MCP error -32602: Unknown resource: __proto__: not a resource of this server; /],
    ['nothing', '', /^MCP error -32602: Unknown resource: : not a resource of this server; /],
    [
      '100,000 characters, named by its first 200',
      `email-delivery://docs/${'a'.repeat(100_000)}`,
      /^MCP error -32602: Unknown resource: email-delivery:\/\/docs\/a{178}…: not a resource/,
    ],
  ])('%s is an InvalidParams error naming what it reads, and the server answers afterwards', async (_, uri, message) => {
    await expect(client.readResource({ uri })).rejects.toThrow(message);
    expect((await client.readResource({ uri: 'email-delivery://docs/llms.txt' })).contents).toHaveLength(1);
  });
});

describe('a call, against a recording service on 127.0.0.1', () => {
  it('sends the described request: the id as one encoded segment, open pairs as plain query pairs, the body as JSON', async () => {
    const client = await connect();
    const got = await client.callTool({ name: 'getUnsubscribeGroup', arguments: { id: 'a/b c' } });
    expect(got.isError).toBeFalsy();
    expect(text(got)).toBe(`HTTP 200 (application/json) from GET /v1/unsubscribe-groups/{id}\n{"ok":true}`);
    await client.callTool({ name: 'getApiKey', arguments: { pairs: { a: '1', b: 'x y' } } });
    await client.callTool({ name: 'sendBatch', arguments: { id: 'b1', body: { anything: [1] } } });
    expect(service.requests.map((r) => `${r.method} ${r.target} ${r.body}`)).toEqual([
      'GET /v1/unsubscribe-groups/a%2Fb%20c ',
      'GET /v1/api-key?a=1&b=x%20y ',
      'POST /v1/batches/b1/send {"anything":[1]}',
    ]);
    await client.close();
  });

  it.each([
    ['a missing required argument', 'getUnsubscribeGroup', {}, "getUnsubscribeGroup: missing required argument 'id'; nothing was sent"],
    [
      'an unknown argument',
      'getUnsubscribeGroup',
      { id: 'x', headers: { a: 'b' } },
      "getUnsubscribeGroup: unknown argument 'headers'; getUnsubscribeGroup takes 'id'; nothing was sent",
    ],
    ['a value of the wrong type', 'getApiKey', { pairs: { a: 1 } }, "getApiKey: argument 'pairs.a' must be string, found integer; nothing was sent"],
    ['an id of ..', 'getUnsubscribeGroup', { id: '..' }, `getUnsubscribeGroup: argument 'id' must not be "." or ".."; nothing was sent`],
    ['an empty id', 'getUnsubscribeGroup', { id: '' }, "getUnsubscribeGroup: argument 'id' must NOT have fewer than 1 characters; nothing was sent"],
    // Held in the fourth review (issue 57): deep and huge JSON is refused by its first wrong field.
    [
      'arguments 100,000 objects deep',
      'getApiKey',
      { pairs: nested(100_000, (inner) => ({ a: inner })) },
      "getApiKey: argument 'pairs.a' must be string, found object; nothing was sent",
    ],
    [
      'arguments 300,000 lists deep',
      'getApiKey',
      { pairs: nested(300_000, (inner) => [inner]) },
      "getApiKey: argument 'pairs' must be object, found array; nothing was sent",
    ],
  ])('%s: a tool error naming the field, nothing sent, the server still answering', async (_, name, args, message) => {
    const client = await connect();
    const got = await client.callTool({ name, arguments: args });
    expect(got.isError).toBe(true);
    expect(text(got)).toBe(message);
    expect(service.requests).toEqual([]);
    expect((await client.callTool({ name: 'listScopes' })).isError).toBeFalsy();
    await client.close();
  });

  it('an unknown tool is a protocol error naming the closest, and the server answers afterwards', async () => {
    const client = await connect();
    await expect(client.callTool({ name: 'listQuota' })).rejects.toThrow(/Unknown tool: listQuota \(did you mean 'listQuotas'\?\)/);
    expect((await client.callTool({ name: 'listQuotas' })).isError).toBeFalsy();
    await client.close();
  });

  it("a 4xx or 5xx is a tool error with the status, the content type and the answer's text escaped", async () => {
    service.reply = () => ({ status: 500, body: 'boom \u001b[31mred\u001b[0m\u202e', headers: { 'content-type': 'text/plain' } });
    const client = await connect();
    const got = await client.callTool({ name: 'listQuotas' });
    expect(got.isError).toBe(true);
    expect(text(got)).toBe('HTTP 500 (text/plain) from GET /v1/quotas\nboom \\u001b[31mred\\u001b[0m\\u202e');
    await client.close();
  });

  // The client sends a read again after a 429, 502, 503 or 504 (client-runtime.ts): the result is the
  // last answer alone, never the first one's body before it.
  it.each([
    ['a 503, then a 200', 200, '{"ok":true}'],
    ['a 503, then a 204 without a body', 204, '(no body)'],
  ])('a read answered %s: the result is the last answer alone', async (_, status, shown) => {
    service.reply = () =>
      service.requests.length === 1
        ? { status: 503, body: '{"error":"busy"}', headers: { 'content-type': 'application/json', 'retry-after': '0' } }
        : status === 204
          ? { status: 204 }
          : jsonReply(200, { ok: true });
    const client = await connect();
    const got = await client.callTool({ name: 'listQuotas' });
    expect(service.requests).toHaveLength(2);
    expect(text(got)).toBe(`HTTP ${status}${status === 204 ? '' : ' (application/json)'} from GET /v1/quotas\n${shown}`);
    await client.close();
  });

  it('a wait for a retry that would end past --timeout-ms is not taken: the answer is the result', async () => {
    service.reply = () => ({ status: 503, body: '{"error":"busy"}', headers: { 'content-type': 'application/json', 'retry-after': '1' } });
    const client = await connect({ timeoutMs: 1500 });
    const got = await client.callTool({ name: 'listQuotas' });
    expect(service.requests).toHaveLength(2);
    expect(text(got)).toBe('HTTP 503 (application/json) from GET /v1/quotas\n{"error":"busy"}');
    await client.close();
  });

  it.each([
    ['null', 'null'],
    ['{"code": 7}', '{"code": 7}'],
    ['""', '""'],
    ['"gone"', '"gone"'],
    ['', '(no body)'],
  ])('an error answer of %j is shown as the service sent it', async (body, shown) => {
    service.reply = () => ({ status: 404, body, headers: { 'content-type': 'application/json' } });
    const client = await connect();
    const got = await client.callTool({ name: 'listQuotas' });
    expect(got.isError).toBe(true);
    expect(text(got)).toBe(`HTTP 404 (application/json) from GET /v1/quotas\n${shown}`);
    await client.close();
  });

  it('a huge answer is cut at the bound, and the result says so', async () => {
    service.reply = () => jsonReply(200, { big: 'x'.repeat(200_000) });
    const client = await connect({ maxResultBytes: 4096 });
    const got = text(await client.callTool({ name: 'listQuotas' }));
    expect(got).toMatch(/\n\[answer cut at 4096 bytes: the service sent more\]$/);
    expect(got.length).toBeLessThan(4096 + 200);
    await client.close();
  });

  // Held in the fourth review (issue 57): an answer's size is counted as it is decoded, and its depth costs nothing.
  it('an answer 500,000 lists deep is cut at the bound, and the server answers afterwards', async () => {
    service.reply = () => ({ status: 200, body: `${'['.repeat(500_000)}${']'.repeat(500_000)}`, headers: { 'content-type': 'application/json' } });
    const client = await connect({ maxResultBytes: 4096 });
    expect(text(await client.callTool({ name: 'listQuotas' }))).toMatch(/\n\[answer cut at 4096 bytes: the service sent more\]$/);
    service.reply = () => jsonReply(200, {});
    expect((await client.callTool({ name: 'listQuotas' })).isError).toBeFalsy();
    await client.close();
  });

  it('a compressed answer of 50 MB is cut at the bound as it is decoded', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(50 * 1024 * 1024, 0x20));
    const compressing = http.createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      response.end(bomb);
    });
    await new Promise<void>((resolve) => compressing.listen(0, '127.0.0.1', resolve));
    try {
      const client = await connect({ baseUrl: `http://127.0.0.1:${(compressing.address() as AddressInfo).port}`, maxResultBytes: 4096 });
      expect(text(await client.callTool({ name: 'listQuotas' }))).toMatch(/\n\[answer cut at 4096 bytes: the service sent more\]$/);
      await client.close();
    } finally {
      compressing.closeAllConnections();
      await new Promise((resolve) => compressing.close(resolve));
    }
  });

  it('a slow answer ends at the time bound as a tool error', async () => {
    service.reply = () => ({ ...jsonReply(200, {}), delayMs: 3000 });
    const client = await connect({ timeoutMs: 200 });
    const got = await client.callTool({ name: 'listQuotas' });
    expect(got.isError).toBe(true);
    expect(text(got)).toMatch(/^listQuotas: TimeoutError: .*\(no complete answer within 200 ms\)$/);
    await client.close();
  });

  it('a redirect to another origin is refused by the client: nothing reaches the other origin', async () => {
    service.reply = () => ({ status: 302, headers: { location: `${elsewhere.url}/steal` } });
    const client = await connect({ headers: { 'X-Api-Key': 'secret-key-1' } });
    const got = await client.callTool({ name: 'listQuotas' });
    expect(got.isError).toBe(true);
    expect(text(got)).toMatch(/^listQuotas: CrossOriginRedirectError: /);
    expect(elsewhere.requests).toEqual([]);
    await client.close();
  });

  it('a base URL with a path prefix (a gateway) keeps it', async () => {
    const client = await connect({ baseUrl: `${service.url}/email/api` });
    await client.callTool({ name: 'listQuotas' });
    expect(service.requests.map((r) => r.target)).toEqual(['/email/api/v1/quotas']);
    await client.close();
  });

  it('a service that is down is a tool error naming the cause', async () => {
    const client = await connect({ baseUrl: `http://127.0.0.1:${await freeLoopbackPort()}` });
    const got = await client.callTool({ name: 'listQuotas' });
    expect(got.isError).toBe(true);
    expect(text(got)).toMatch(/^listQuotas: TypeError: fetch failed \(.*ECONNREFUSED.*\)$/);
    await client.close();
  });

  it('a base URL on a port fetch never calls is named as such (it said "fetch failed (bad port)")', async () => {
    const client = await connect({ baseUrl: 'http://127.0.0.1:6000' });
    const got = await client.callTool({ name: 'listQuotas' });
    await client.close();
    expect(text(got)).toBe(
      'listQuotas: TypeError: fetch failed (fetch never calls this port, a "bad port" of the Fetch standard: serve the service on another)',
    );
  });

  it('credentials go to the service on every call and never come back to the agent or the log, even when the service echoes them', async () => {
    service.reply = (request) => jsonReply(401, { echoed: request.headers['x-api-key'] });
    const log: string[] = [];
    const client = await connect({ headers: { 'X-Api-Key': 'secret-key-1' }, log: (line) => log.push(line) });
    const got = await client.callTool({ name: 'listQuotas' });
    expect(log).toEqual([expect.stringMatching(/^mcp: listQuotas: error: HTTP 401 \(application\/json\) from GET \/v1\/quotas \(\d+ ms\)$/)]);
    expect(service.requests[0].headers['x-api-key']).toBe('secret-key-1');
    expect(JSON.stringify(got)).not.toContain('secret-key-1');
    expect(text(got)).toContain('"echoed":"[credential]"');
    await client.close();
  });

  // Found by the fifth review (finding 2): a result held the key percent-encoded and in base64; a
  // lower-cased or JSON-escaped echo passed too, and the answer's Content-Type was never looked at.
  it.each([
    ['an error', 401, undefined],
    ['a success', 200, undefined],
    ['a success with structured content', 200, 'listQuotas'],
  ])('a credential the service echoes encoded, in %s, its header and its body, reaches the agent in no form', async (_, status, typed) => {
    const key = 'k3y+Abc/Def=';
    const bytes = Buffer.from(key);
    const forms = [
      key,
      'k3y%2BAbc%2FDef%3D',
      'k3y%2babc%2fdef%3d',
      'k3y%2BAbc%2FDef%3D'.toLowerCase(),
      'k3y+abc/def=',
      'K3Y+ABC/DEF=',
      bytes.toString('base64'),
      bytes.toString('base64url'),
      'k3y\\u002bAbc\\/Def\\u003d',
      'k3y\\u002BAbc\\u002fDef=',
    ];
    service.reply = () => ({
      status,
      body: `{"echoes": [${forms.map((form) => `"${form}"`).join(', ')}], "pair": "${Buffer.from(`user:${key}`).toString('base64')}", "escaped": "k3y\\u002bAbc\\/Def\\u003d"}`,
      headers: { 'content-type': `application/json; echo=${encodeURIComponent(key)}` },
    });
    const tools = typed ? table.tools.map((tool) => (tool.name === typed ? { ...tool, outputSchema: { type: 'object' as const } } : tool)) : table.tools;
    const log: string[] = [];
    const client = await connect({ headers: { 'X-Api-Key': key }, log: (line) => log.push(line) }, tools);
    const got = await client.callTool({ name: 'listQuotas' });
    await client.close();
    expect(got.isError ?? false).toBe(status !== 200);
    const shown = JSON.stringify(got) + log.join('\n');
    for (const form of [...forms, bytes.toString('base64').slice(0, 12), 'azN5K0FiYy9EZWY9'])
      expect(shown.toLowerCase(), form).not.toContain(form.toLowerCase().replace(/\\/g, '\\\\'));
    expect(text(got)).toContain('echo=[credential]');
    expect(text(got).match(/\[credential\]/g)?.length).toBe(forms.length + 3);
    if (typed)
      expect(got.structuredContent).toEqual({
        echoes: forms.map(() => '[credential]'),
        pair: expect.stringContaining('[credential]'),
        escaped: '[credential]',
      });
  });

  // Found by the third review: what a client's error quotes (the agent's argument, the service's
  // answer) reached the result and the log raw and whole.
  it('an argument the client refuses is quoted escaped and bounded, in the result and in the log', async () => {
    const log: string[] = [];
    const client = await connect({ log: (line) => log.push(line) });
    const got = await client.callTool({ name: 'getIntegration', arguments: { id: `..\u009b2J\u202eevil\u{e0041}${'P'.repeat(900_000)}` } });
    await client.close();
    expect(got.isError).toBe(true);
    expect(text(got).length).toBeLessThan(2000);
    expect(text(got)).not.toMatch(/[\u009b\u202e]|\u{e0041}/u);
    expect(log).toHaveLength(1);
    expect(log[0].length).toBeLessThan(400);
    expect(log[0]).not.toMatch(/[\u009b\u202e]/);
    expect(service.requests).toEqual([]);
  });

  it('a success answer the client refuses (not JSON) is quoted escaped', async () => {
    service.reply = () => ({ status: 200, body: '<script>x</script>\u202eevil\u2066\u200b', headers: { 'content-type': 'text/html' } });
    const client = await connect();
    const got = await client.callTool({ name: 'listQuotas' });
    await client.close();
    expect(text(got)).not.toMatch(/[\u202e\u2066\u200b]/);
    expect(text(got)).toContain('\\u202eevil\\u2066\\u200b');
  });

  it.each([
    ['under the bound, which escaping takes past it', 1000],
    ['over the bound', 4096],
  ])('an answer of characters that escaping lengthens, %s, is cut at the bound, and the result says so', async (_, length) => {
    service.reply = () => ({ status: 500, body: '\u0001'.repeat(length), headers: { 'content-type': 'text/plain' } });
    const client = await connect({ maxResultBytes: 1024 });
    const got = text(await client.callTool({ name: 'listQuotas' }));
    await client.close();
    expect(got.length).toBeLessThan(1024 + 200);
    expect(got).toMatch(/\n\[answer cut at 1024 bytes: the service sent more\]$/);
  });

  // The mark: the server's own, or in the quote of a refused answer the client's (its errors redact the header values it was given).
  it.each([
    ['the answer bound', 2048, '[credentia'],
    ['the quote of a refused answer', 200, '[redacted'],
  ])('a credential the service echoes across %s shows no part of it', async (_, at, mark) => {
    const key = 'sk_live_0123456789abcdef';
    // Non-JSON to a tool whose success must be JSON: the client's error quotes the answer's first 200 characters.
    service.reply = () => ({
      status: at === 200 ? 200 : 500,
      body: `${'a'.repeat(at - 10)}${key}${'b'.repeat(4096)}`,
      headers: { 'content-type': 'text/html' },
    });
    const client = await connect({ headers: { 'X-Api-Key': key }, maxResultBytes: 2048 });
    const got = JSON.stringify(await client.callTool({ name: 'listQuotas' }));
    await client.close();
    expect(got).not.toContain(key.slice(0, 8));
    // Hidden before the cut: the mark may be cut, never the key.
    expect(got).toContain(mark);
  });
});

// Found by the review of issue 52 (findings 3 and 10): `name in properties` took a query parameter `toString` for a
// second input of that name; two schemes whose names give one variable had the server send one secret as both.
describe('the tool table, given names an object has already or schemes that share a variable', () => {
  const withParameter = (name: string) => {
    const document = structuredClone(bundle) as Json;
    document.paths['/v1/quotas'].get.parameters = [{ name, in: 'query', schema: { type: 'string' } }];
    return document;
  };
  it.each(['toString', 'constructor', 'hasOwnProperty'])('a query parameter %s is one input of its own', (name) => {
    expect(Object.keys(mcpToolTable(withParameter(name)).tools.find((tool) => tool.name === 'listQuotas')!.inputSchema.properties!)).toEqual([name]);
  });

  it('two schemes that would read one variable are refused, naming both and the variable', () => {
    const document = structuredClone(bundle) as Json;
    document.components.securitySchemes = {
      ObservedXAPIKey: { type: 'apiKey', in: 'header', name: 'XAPI-Key' },
      ObservedXAPIKEY: { type: 'apiKey', in: 'header', name: 'X-APIKEY' },
    };
    expect(() => mcpToolTable(document)).toThrow(
      "security schemes 'ObservedXAPIKey' and 'ObservedXAPIKEY' would both read their credential from EMAIL_DELIVERY_OBSERVED_XAPIKEY, so the MCP server would send one secret as both: rename one",
    );
  });
});

describe('from an overlaid description', () => {
  let overlaid: McpToolTable;
  beforeAll(async () => {
    const overlays = ['auth.yaml', 'fields.yaml'].map((file) => path.join(root, 'examples', 'overlays', file));
    overlaid = mcpToolTable((await overlaidDescription(checkout, { overlays, out: '' }, bundle)).document);
  });

  it("carries the overlay's typed fields as schemas and its security scheme as a credential variable", () => {
    const sendBatch = overlaid.tools.find((t) => t.name === 'sendBatch')!;
    expect((sendBatch.inputSchema.properties as Json).body).toMatchObject({
      required: ['subject'],
      properties: { subject: { type: 'string' }, sendAt: { type: 'string', format: 'date-time' } },
    });
    const status = overlaid.tools.find((t) => t.name === 'getMessageStatus')!;
    expect(status.outputSchema).toMatchObject({ type: 'object', required: ['state'], properties: { state: { enum: ['queued', 'delivered', 'bounced'] } } });
    expect(overlaid.credentials).toEqual([{ scheme: 'ExampleApiKey', header: 'X-Example-Api-Key', bearer: false, variable: 'EMAIL_DELIVERY_EXAMPLE_API_KEY' }]);
    expect(credentialVariable('ExampleApiKey')).toBe('EMAIL_DELIVERY_EXAMPLE_API_KEY');
  });

  it("its schemas, output schemas included, are accepted by the SDK's validation and a strict 2020-12 validator", () => {
    const listed = new ToolCaller(overlaid, overlaid.tools, { baseUrl: service.url, headers: {}, maxResultBytes: 1024, timeoutMs: 100 }).listed();
    expect(() => ListToolsResultSchema.parse({ tools: listed })).not.toThrow();
    const ajv = addFormats(new Ajv2020({ strict: true, validateSchema: true }));
    for (const tool of listed) for (const schema of [tool.inputSchema, tool.outputSchema ?? {}]) expect(() => ajv.compile(schema), tool.name).not.toThrow();
  });

  it('returns structuredContent that fits the output schema, and a tool error for an answer that does not', async () => {
    const log: string[] = [];
    const client = await connect({ log: (line) => log.push(line) }, overlaid.tools, overlaid);
    service.reply = () => jsonReply(200, { state: 'queued' });
    const fits = await client.callTool({ name: 'getMessageStatus' });
    expect(fits.structuredContent).toEqual({ state: 'queued' });
    service.reply = () => jsonReply(200, { state: 'lost' });
    const misfit = await client.callTool({ name: 'getMessageStatus' });
    expect(misfit.isError).toBe(true);
    // Why, in the first line: all some clients show of an error, and the log's line.
    // In verify's words (scripts/schema-problem.ts): the field by name, the values allowed; for a type, the type found.
    expect(text(misfit)).toBe(
      'HTTP 200 (application/json) from GET /v1/messages/status: the answer does not match the description: field state must be equal to one of the allowed values ("queued", "delivered", "bounced")\n{"state":"lost"}',
    );
    expect(log.at(-1)).toMatch(
      /^mcp: getMessageStatus: error: HTTP 200 .*: the answer does not match the description: field state must be equal to one of the allowed values .* \(\d+ ms\)$/,
    );
    service.reply = () => jsonReply(200, { state: 3 });
    expect(text(await client.callTool({ name: 'getMessageStatus' }))).toMatch(
      /the answer does not match the description: field state must be string, found integer\n/,
    );
    service.reply = () => ({ status: 200, body: 'queued', headers: { 'content-type': 'text/plain' } });
    expect(text(await client.callTool({ name: 'getMessageStatus' }))).toMatch(/^getMessageStatus: ResponseBodyError: .*the success response body is not JSON/);
    await client.close();
  });

  it('an answer nested deeper than the server can copy is a tool error, and the server answers afterwards', async () => {
    const client = await connect({ maxResultBytes: 4 * 1024 * 1024 }, overlaid.tools, overlaid);
    service.reply = () => ({
      status: 200,
      body: `{"state":"queued","x":${'['.repeat(500_000)}${']'.repeat(500_000)}}`,
      headers: { 'content-type': 'application/json' },
    });
    const deep = await client.callTool({ name: 'getMessageStatus' });
    expect(deep.isError).toBe(true);
    expect(text(deep)).toMatch(/^getMessageStatus: RangeError: /);
    service.reply = () => jsonReply(200, { state: 'queued' });
    expect((await client.callTool({ name: 'getMessageStatus' })).structuredContent).toEqual({ state: 'queued' });
    await client.close();
  });

  it("the tools' page shows the overlay's typed body and output schema", () => {
    const page = mcpToolsMarkdown(overlaid, 'acme-email-api-mcp');
    expect(page).toContain(
      '| `sendBatch` | Messages and batches | `POST /v1/batches/{id}/send` | writes, not idempotent, open world | with `--allow-writes` | `id` (string: its format is open); `body` (optional, a JSON object of `subject` (required), `sendAt`; other fields are open) |',
    );
    expect(page).toMatch(/\| `getMessageStatus` .* \| structured, by its output schema: `state`.* \|\n/);
  });
});

describe('for a client that needs strict schemas: --client openai', () => {
  let overlaid: McpToolTable;
  let closed: McpToolTable;
  beforeAll(async () => {
    const overlays = ['auth.yaml', 'fields.yaml'].map((file) => path.join(root, 'examples', 'overlays', file));
    overlaid = mcpToolTable((await overlaidDescription(checkout, { overlays, out: '' }, bundle)).document);
    // A body an overlay closes (every field stated, no other allowed): an object a strict client is shown as such.
    closed = structuredClone(table);
    const body = (closed.tools.find((t) => t.name === 'sendBatch')!.inputSchema.properties as Json).body as Json;
    Object.assign(body, {
      properties: { subject: { type: 'string' }, sendAt: { type: 'string', format: 'date-time' }, tags: { type: 'array', items: { type: 'string' } } },
      required: ['subject'],
      additionalProperties: false,
    });
  });

  /**
   * What OpenAI's strict function calling takes (as the Agents SDK's convert_schemas_to_strict
   * checks it, and OpenAI's documentation lists): a closed object at the root, every object closed
   * with every property required, and only the keywords its Structured Outputs guide lists as
   * supported (an allow-list: the API refuses any other, `'minLength' is not permitted`). Each place
   * it is not, by path.
   */
  const strictKeywords = new Set([
    ...['type', 'description', 'title', 'properties', 'required', 'additionalProperties', 'items', 'anyOf', 'enum', 'const'],
    ...['pattern', 'format', 'multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems'],
  ]);
  function notStrict(schema: Json, at = '$'): string[] {
    const problems: string[] = [];
    for (const keyword of Object.keys(schema)) if (!strictKeywords.has(keyword)) problems.push(`${at}: ${keyword}`);
    const types = [schema.type].flat();
    if (types.includes('object') || 'properties' in schema) {
      if (schema.additionalProperties !== false) problems.push(`${at}: an open object`);
      if (JSON.stringify(schema.required ?? []) !== JSON.stringify(Object.keys(schema.properties ?? {}))) problems.push(`${at}: a property not required`);
    }
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) problems.push(...notStrict(property, `${at}.${name}`));
    if (schema.items) problems.push(...notStrict(schema.items, `${at}[]`));
    for (const [i, variant] of ((schema.anyOf ?? []) as Json[]).entries()) problems.push(...notStrict(variant, `${at}|${i}`));
    return problems;
  }

  it.each([
    ['the description', () => table],
    ['the description with the auth and fields overlays', () => overlaid],
    ['a description whose overlay closes a body', () => closed],
  ])('every tool of %s is strict as served, and a valid JSON Schema', (_name, of) => {
    const listed = new ToolCaller(of(), of().tools, { baseUrl: service.url, headers: {}, maxResultBytes: 1024, timeoutMs: 100, client: 'openai' }).listed();
    expect(listed).toHaveLength(of().tools.length);
    expect(Object.fromEntries(listed.map((tool) => [tool.name, notStrict(tool.inputSchema as Json)]).filter(([, problems]) => problems.length > 0))).toEqual(
      {},
    );
    for (const tool of listed) expect(tool.inputSchema.type, tool.name).toBe('object');
    const ajv = addFormats(new Ajv2020({ strict: true, validateSchema: true }));
    for (const tool of listed) expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
    expect(() => ListToolsResultSchema.parse({ tools: listed })).not.toThrow();
  });

  it("without --client the tools are served exactly as described: tools/list is byte for byte the server's on record", async () => {
    const recorded = JSON.parse(await fs.readFile(path.join(checkout.outputDir, 'openapi-mcp.json'), 'utf8'))['x-mcp'].tools;
    const listed = new ToolCaller(table, table.tools, { baseUrl: service.url, headers: {}, maxResultBytes: 1024, timeoutMs: 100 }).listed();
    expect(JSON.stringify(listed)).toBe(JSON.stringify(recorded));
    const client = await connect();
    expect(JSON.stringify((await client.listTools()).tools)).toBe(JSON.stringify(recorded));
    await client.close();
  });

  it('shows an open object as JSON text, an optional argument as nullable, and keeps what strict mode can say', async () => {
    const client = await connect({ client: 'openai' });
    const schemas = Object.fromEntries((await client.listTools()).tools.map((tool) => [tool.name, tool.inputSchema as Json]));
    expect(schemas.listScopes).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false });
    expect(schemas.getApiKey.properties.pairs).toMatchObject({
      type: ['string', 'null'],
      description: expect.stringMatching(/JSON text.*null leaves it out\.$/),
    });
    expect(schemas.updateUserPassword.properties.body.type).toBe('string');
    // `not` (. and ..) and `minLength` (empty) are not shown; the server still refuses them (below).
    expect(schemas.getUnsubscribeGroup.properties.id).toEqual({
      type: 'string',
      description: (table.tools[3].inputSchema.properties as Json).id.description,
    });
    await client.close();
  });

  it.each<[string, string, Json, string]>([
    [
      'a body as JSON text reaches the service as that body',
      'sendBatch',
      { id: 'b1', body: '{"subject":"hi","to":["a@example.test"]}' },
      'POST /v1/batches/b1/send {"subject":"hi","to":["a@example.test"]}',
    ],
    ['a body left out with null is not sent', 'sendBatch', { id: 'b1', body: null }, 'POST /v1/batches/b1/send '],
    ['open pairs as JSON text reach the service as query pairs', 'getApiKey', { pairs: '{"a":"1","b":"x y"}' }, 'GET /v1/api-key?a=1&b=x%20y '],
    ['pairs left out with null', 'getApiKey', { pairs: null }, 'GET /v1/api-key '],
    ['a required body as JSON text', 'updateUserPassword', { body: '{}' }, 'PATCH /v1/user/password {}'],
  ])('%s', async (_name, name, args, sent) => {
    const client = await connect({ client: 'openai' });
    const got = await client.callTool({ name, arguments: args });
    expect(got.isError, text(got)).toBeFalsy();
    expect(service.requests.map((r) => `${r.method} ${r.target} ${r.body}`)).toEqual([sent]);
    await client.close();
  });

  // Noted by the fifth review: JSON text's numbers beyond 2^53, 1e400 and -0 reached the service rewritten, silently.
  it.each([
    ['an integer beyond 2^53', 'sendBatch', { id: 'b1', body: '{"n": 9007199254740993}' }, 'body', '9007199254740993', '9007199254740992'],
    ['a number past the range of a double', 'sendBatch', { id: 'b1', body: '{"a": [1, {"x": 1e400}]}' }, 'body', '1e400', 'Infinity'],
    ['-0', 'getApiKey', { pairs: '{"a": -0, "s": "-0 9007199254740993"}' }, 'pairs', '-0', '0'],
    [
      'more digits than a double holds',
      'updateUserPassword',
      { body: '{"f": 0.1000000000000000055511151231257827}' },
      'body',
      '0.1000000000000000055511151231257827',
      '0.1',
    ],
  ])('JSON text that holds %s is refused, naming the number and what it would become: nothing is sent', async (_, name, args, argument, number, read) => {
    const client = await connect({ client: 'openai' });
    const got = await client.callTool({ name, arguments: args });
    await client.close();
    expect(got.isError).toBe(true);
    expect(text(got)).toBe(
      `${name}: argument '${argument}' holds the number ${number}, which would be sent as ${read} (a JSON number is read as a double: past 2^53, its range or 17 digits, or -0, it changes); give it as a string; nothing was sent`,
    );
    expect(service.requests).toEqual([]);
  });

  it('JSON text whose numbers a double carries as written goes as before (1.50, 1e2, 2^53, strings that look like numbers)', async () => {
    const client = await connect({ client: 'openai' });
    const got = await client.callTool({
      name: 'sendBatch',
      arguments: { id: 'b1', body: '{"a": 1.50, "b": 1e2, "c": 9007199254740992, "d": "9007199254740993", "e": -1, "f": 0}' },
    });
    await client.close();
    expect(got.isError, text(got)).toBeFalsy();
    expect(service.requests.map((r) => r.body)).toEqual(['{"a":1.5,"b":100,"c":9007199254740992,"d":"9007199254740993","e":-1,"f":0}']);
  });

  it('a closed body: its optional fields null are left out, the rest sent as given', async () => {
    const client = await connect({ client: 'openai' }, closed.tools, closed);
    const body = ((await client.listTools()).tools.find((t) => t.name === 'sendBatch')!.inputSchema.properties as Json).body;
    expect(body).toMatchObject({
      type: ['object', 'null'],
      required: ['subject', 'sendAt', 'tags'],
      properties: { sendAt: { type: ['string', 'null'], format: 'date-time' } },
    });
    const got = await client.callTool({ name: 'sendBatch', arguments: { id: 'b1', body: { subject: 'hi', sendAt: null, tags: ['t'] } } });
    expect(got.isError, text(got)).toBeFalsy();
    expect(service.requests.map((r) => r.body)).toEqual(['{"subject":"hi","tags":["t"]}']);
    await client.close();
  });

  it("a closed body with a `__proto__` key: refused as in the default mode, never taken as the object's prototype", async () => {
    const client = await connect({ client: 'openai' }, closed.tools, closed);
    const body = JSON.parse('{"subject":"hi","sendAt":null,"tags":["t"],"__proto__":{"isAdmin":true}}') as Json;
    const got = await client.callTool({ name: 'sendBatch', arguments: { id: 'b1', body } });
    expect(got.isError, text(got)).toBe(true);
    expect(text(got)).toBe("sendBatch: argument 'body' must NOT have additional properties; nothing was sent");
    expect(service.requests).toEqual([]);
    await client.close();
  });

  it.each([
    ['JSON text that does not parse', 'sendBatch', { id: 'b1', body: '{"subject":' }, /^sendBatch: argument 'body' is not JSON text \(.+\); nothing was sent$/],
    ['JSON text of an array for pairs', 'getApiKey', { pairs: '[1]' }, /^getApiKey: argument 'pairs' must be object, found array; nothing was sent$/],
    [
      'a pair whose value is not a string',
      'getApiKey',
      { pairs: '{"a":1}' },
      /^getApiKey: argument 'pairs\.a' must be string, found integer; nothing was sent$/,
    ],
    ['null for a required body', 'updateUserPassword', { body: null }, /^updateUserPassword: argument 'body' must be object, found null; nothing was sent$/],
    [
      'an id of .. (which the schema shown does not say)',
      'getUnsubscribeGroup',
      { id: '..' },
      /^getUnsubscribeGroup: argument 'id' must not be "\." or "\.\."; nothing was sent$/,
    ],
    [
      'an empty id (which the schema shown does not say either)',
      'getUnsubscribeGroup',
      { id: '' },
      /^getUnsubscribeGroup: argument 'id' .+; nothing was sent$/,
    ],
  ])('%s: a tool error naming the argument, nothing sent', async (_name, name, args, message) => {
    const client = await connect({ client: 'openai' });
    const got = await client.callTool({ name, arguments: args });
    expect(got.isError).toBe(true);
    expect(text(got)).toMatch(message);
    expect(service.requests).toEqual([]);
    await client.close();
  });
});
