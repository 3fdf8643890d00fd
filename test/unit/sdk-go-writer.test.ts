// The Go SDK's writer in this process, where nothing needs Go: the module path it derives from
// package.json's `repository`, the Go names and literals it writes, the kinds of oapi-codegen's
// types it reads, the descriptions whose methods would not compile, refused with the operation
// or schema named, the clashes of names in what oapi-codegen wrote (properties or parameters that
// differ by case), the enum values it left without a constant, and spec.gen.go, the constants of
// runtime-spec.ts that the runtime reads instead of literals of its own. What Go makes of the SDK
// is test/languages/sdk-packages.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { droppedEnumValues, nameClashes, packageNames, structFields } from '../../scripts/languages/go/go-names.ts';
import { declaredKinds, goExportedName, goOperations, goString, runtimeFiles, typeOwners } from '../../scripts/languages/go/go-operations.ts';
import { goModulePath, goSdk, placeholderModule } from '../../scripts/languages/go/go-sdk.ts';
import { goDuration, goSpec } from '../../scripts/languages/go/go-spec.ts';
import { languageTools } from '../../scripts/languages/language-tools.ts';
import { defaults, errorKinds, retryPolicy } from '../../scripts/languages/runtime-spec.ts';
import { type Json, root } from '../support/helpers.ts';

describe('what the Go SDK needs', () => {
  it('names oapi-codegen at its pin, what installs it, and Go, when they are not there', () => {
    const tools = { ...languageTools(root), oapiCodegen: '/nonexistent/oapi-codegen' };
    expect(goSdk.missing({ tools, env: {} })).toBe(
      `oapi-codegen ${tools.pins.OAPI_CODEGEN_VERSION} (npm run install:languages -- go) and Go (go on PATH), which vets the SDK before it is written`,
    );
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
      'func (c *Client) GetThing(ctx context.Context, id string, opts ...Option) (GetThingResponseBody, error) {\n\treturn call[GetThingResponseBody](ctx, c, &getThingOperation, []string{id}, nil, nil, opts)\n}',
    );
    expect(code).toContain('var getThingOperation = operation{id: "getThing", method: "GET", path: "/v1/things/{id}"}');
    expect(code).toContain('const DescriptionVersion = "1.0.0"');
  });

  it('a path parameter named as a Go keyword, a name the method uses or its options is renamed', () => {
    const document = describedWith((operation, described) => {
      operation.parameters[0].name = 'type';
      described.paths['/v1/things/{type}/{ctx}/{opts}'] = described.paths['/v1/things/{id}'];
      delete described.paths['/v1/things/{id}'];
      operation.parameters.push({ name: 'ctx', in: 'path', required: true, schema: { type: 'string' } });
      operation.parameters.push({ name: 'opts', in: 'path', required: true, schema: { type: 'string' } });
    });
    expect(goOperations(document, thingModels, '1.0.0')).toContain(
      'GetThing(ctx context.Context, typeArg string, ctxArg string, optsArg string, opts ...Option)',
    );
  });

  it.each([
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

/** Models as oapi-codegen v2.8.2 writes them for an overlay whose properties and query parameters differ by case. */
const clashingModels = `// GetMessageStatusResponseBody The message status.
type GetMessageStatusResponseBody struct {
	// Status one
	Status *string \`json:"Status,omitempty"\`

	// Status two
	Status               *string                \`json:"status,omitempty"\`
	AdditionalProperties map[string]interface{} \`json:"-"\`
}

// ListWebhooksParams defines parameters for ListWebhooks.
type ListWebhooksParams struct {
	// Class one
	Class *string \`form:"class,omitempty" json:"class,omitempty"\`

	// Class two
	Class *string \`form:"Class,omitempty" json:"Class,omitempty"\`
}

// Getter has a property that its method takes the name of.
type Getter struct {
	Get    *string \`json:"get,omitempty"\`
	Nested *struct {
		Deep  *string \`json:"deep,omitempty"\`
		Deep  *string \`json:"Deep,omitempty"\`
	} \`json:"nested,omitempty"\`
}

// Get returns the additional property.
func (a Getter) Get(fieldName string) (value interface{}, found bool) {
	return nil, false
}
`;

describe('idempotency keys and credentials', () => {
  /** The thing's operation as a POST that takes a header parameter `name` (a string, required). */
  const postWith = (name: string, method = 'post') =>
    describedWith((operation, described) => {
      operation.parameters.push({ name, in: 'header', required: true, schema: { type: 'string' } });
      described.paths['/v1/things/{id}'] = { [method]: operation };
    });
  const paramsModels = `${thingModels}type GetThingParams struct {\n\tKey string \`json:"k"\`\n}\n`;

  it.each(['Idempotency-Key', 'idempotency-key', 'IDEMPOTENCY-KEY'])("a POST's header %s is its idempotency key, in the operation's table", (name) => {
    const code = goOperations(postWith(name), paramsModels, '1.0.0');
    expect(code).toContain(`, idempotencyKey: ${goString(name)}}`);
    expect(code).toContain(`// Its ${name} header: the params' value, or one the call makes (a random UUID) where it is empty; the same on every retry.`);
  });

  it.each([
    ['a GET, which is retried anyway', 'Idempotency-Key', 'get'],
    ['another header', 'X-Idempotency-Key', 'post'],
  ])('%s has none', (_, name, method) => {
    expect(goOperations(postWith(name, method), paramsModels, '1.0.0')).not.toContain('idempotencyKey:');
  });

  it('no security scheme: an empty table of them, no Credentials', () => {
    const code = goOperations(
      describedWith(() => {}),
      thingModels,
      '1.0.0',
    );
    expect(code).toContain('var securitySchemes []securityScheme');
    expect(code).not.toMatch(/^(type Credentials|func WithCredentials)/m);
  });

  it("an overlay's schemes: the table (the bearer's prefix, the MCP server's variable), Credentials and WithCredentials", () => {
    const document = describedWith((_, described) => {
      described.components.securitySchemes = {
        ExampleApiKey: { type: 'apiKey', in: 'header', name: 'X-Example-Api-Key' },
        'my-token.v2': { type: 'http', scheme: 'bearer' },
        Cookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
      };
    });
    const code = goOperations(document, thingModels, '1.0.0');
    expect(code).toContain('{name: "ExampleApiKey", header: "X-Example-Api-Key", prefix: "", variable: "EMAIL_DELIVERY_EXAMPLE_API_KEY"},');
    expect(code).toContain('{name: "my-token.v2", header: "Authorization", prefix: "Bearer ", variable: "EMAIL_DELIVERY_MY_TOKEN_V2"},');
    expect(code).not.toContain('"Cookie"');
    expect(code).toContain('\tExampleApiKey string\n');
    expect(code).toContain('\tMyTokenV2 string\n');
    expect(code).toContain('c.credentials = map[string]string{"ExampleApiKey": credentials.ExampleApiKey, "my-token.v2": credentials.MyTokenV2}');
  });

  it.each([
    [{ '1key': { type: 'apiKey', in: 'header', name: 'K' } }, /security scheme "1key": "1key" is not a Go field name/],
    [
      { 'my-key': { type: 'apiKey', in: 'header', name: 'A' }, myKey: { type: 'apiKey', in: 'header', name: 'B' } },
      /security schemes "my-key" and "myKey" are both the Go field MyKey/,
    ],
  ])('refuses schemes that are no Go field, or one, naming them', (schemes, message) => {
    const document = describedWith((_, described) => {
      described.components.securitySchemes = schemes;
    });
    expect(() => goOperations(document, thingModels, '1.0.0')).toThrow(message);
  });
});

describe('the names of the SDK, as Go declares them', () => {
  const owners = typeOwners({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    paths: { '/v1/webhooks': { get: { operationId: 'listWebhooks', responses: {} } } },
    components: { schemas: { GetMessageStatusResponseBody: { type: 'object' } } },
  });

  it('refuses two properties or two parameters that differ only by case, naming the type, what it is made from and both names', () => {
    const problems = nameClashes([{ file: 'models.gen.go', source: clashingModels }], owners);
    expect(problems).toEqual([
      expect.stringMatching(
        /^GetMessageStatusResponseBody \(schema "GetMessageStatusResponseBody"\) has 2 fields named Status \(from "Status" and "status"\): .*x-go-name/,
      ),
      expect.stringMatching(/^ListWebhooksParams \(the parameters of operation listWebhooks\) has 2 fields named Class \(from "class" and "Class"\)/),
      expect.stringMatching(/^Getter has a field and a method named Get \(from "get"\)/),
      expect.stringMatching(/^Getter\.Nested has 2 fields named Deep \(from "deep" and "Deep"\)/),
    ]);
  });

  it("refuses a type named as one of the runtime's, naming both files", () => {
    const problems = nameClashes([{ file: 'models.gen.go', source: 'type Client struct {\n}\n' }, ...runtimeFiles()]);
    expect(problems).toEqual([expect.stringMatching(/^the Go name Client is declared 2 times \(models\.gen\.go, client\.go\)/)]);
  });

  it("finds no clash in the runtime's own files", () => {
    expect(nameClashes(runtimeFiles())).toEqual([]);
    expect(
      packageNames(
        runtimeFiles()
          .map(({ source }) => source)
          .join('\n'),
      ),
    ).toEqual(expect.arrayContaining(['NewClient', 'APIError', 'ErrorKind', 'call']));
  });

  it('reads the fields of a struct and of the struct inside it', () => {
    expect(structFields(clashingModels).get('Getter.Nested')).toEqual([
      { name: 'Deep', wire: 'deep' },
      { name: 'Deep', wire: 'Deep' },
    ]);
  });

  it('names an enum value oapi-codegen declared no constant for, and none where each has one', () => {
    const models = [
      'const (',
      '\tOneEmpty  One = "empty"',
      '\tOneEmpty1 One = "Empty1"',
      ')',
      'const (',
      '\tStateQueued State = "queued"',
      '\tStateSent   State = "sent"',
      ')',
    ].join('\n');
    const document = { a: { enum: ['empty', '', 'Empty1'] }, b: { properties: { state: { enum: ['queued', 'sent'] } } } };
    expect(droppedEnumValues(document, models)).toEqual([
      expect.stringMatching(/^oapi-codegen declared no constant of One for the enum value "": .*x-enum-varnames/),
    ]);
    expect(droppedEnumValues({ b: document.b }, models)).toEqual([]);
  });
});

describe('spec.gen.go: the constants of runtime-spec.ts', () => {
  const spec = goSpec('1.2.3');

  it('declares the defaults, the retry policy, the User-Agent and each error kind from the spec', () => {
    expect(spec).toContain(`const DefaultTimeout = ${goDuration(defaults.timeoutSeconds)}`);
    expect(spec).toContain(`const DefaultMaxRetries = ${defaults.maxRetries}`);
    expect(spec).toContain(`const maxRedirects = ${defaults.maxRedirects}`);
    expect(spec).toContain(`var retryStatuses = map[int]bool{${retryPolicy.statuses.map((status) => `${status}: true`).join(', ')}}`);
    expect(spec).toContain(`const retryAfterCap = ${goDuration(retryPolicy.retryAfterCapSeconds)}`);
    expect(spec).toContain('const userAgent = "email-delivery-api-go/1.2.3"');
    for (const { name } of errorKinds) expect(spec).toContain(`const Err${name} ErrorKind = "${name}"`);
    expect(spec).toContain('case status >= 500:\n\t\treturn ErrInternalServer');
  });

  it.each([
    [60, '60 * time.Second'],
    [0.5, '500 * time.Millisecond'],
    [0.0005, 'time.Duration(500000)'],
  ])('%s s is %s', (seconds, literal) => expect(goDuration(seconds)).toBe(literal));

  it('the runtime writes none of those values itself: no timeout, bound, retry count, status or method of its own', () => {
    const literals = [
      /\b60 \* time/,
      /64 << 20/,
      /\b(429|502|503|504|301|302|303|307|308)\b/,
      /http\.(Status|Method)\w+/,
      /"(GET|PUT|DELETE)"/,
      /\b1000\b/,
      /time\.Second \* 60/,
    ];
    for (const { file, source } of runtimeFiles())
      for (const literal of literals) expect(source.replace(/^\s*\/\/.*$/gm, ''), `${file} writes ${literal}`).not.toMatch(literal);
    expect(fs.existsSync(path.join(root, 'scripts', 'languages', 'go', 'spec.gen.go')), 'spec.gen.go is written, never kept in the runtime').toBe(false);
  });
});
