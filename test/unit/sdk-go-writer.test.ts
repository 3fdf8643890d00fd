// The Go SDK's writer in this process, where nothing needs Go: the module path it derives from
// package.json's `repository`, the Go names and literals it writes, the kinds of oapi-codegen's
// types it reads, and the descriptions whose methods would not compile, refused with the operation
// or schema named. What Go makes of the SDK is test/languages/sdk-go.test.ts.
import { describe, expect, it } from 'vitest';
import { declaredKinds, goExportedName, goOperations, goString } from '../../scripts/sdk/go/go-operations.ts';
import { goModulePath, goSdk, placeholderModule } from '../../scripts/sdk/go/go-sdk.ts';
import { languageTools } from '../../scripts/sdk/language-tools.ts';
import { type Json, root } from '../support/helpers.ts';

describe('what the Go SDK needs', () => {
  it('names oapi-codegen at its pin, and what installs it, when it is not there', () => {
    const tools = { ...languageTools(root), oapiCodegen: '/nonexistent/oapi-codegen' };
    expect(goSdk.missing({ tools, env: {} })).toBe(`oapi-codegen ${tools.pins.OAPI_CODEGEN_VERSION} (npm run install:languages -- go)`);
  });
});

describe('the Go module path', () => {
  it.each([
    [undefined, '1.3.0', placeholderModule],
    ['', '1.3.0', placeholderModule],
    [undefined, '2.0.0', placeholderModule],
    ['github:acme/email-api', '1.3.0', 'github.com/acme/email-api/generated/sdk/go'],
    ['acme/email-api', '1.3.0', 'github.com/acme/email-api/generated/sdk/go'],
    ['https://github.com/Acme/email-api', '1.3.0', 'github.com/Acme/email-api/generated/sdk/go'],
    ['https://github.com/acme/email-api.git', '1.3.0', 'github.com/acme/email-api/generated/sdk/go'],
    ['git+https://github.com/acme/email-api.git', '0.9.1', 'github.com/acme/email-api/generated/sdk/go'],
    ['git@github.com:acme/email-api.git', '1.3.0', 'github.com/acme/email-api/generated/sdk/go'],
    ['https://gitlab.com/acme/group/email-api', '1.3.0', 'gitlab.com/acme/group/email-api/generated/sdk/go'],
    ['https://github.com/acme/email-api', '2.0.0', 'github.com/acme/email-api/generated/sdk/go/v2'],
    ['https://github.com/acme/email-api', '13.1.0', 'github.com/acme/email-api/generated/sdk/go/v13'],
  ])('repository %j at %s: %s', (repository, version, want) => {
    expect(goModulePath(repository, version)).toBe(want);
  });

  it.each(['https://github.com/acme/email-api?x=1', 'file:///home/acme/repo', 'not a url', 'https://localhost/acme'])(
    'refuses %j, naming package.json',
    (repository) => {
      expect(() => goModulePath(repository, '1.0.0')).toThrow(/^package\.json: repository .* is not a repository URL/);
    },
  );
});

describe('Go names and literals', () => {
  it.each([
    ['getApiKey', 'GetApiKey'],
    ['listWebhooks', 'ListWebhooks'],
    ['get-thing_by.id', 'GetThingById'],
  ])('%s is the method %s', (operationId, name) => expect(goExportedName(operationId)).toBe(name));

  it.each([
    ['/v1/a/{id}', '"/v1/a/{id}"'],
    ['say "hi"\\', '"say \\"hi\\"\\\\"'],
    ['line\nbreak\u2028é', '"line\\u000abreak\\u2028é"'],
  ])('%j is the Go literal %s', (text, literal) => expect(goString(text)).toBe(literal));

  it('refuses a text with a lone surrogate, which no Go literal holds', () => expect(() => goString('a\ud800')).toThrow(/not well-formed Unicode/));
});

describe("the kinds of oapi-codegen's types", () => {
  const models = [
    'type Open map[string]interface{}',
    'type Any = interface{}',
    'type Page struct {',
    'type State string',
    'type Tags = []string',
    'type Alias = Page',
    'type Chain = Alias',
  ].join('\n');
  it.each([
    ['Open', 'nilable'],
    ['Any', 'nilable'],
    ['Page', 'struct'],
    ['State', 'value'],
    ['Tags', 'nilable'],
    ['Alias', 'struct'],
    ['Chain', 'struct'],
  ])('%s is %s', (name, kind) => expect(declaredKinds(models).get(name)).toBe(kind));
});

/** A description of one operation (GET /v1/things/{id}) whose parts a row changes. */
function describedWith(change: (operation: Json, document: Json) => void): Json {
  const document: Json = {
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0' },
    paths: {
      '/v1/things/{id}': {
        get: {
          operationId: 'getThing',
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          responses: { '200': { description: 'OK', content: { 'application/json': { schema: { $ref: '#/components/schemas/GetThingResponseBody' } } } } },
        },
      },
    },
    components: { schemas: { GetThingResponseBody: { type: 'object' } } },
  };
  change(document.paths['/v1/things/{id}'].get, document);
  return document;
}
const thingModels = 'type GetThingResponseBody map[string]interface{}\n';

describe('the methods', () => {
  it('one per operation: the context, the path arguments, a call of the runtime with its table', () => {
    const code = goOperations(
      describedWith(() => {}),
      thingModels,
      '1.0.0',
    );
    expect(code).toContain(
      'func (c *Client) GetThing(ctx context.Context, id string) (GetThingResponseBody, error) {\n\treturn call[GetThingResponseBody](ctx, c, &getThingOperation, []string{id}, nil, nil)\n}',
    );
    expect(code).toContain('var getThingOperation = operation{id: "getThing", method: "GET", path: "/v1/things/{id}"}');
    expect(code).toContain('const DescriptionVersion = "1.0.0"');
  });

  it('a path parameter named as a Go keyword or a name the method uses is renamed', () => {
    const document = describedWith((operation, described) => {
      operation.parameters[0].name = 'type';
      described.paths['/v1/things/{type}/{ctx}'] = described.paths['/v1/things/{id}'];
      delete described.paths['/v1/things/{id}'];
      operation.parameters.push({ name: 'ctx', in: 'path', required: true, schema: { type: 'string' } });
    });
    expect(goOperations(document, thingModels, '1.0.0')).toContain('GetThing(ctx context.Context, typeArg string, ctxArg string)');
  });

  it.each([
    {
      name: 'a schema oapi-codegen names as the runtime names a type',
      change: () => {},
      models: `${thingModels}type Client struct {\n`,
      error: 'oapi-codegen declared a type Client, a name the Go SDK',
    },
    {
      name: 'two operations with one Go name',
      change: (_operation: Json, document: Json) => (document.paths['/v1/other'] = { get: { operationId: 'get-thing', responses: {} } }),
      models: thingModels,
      error: 'operation get-thing: its Go method GetThing is taken by getThing',
    },
    {
      name: 'an operation named as a method of the client',
      change: (operation: Json) => (operation.operationId = 'string'),
      models: thingModels,
      error: 'operation string: its Go method String is taken by the client itself',
    },
    {
      name: 'a response schema oapi-codegen declared no type for',
      change: () => {},
      models: '',
      error: 'operation getThing: its success response: oapi-codegen declared no Go type GetThingResponseBody',
    },
    {
      name: 'a parameter the runtime cannot send',
      change: (operation: Json) => operation.parameters.push({ name: 'filter', in: 'query', style: 'deepObject', schema: { type: 'object' } }),
      models: thingModels,
      error: 'operation getThing: parameter "filter": ',
    },
  ])('refuses $name, naming it', ({ change, models, error }) => {
    expect(() => goOperations(describedWith(change), models, '1.0.0')).toThrow(error);
  });
});
