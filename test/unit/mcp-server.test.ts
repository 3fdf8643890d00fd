// The MCP server in process: the tool table read from the description (names, schemas,
// annotations, what stays open), the choice of tools (read-only by default, --tools, --tags), and
// each call through the SDK's in-memory transport to a real recording server on 127.0.0.1: what
// reaches the service, what comes back to the agent (bounded, escaped, without credentials), and
// every failure as a tool error the agent can read, the server answering afterwards.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { chooseTools, createToolServer, type McpToolTable, ToolCaller, ToolChoiceError, type ToolServerOptions } from '../../scripts/mcp/mcp-server.ts';
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
async function connect(options: Partial<ToolServerOptions> = {}, tools = table.tools, of = table): Promise<Client> {
  const caller = new ToolCaller(of, tools, { baseUrl: service.url, headers: {}, maxResultBytes: 64 * 1024, timeoutMs: 5000, ...options });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createToolServer(of, caller).connect(serverSide);
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

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
  it('read-only by default: only the GET operations; --allow-writes serves all', async () => {
    const readOnly = chooseTools(table, { allowWrites: false });
    expect(readOnly.map((t) => t.name)).toEqual(table.tools.filter((t) => t.method === 'GET').map((t) => t.name));
    expect(chooseTools(table, { allowWrites: true })).toHaveLength(table.tools.length);
    const client = await connect({}, readOnly);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(readOnly.map((t) => t.name));
    await client.close();
  });

  it('--tools and --tags narrow the choice; an unknown one or a write without --allow-writes is refused, naming it', () => {
    expect(chooseTools(table, { allowWrites: false, names: ['listQuotas', 'getApiKey'] }).map((t) => t.name)).toEqual(['getApiKey', 'listQuotas']);
    const tag = table.tools.find((t) => t.name === 'deleteMessage')!.tags[0];
    expect(chooseTools(table, { allowWrites: true, tags: [tag] }).every((t) => t.tags.includes(tag))).toBe(true);
    expect(() => chooseTools(table, { allowWrites: false, names: ['listQuota'] })).toThrow(
      new ToolChoiceError("--tools: no tool 'listQuota' (did you mean 'listQuotas'?); `--list --allow-writes` lists them all"),
    );
    expect(() => chooseTools(table, { allowWrites: false, names: ['deleteMessage'] })).toThrow(
      /'deleteMessage' is not read-only \(DELETE \/v1\/messages\/\{id\}\); add --allow-writes/,
    );
    expect(() => chooseTools(table, { allowWrites: false, tags: ['Nope'] })).toThrow(/--tags: no tag 'Nope'; the tags are: /);
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
    ['a value of the wrong type', 'getApiKey', { pairs: { a: 1 } }, "getApiKey: argument 'pairs.a' must be string; nothing was sent"],
    ['an id of ..', 'getUnsubscribeGroup', { id: '..' }, `getUnsubscribeGroup: argument 'id' must not be "." or ".."; nothing was sent`],
    ['an empty id', 'getUnsubscribeGroup', { id: '' }, "getUnsubscribeGroup: argument 'id' must NOT have fewer than 1 characters; nothing was sent"],
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

  it.each([
    ['the answer bound', 2048],
    ['the quote of a refused answer', 200],
  ])('a credential the service echoes across %s shows no part of it', async (_, at) => {
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
    expect(got).toContain('[credentia');
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
    const client = await connect({}, overlaid.tools, overlaid);
    service.reply = () => jsonReply(200, { state: 'queued' });
    const fits = await client.callTool({ name: 'getMessageStatus' });
    expect(fits.structuredContent).toEqual({ state: 'queued' });
    service.reply = () => jsonReply(200, { state: 'lost' });
    const misfit = await client.callTool({ name: 'getMessageStatus' });
    expect(misfit.isError).toBe(true);
    expect(text(misfit)).toMatch(/\[the answer does not match the description: \/state must be equal to one of the allowed values\]$/);
    await client.close();
  });
});
