// The Python SDK's writer in this process, where nothing needs Python: the names it gives an
// operation's parameters in the method it writes (scripts/languages/python/python-client.ts), and what the
// committed SDKs' READMEs say of the header they send. What Python makes of the SDK is
// test/languages/python/package-checks.ts, in test/languages/sdk-packages.test.ts (which also fails while generated/sdk/python is not what the
// writer makes).
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type OpenApiDocument, operationAt } from '../../scripts/openapi-document.ts';
import { credentialVariable as mcpCredentialVariable } from '../../scripts/mcp/tool-table.ts';
import { clientModules, pythonMethods } from '../../scripts/languages/python/python-client.ts';
import { credentialVariable, idempotencyKeyOf } from '../../scripts/languages/runtime-spec.ts';
import { loadBundle, root } from '../support/helpers.ts';

/** The bundle with `getIntegration` taking the query parameters `names` too. */
async function withQueryParameters(names: string[]): Promise<OpenApiDocument> {
  const document = (await loadBundle()) as OpenApiDocument;
  const get = operationAt(document, '/v1/integrations/{id}', 'get')!;
  get.parameters = [...(get.parameters ?? []), ...names.map((name) => ({ name, in: 'query' as const, schema: { type: 'string' as const } }))];
  return document;
}

describe("a method's parameters in Python", () => {
  it.each([
    ['a name the method body calls (typing.cast)', 'cast', 'cast_'],
    ['the instance', 'self', 'self_'],
    ['the body keyword', 'body', 'body_'],
    ['a path parameter of the same name', 'id', 'id_'],
    ['a name in camelCase', 'pageSize', 'page_size'],
    ["a call's own deadline", 'timeout', 'timeout_'],
    ["a call's own headers", 'extra_headers', 'extra_headers_'],
  ])('%s: %s is the keyword %s', async (_, name, keyword) => {
    const document = await withQueryParameters([name]);
    const method = pythonMethods(document).find((m) => m.operation.operationId === 'getIntegration')!;
    expect(method.named.map((named) => named.keyword)).toEqual([keyword]);
    expect(method.pathNames).toEqual(['id']);
    // The method passes the keyword's value under the wire name, and still calls typing.cast on its result.
    const { client } = clientModules(document, '# header', '1.0.0');
    const code = client.slice(client.indexOf('    def get_integration('));
    const options = 'extra_headers: Mapping[str, str] | None = None, timeout: float | None = None';
    expect(code.startsWith(`    def get_integration(self, id: str, /, *, ${keyword}: str | None = None, ${options}) -> dict[str, Any]:`)).toBe(true);
    expect(/^ {8}return .*$/m.exec(code)?.[0]).toBe(
      `        return cast("dict[str, Any]", self._call(_GET_INTEGRATION, (id,), {${JSON.stringify(name)}: ${keyword}}, None, dict, False, extra_headers, timeout))`,
    );
  });
});

describe("the committed SDKs' READMEs", () => {
  it.each(['python', 'go'])('%s: the header of its first call is a stand-in, since the interface document states no auth scheme', async (language) => {
    const readme = await fs.readFile(path.join(root, 'generated', 'sdk', language, 'README.md'), 'utf8');
    expect(readme).toContain('"X-Api-Key"');
    expect(readme).toContain('`X-Api-Key` stands for the header that carries your credentials: the interface document states no auth scheme');
  });
});

describe('the runtime spec: idempotency keys and credential variables, for every language', () => {
  const header = (name: string, more: { shape?: string; type?: string; in?: string } = {}) => ({
    name,
    in: 'header',
    shape: 'primitive',
    type: 'string',
    ...more,
  });
  it.each([
    ['POST', [header('Idempotency-Key')], 'Idempotency-Key'],
    ['post', [header('idempotency-key')], 'idempotency-key'],
    ['PATCH', [header('IDEMPOTENCY-KEY')], 'IDEMPOTENCY-KEY'],
    ['GET', [header('Idempotency-Key')], undefined],
    ['POST', [header('X-Idempotency-Key')], undefined],
    ['POST', [header('Idempotency-Key', { in: 'query' })], undefined],
    ['POST', [header('Idempotency-Key', { shape: 'array' })], undefined],
    ['POST', [header('Idempotency-Key', { type: 'integer' })], undefined],
  ])('%s with %j: %s', (method, parameters, key) => expect(idempotencyKeyOf(method, parameters)).toBe(key));

  it.each(['ExampleApiKey', 'ExampleBearer', 'ObservedXApiKey', 'my-key.v2', '_odd__name_'])("%s's variable is the MCP server's", (scheme) => {
    expect(credentialVariable(scheme)).toBe(mcpCredentialVariable(scheme));
  });
  it('ExampleApiKey reads EMAIL_DELIVERY_EXAMPLE_API_KEY', () => expect(credentialVariable('ExampleApiKey')).toBe('EMAIL_DELIVERY_EXAMPLE_API_KEY'));
});

describe('an idempotency key and credentials in Python', () => {
  it("a POST's Idempotency-Key (in any case) is its record's idempotency_key, and its keyword is never required", async () => {
    const document = (await loadBundle()) as OpenApiDocument;
    const send = operationAt(document, '/v1/batches/{id}/send', 'post')!;
    send.parameters = [...(send.parameters ?? []), { name: 'idempotency-key', in: 'header', required: true, schema: { type: 'string' } }];
    const { client } = clientModules(document, '# header', '1.0.0');
    expect(client).toContain(
      '_SEND_BATCH = Operation("sendBatch", "POST", "/v1/batches/{id}/send", ("id",), (Parameter("idempotency-key", "header", "simple", False),), idempotency_key="idempotency-key")',
    );
    expect(client).toContain('def send_batch(self, id: str, /, *, idempotency_key: str | None = None, body:');
    expect(client).toContain('``idempotency_key`` (the idempotency-key header): one is made for the call (a UUID4) when not given; the same on every retry.');
  });

  it("the description's own SDK has no Credentials; an overlay's schemes make them, typed by name, with the MCP server's variables", async () => {
    const document = (await loadBundle()) as OpenApiDocument;
    expect(clientModules(document, '# header', '1.0.0').client).not.toContain('Credentials');
    document.components = {
      ...document.components,
      securitySchemes: { ExampleApiKey: { type: 'apiKey', in: 'header', name: 'X-Example-Api-Key' }, 'my-token.v2': { type: 'http', scheme: 'bearer' } },
    };
    const { client, init } = clientModules(document, '# header', '1.0.0');
    expect(client).toContain('Credentials = TypedDict("Credentials", {"ExampleApiKey": str, "my-token.v2": str}, total=False)');
    expect(client).toContain('    Scheme("ExampleApiKey", "X-Example-Api-Key", "", "EMAIL_DELIVERY_EXAMPLE_API_KEY"),');
    expect(client).toContain('    Scheme("my-token.v2", "Authorization", "Bearer ", "EMAIL_DELIVERY_MY_TOKEN_V2"),');
    expect(client.match(/ {8}credentials: Credentials \| None = None,/g)).toHaveLength(2);
    expect(init).toContain('from ._client import AsyncClient, Client, Credentials');
  });
});
