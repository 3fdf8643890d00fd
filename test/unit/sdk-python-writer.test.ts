// The Python SDK's writer in this process, where nothing needs Python: the names it gives an
// operation's parameters in the method it writes (scripts/sdk/python/python-client.ts), and what the
// committed SDKs' READMEs say of the header they send. What Python makes of the SDK is
// test/languages/python-sdk.test.ts (which also fails while generated/sdk/python is not what the
// writer makes).
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type OpenApiDocument, operationAt } from '../../scripts/openapi-document.ts';
import { clientModules, pythonMethods } from '../../scripts/sdk/python/python-client.ts';
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
