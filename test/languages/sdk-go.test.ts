// The Go SDK (`npm run sdk -- --lang go`): the committed generated/sdk/go is what the command
// writes; it is gofmt'd, vets and needs the standard library only; a consumer program
// (test/languages/go/cmd/sdk-consumer) builds against it and calls every operation, against the
// Prism mock and against a recording server that checks each request with the description; with
// overlays (the examples', and one `npm run learn` wrote), the structs carry the fields, a
// misspelt one is a `go vet` error naming it, and the overlays' parameters go out as they say.
import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { overlaidDescription } from '../../scripts/overlay/build-overlaid.ts';
import { type MockServer, startMockServer } from '../../scripts/serve/mock-server.ts';
import { operations, type RequestPart } from '../../scripts/stated/operations.ts';
import { harText, type ShortExchange } from '../support/har.ts';
import { checkout, type Json, loadBundle, root } from '../support/helpers.ts';
import { languageTools } from '../../scripts/languages/language-tools.ts';
import { freeLoopbackPort, jsonReply, type Reply, startTestServer } from '../support/http-server.ts';
import { differingFiles, docsSamples, goSdkDir, languagesDir, missingFor, mustRun, requireTools, runsHere } from '../support/languages.ts';
import { run, runCommand } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';
import { type CallArguments, operationAt, successStatus, wireRequest } from '../support/wire-format.ts';

const missing = missingFor(['go', 'oapi-codegen']);
/** The example overlays: typed fields, a cursor, an idempotency key, two security schemes; and a parameter of each location. */
const exampleOverlays = [
  'examples/overlays/fields.yaml',
  'examples/overlays/paging.yaml',
  'examples/overlays/idempotency.yaml',
  'examples/overlays/auth.yaml',
  'examples/overlays/bearer.yaml',
  'test/fixtures/overlays/parameters.yaml',
];
const scratch = scratchFolderPerFile('sdk-go');
const remake = 'npm run sdk -- --lang go --out generated/sdk/go';
/** The module path a Go SDK's go.mod declares. */
async function moduleOf(sdk: string): Promise<string> {
  const goMod = await fs.readFile(path.join(sdk, 'go.mod'), 'utf8');
  return /^module (\S+)$/m.exec(goMod)?.[1] ?? `no module line in ${goMod}`;
}
/** What the programs that use the committed SDK name it by, besides its go.mod. */
const sdkUsers = 'test/languages/go/go.mod and cmd/sdk-*, scripts/dev/sdk-bench/go.mod and bench.go';

/** `npm run sdk -- --lang go` of the description, with `overlays` applied, into `out` (in this process). */
async function writeGoSdk(out: string, overlays: string[] = []): Promise<void> {
  const result = await runCommand('sdk', ['--lang', 'go', ...overlays.flatMap((file) => ['--overlay', file]), '--out', out]);
  expect(result.code, result.output).toBe(0);
}

/** Each operation's Go sample in the docs of `document` as a program of the module in `dir` (samples/<operationId>/main.go); how many. */
async function writeSamples(dir: string, document: Json): Promise<number> {
  const samples = docsSamples(document, 'go');
  for (const [operationId, source] of samples) {
    await fs.mkdir(path.join(dir, 'samples', operationId), { recursive: true });
    await fs.writeFile(path.join(dir, 'samples', operationId, 'main.go'), source);
  }
  return samples.size;
}

/** A Go module in `dir` whose main.go is `source`, using the SDK in `sdk` through a replace. */
async function consumerModule(dir: string, sdk: string, source: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const module = await moduleOf(sdk);
  await fs.writeFile(path.join(dir, 'go.mod'), `module consumer.test/app\n\ngo 1.24.0\n\nrequire ${module} v0.0.0\n\nreplace ${module} => ${sdk}\n`);
  await fs.writeFile(path.join(dir, 'main.go'), source.replace('SDK_MODULE', module));
}

/** The output of a program of the committed SDK, `body` the body of its main (with context, errors, fmt and os imported), run with the server's URL. */
async function programOutput(label: string, body: string, url: string): Promise<string> {
  const app = path.join(scratch.dir, label);
  const imports = ['context', 'errors', 'fmt', 'os'].map((name) => `\t"${name}"\n`).join('');
  await consumerModule(app, goSdkDir, `package main\n\nimport (\n${imports}\n\temaildelivery "SDK_MODULE"\n)\n\nfunc main() {\n${body}}\n`);
  await mustRun('go', ['build', '-o', label, '.'], app);
  return (await mustRun(path.join(app, label), [url], app)).stdout;
}

/** The arguments sdk-consumer gives each operation, by its request part. */
const argumentsOf: Record<RequestPart, CallArguments> = {
  none: {},
  id: { id: 'id 1/é' },
  query: { query: { name: 'value', 'two words': 'a&b' } },
  'id+optional-body': { id: 'id 1/é', body: { any: 1 } },
  'required-body': { body: { any: 1 } },
};

describe.runIf(runsHere('the Go SDK', missing))('the Go SDK', () => {
  let document: Json;
  const consumer = () => path.join(scratch.dir, 'sdk-consumer');
  beforeAll(async () => {
    document = await loadBundle();
  });

  it(`the committed generated/sdk/go is what \`${remake}\` writes`, async () => {
    requireTools(missing);
    const out = path.join(scratch.dir, 'remade');
    await writeGoSdk(out);
    expect(await differingFiles(out, goSdkDir, /^$/), `generated/sdk/go is not what the description makes: run \`${remake}\` and commit it`).toEqual([]);
  });

  it("is gofmt'd, vets, and needs nothing but the standard library", async () => {
    requireTools(missing);
    expect((await mustRun('gofmt', ['-l', '.'], goSdkDir)).stdout, 'files gofmt would change').toBe('');
    await mustRun('go', ['vet', './...'], goSdkDir);
    const imports = await mustRun('go', ['list', '-deps', '-f', '{{if not .Standard}}{{.ImportPath}}{{end}}', './...'], goSdkDir);
    const module = await moduleOf(goSdkDir);
    expect(imports.stdout.trim().split('\n'), 'packages outside the standard library').toEqual([module]);
    expect(await fs.readFile(path.join(goSdkDir, 'go.mod'), 'utf8')).not.toMatch(/^require/m);
    const tierGoMod = await fs.readFile(path.join(languagesDir, 'go', 'go.mod'), 'utf8');
    const bench = await fs.readFile(path.join(root, 'scripts', 'dev', 'sdk-bench', 'go.mod'), 'utf8');
    for (const goMod of [tierGoMod, bench])
      expect(goMod, `the SDK's module path is ${module}: name it so in ${sdkUsers}`).toContain(`replace ${module} => ../../../generated/sdk/go`);
  });

  it('the bench program (scripts/dev/sdk-bench/bench.go) vets, and prints its figures of the SDK (log off, log at INFO) and the plain client', async () => {
    requireTools(missing);
    const bench = path.join(root, 'scripts', 'dev', 'sdk-bench');
    expect((await mustRun('gofmt', ['-l', '.'], bench)).stdout).toBe('');
    await mustRun('go', ['vet', '.'], bench);
    await mustRun('go', ['build', '-o', path.join(scratch.dir, 'sdk-bench'), '.'], bench);
    const server = await startTestServer();
    server.reply = () => jsonReply(200, [{ id: 'wh_1' }]);
    try {
      const result = await mustRun(path.join(scratch.dir, 'sdk-bench'), [server.url, '20'], scratch.dir);
      expect(JSON.parse(result.stdout)).toEqual({
        calls: 20,
        sdkSeconds: expect.any(Number),
        sdkInfoSeconds: expect.any(Number),
        plainSeconds: expect.any(Number),
      });
      // The warm-up (2 of each side), then 20 of each: every one a GET of /v1/webhooks.
      expect(server.requests.map((request) => `${request.method} ${request.target}`)).toEqual(Array(66).fill('GET /v1/webhooks'));
    } finally {
      await server.close();
    }
  });

  it("the Go code docs/sdks.md shows, and every operation's Go sample in the docs, vet against the SDK", async () => {
    requireTools(missing);
    const docs = await fs.readFile(path.join(root, 'docs', 'sdks.md'), 'utf8');
    const start = docs.indexOf('\n## Go\n');
    const section = docs.slice(start, docs.indexOf('\n## ', start + 1));
    const blocks = [...section.matchAll(/```go\n([\s\S]*?)```/g)].map((match) => match[1]).filter((block) => !block.startsWith('import '));
    expect(blocks.length, 'Go blocks in the Go section').toBeGreaterThanOrEqual(2);
    // Each block as the body of a function that returns an error; the names it declares, used.
    const bodies = blocks.map((block, index) => {
      const declared = [...block.matchAll(/^(\w+), err :=/gm)].map((match) => `\t_ = ${match[1]}\n`).join('');
      return `func block${index}(ctx context.Context, err error) error {\n${block}${declared}\treturn err\n}\n`;
    });
    const app = path.join(scratch.dir, 'docs-app');
    const imports = ['context', 'errors', 'net/http', 'os'].map((name) => `\t"${name}"\n`).join('');
    const uses = '\nvar _, _, _ = errors.As, http.StatusOK, os.Getenv\n\nfunc main() {}\n';
    await consumerModule(app, goSdkDir, `package main\n\nimport (\n${imports}\n\temaildelivery "SDK_MODULE"\n)\n${uses}\n${bodies.join('\n')}`);
    // Each operation's sample a program of its own in the module, as a reader copies it: one go vet for all.
    expect(await writeSamples(app, document)).toBe(operations.length);
    await mustRun('go', ['vet', './...'], app);
  });

  it('a client and an API error print no header value, with any verb, as a value or a pointer', async () => {
    requireTools(missing);
    const server = await startTestServer();
    server.reply = (request) => jsonReply(500, { echoed: request.headers['x-api-key'] });
    const body = `	client, err := emaildelivery.NewClient(os.Args[1], emaildelivery.WithHeader("X-Api-Key", "sk-printed-9"), emaildelivery.WithMaxRetries(0))
	if err != nil {
		panic(err)
	}
	_, err = client.ListWebhooks(context.Background())
	var apiError *emaildelivery.APIError
	if !errors.As(err, &apiError) {
		panic(err)
	}
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q"} {
		fmt.Printf(verb+"\\n", client)
		fmt.Printf(verb+"\\n", *client)
		fmt.Printf(verb+"\\n", err)
	}
	fmt.Println(client.String(), err.Error())
`;
    try {
      const printed = await programOutput('printed', body, server.url);
      expect(server.requests[0]?.headers['x-api-key'], 'the header went out').toBe('sk-printed-9');
      expect(printed).toContain('Headers: [X-Api-Key]');
      expect(printed).toContain('[redacted]');
      expect(printed).not.toContain('sk-printed-9');
    } finally {
      await server.close();
    }
  });

  it("a POST is sent once on a kept-alive connection the service closes, even with an idempotency key (net/http's transport resends such a request)", async () => {
    requireTools(missing);
    const server = await startTestServer();
    server.reply = (request) => (request.method === 'POST' ? 'drop' : jsonReply(200, []));
    const body = `	for _, name := range []string{"Idempotency-Key", "X-Idempotency-Key"} {
		client, err := emaildelivery.NewClient(os.Args[1], emaildelivery.WithHeader(name, "key-1"))
		if err != nil {
			panic(err)
		}
		// A GET first, so that the POST goes over the connection it kept alive.
		if _, err := client.ListWebhooks(context.Background()); err != nil {
			panic(err)
		}
		_, err = client.ExportContacts(context.Background())
		var connection *emaildelivery.ConnectionError
		fmt.Println(name, errors.As(err, &connection))
	}
`;
    try {
      const printed = await programOutput('post-once', body, server.url);
      expect(printed.trim().split('\n')).toEqual(['Idempotency-Key true', 'X-Idempotency-Key true']);
      expect(
        server.requests.map((request) => `${request.method} ${request.path} ${request.headers['idempotency-key'] ?? request.headers['x-idempotency-key']}`),
      ).toEqual(['GET /v1/webhooks key-1', 'POST /v2/contacts/export/filter key-1', 'GET /v1/webhooks key-1', 'POST /v2/contacts/export/filter key-1']);
    } finally {
      await server.close();
    }
  });

  /** The pinned staticcheck that `npm run install:languages -- go` installs. */
  const staticcheck = (() => {
    const tools = languageTools(root);
    return path.join(tools.home, 'bin', `staticcheck-${tools.pins.STATICCHECK_VERSION}`);
  })();
  it.runIf(process.env.CI === 'true' || fsSync.existsSync(staticcheck))('is clean under the pinned staticcheck -checks all', async () => {
    requireTools(missing);
    const result = await run(staticcheck, ['-checks', 'all', './...'], goSdkDir);
    expect(result.output.trim(), `${staticcheck} -checks all ./... in generated/sdk/go (npm run install:languages -- go installs it)`).toBe('');
    expect(result.code).toBe(0);
  });

  it("a call's own options, its answer, the error kinds with errors.Is, and the debug log without a header value", async () => {
    requireTools(missing);
    const server = await startTestServer();
    let quotas = 0;
    server.reply = (request) => {
      if (request.path === '/v1/integrations/missing') return jsonReply(404, { message: 'none', echoed: request.headers['x-api-key'] });
      if (request.path === '/v1/quotas' && (quotas += 1) === 1) return jsonReply(503, {});
      return { ...jsonReply(200, { ok: true }), headers: { 'content-type': 'application/json', 'x-request-id': 'req_1' } };
    };
    const app = path.join(scratch.dir, 'call-options');
    await consumerModule(
      app,
      goSdkDir,
      `package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"time"

	emaildelivery "SDK_MODULE"
)

func main() {
	client, err := emaildelivery.NewClient(os.Args[1], emaildelivery.WithHeader("X-Api-Key", "sk-logged-7"))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	var answer *http.Response
	_, err = client.GetIntegration(ctx, "int_1", emaildelivery.WithResponseInto(&answer), emaildelivery.WithHeader("X-Trace", "t1"), emaildelivery.WithTimeout(0))
	fmt.Println("answer", err, answer.StatusCode, answer.Header.Get("X-Request-Id"))
	_, err = client.GetIntegration(ctx, "missing", emaildelivery.WithHeader("X-Api-Key", "sk-call-8"))
	var apiError *emaildelivery.APIError
	fmt.Println("kind", errors.Is(err, emaildelivery.ErrNotFound), errors.Is(err, emaildelivery.ErrConflict), errors.As(err, &apiError) && apiError.Kind == emaildelivery.ErrNotFound)
	fmt.Println("parsed", apiError.BodyJSON.(map[string]any)["message"], apiError.BodyJSON.(map[string]any)["echoed"])
	_, err = client.ListQuotas(ctx, emaildelivery.WithMaxRetries(1), emaildelivery.WithMaxResponseBytes(0))
	fmt.Println("retried", err)
	_, err = client.ListWebhooks(ctx, emaildelivery.WithHTTPClient(http.DefaultClient))
	var refused *emaildelivery.RequestError
	fmt.Println("refused", errors.As(err, &refused))
	_, err = emaildelivery.NewClient(os.Args[1], emaildelivery.WithResponseInto(&answer))
	fmt.Println("client", err != nil)
	_ = time.Second
}
`,
    );
    try {
      await mustRun('go', ['build', '-o', 'app', '.'], app);
      const result = await mustRun(path.join(app, 'app'), [server.url], app, { EMAIL_DELIVERY_LOG: 'debug' });
      expect(result.stdout.trim().split('\n')).toEqual([
        'answer <nil> 200 req_1',
        'kind true false true',
        // The parsed body is the data as it came (as Body is); only the error's text and Header redact.
        'parsed none sk-call-8',
        'retried <nil>',
        'refused true',
        'client true',
      ]);
      // What the service saw: the call's header with its call only, the SDK's User-Agent, the 503 retried, the refused call never sent.
      expect(
        server.requests.map((request) => `${request.method} ${request.path} ${request.headers['x-trace'] ?? '-'} ${request.headers['x-api-key']}`),
      ).toEqual([
        'GET /v1/integrations/int_1 t1 sk-logged-7',
        'GET /v1/integrations/missing - sk-call-8',
        'GET /v1/quotas - sk-logged-7',
        'GET /v1/quotas - sk-logged-7',
      ]);
      expect(server.requests.every((request) => /^email-delivery-api-go\/\d+\.\d+\.\d+$/.test(request.headers['user-agent'] ?? ''))).toBe(true);
      // EMAIL_DELIVERY_LOG=debug: one line an attempt on stderr, with the method, path template, status, attempt and wait.
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(
        /level=DEBUG msg="emaildelivery: request" operation=getIntegration method=GET path=\/v1\/integrations\/\{id\} status=200 attempt=1 wait=0s$/,
      );
      expect(lines[2]).toMatch(/operation=listQuotas method=GET path=\/v1\/quotas status=503 attempt=1 wait=\d/);
      expect(result.stderr).not.toMatch(/sk-logged-7|sk-call-8|int_1|none/);
    } finally {
      await server.close();
    }
  });

  it('refuses an overlay whose names differ only by case (properties Status and status, query parameters class and Class), naming each, and leaves --out as it was', async () => {
    requireTools(missing);
    const dir = path.join(scratch.dir, 'case-clash');
    const out = path.join(dir, 'sdk');
    await writeGoSdk(out);
    const before = await fs.readFile(path.join(out, 'models.gen.go'), 'utf8');
    const overlay = path.join(dir, 'clash.yaml');
    const property = (description: string) => ({ type: 'string', description });
    const parameter = (name: string) => ({ name, in: 'query', description: `the ${name} of the test`, schema: { type: 'string' } });
    await fs.writeFile(
      overlay,
      JSON.stringify({
        overlay: '1.1.0',
        info: { title: 'Names that differ by case', version: '1.0.0' },
        actions: [
          {
            target: '$.components.schemas.GetMessageStatusResponseBody',
            description: 'Two properties whose names differ by case.',
            update: { properties: { Status: property('one'), status: property('two') } },
          },
          {
            target: "$.paths['/v1/webhooks'].get",
            description: 'Two query parameters whose names differ by case.',
            update: { parameters: [parameter('class'), parameter('Class')] },
          },
        ],
      }),
    );
    const result = await runCommand('sdk', ['--lang', 'go', '--overlay', overlay, '--out', out]);
    expect(result.code, result.output).toBe(1);
    expect(result.stderr).toContain(
      'GetMessageStatusResponseBody (schema "GetMessageStatusResponseBody") has 2 fields named Status (from "Status" and "status")',
    );
    expect(result.stderr).toContain('ListWebhooksParams (the parameters of operation listWebhooks) has 2 fields named Class (from "class" and "Class")');
    expect(result.stderr).toContain('is unchanged');
    expect(await fs.readFile(path.join(out, 'models.gen.go'), 'utf8'), '--out is the SDK written before').toBe(before);
  });

  describe('a consumer program calls every operation', () => {
    let mock: MockServer | undefined;
    beforeAll(async () => {
      requireTools(missing);
      const started = freeLoopbackPort().then((port) => startMockServer({ bundleFile: path.join(root, 'generated', 'openapi.json'), port }));
      await mustRun('go', ['build', '-o', consumer(), './cmd/sdk-consumer'], path.join(languagesDir, 'go'));
      await mustRun('go', ['vet', './cmd/sdk-consumer', './cmd/sdk-driver'], path.join(languagesDir, 'go'));
      mock = await started;
    });
    afterAll(async () => {
      await mock?.stop();
    });

    it('against the Prism mock: each answers its success', async () => {
      const result = await mustRun(consumer(), [mock!.url], scratch.dir);
      expect(result.stdout.trim().split('\n').sort()).toEqual(operations.map((row) => `${row.operationId} ok`).sort());
    });

    it('against a recording server: each request is what the description says', async () => {
      const server = await startTestServer();
      server.reply = (request) => {
        const operationId = operationAt(document, request.method, request.path);
        return operationId ? jsonReply(successStatus(document, operationId), { ok: true }) : jsonReply(404, {});
      };
      try {
        const result = await mustRun(consumer(), [server.url], scratch.dir);
        expect(result.stdout.trim().split('\n')).toHaveLength(operations.length);
        const sent = server.requests.map((request) => {
          const operationId = operationAt(document, request.method, request.path) ?? `${request.method} ${request.target}`;
          return { operationId, request: `${request.method} ${request.target}`, body: request.body, key: request.headers['x-api-key'] };
        });
        const expected = operations.map((row) => {
          const wire = wireRequest(document, row.operationId, argumentsOf[row.request]);
          return { operationId: row.operationId, request: `${wire.method} ${wire.target}`, body: wire.body, key: 'consumer-key' };
        });
        const byOperation = (a: { operationId: string }, b: { operationId: string }) => a.operationId.localeCompare(b.operationId);
        expect(sent.sort(byOperation)).toEqual(expected.sort(byOperation));
      } finally {
        await server.close();
      }
    });
  });

  describe('with overlays, the structs carry their fields and the calls their parameters', () => {
    /** A consumer of an overlaid SDK, and the misspellings `go vet` must refuse, naming them. */
    interface OverlayCase {
      name: string;
      overlays: string[];
      /** Exchanges to learn an overlay from, added after `overlays`. */
      learnedFrom?: ShortExchange[];
      source: string;
      answers: Record<string, ReturnType<typeof jsonReply>>;
      output: string[];
      /** Each request the consumer sends: its line, the header the case checks, its body. */
      sent: { request: string; header?: [string, string]; body: string }[];
      /** [what the source writes, a misspelling of it, what go vet says of it]. */
      misspelt: [string, string, string][];
    }
    const cases: OverlayCase[] = [
      {
        name: "the example overlays' fields and parameters",
        overlays: exampleOverlays,
        source: `package main

import (
	"context"
	"fmt"
	"os"
	"time"

	emaildelivery "SDK_MODULE"
)

func main() {
	client, err := emaildelivery.NewClient(os.Args[1], emaildelivery.WithCredentials(emaildelivery.Credentials{ExampleApiKey: "key-2"}))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	sendAt := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	_, err = client.SendBatch(ctx, "b 1", emaildelivery.SendBatchParams{IdempotencyKey: "key-1"}, &emaildelivery.SendBatchRequestBody{Subject: "Hello", SendAt: &sendAt})
	fmt.Println("sendBatch", err)
	status, err := client.GetMessageStatus(ctx, emaildelivery.GetMessageStatusParams{})
	fmt.Println("getMessageStatus", err, status.State == emaildelivery.GetMessageStatusResponseBodyStateQueued)
	cursor, session := "c 1", "s;1"
	page, err := client.ListWebhooks(ctx, emaildelivery.ListWebhooksParams{Cursor: &cursor, Tags: emaildelivery.Tags{"a", "b c"}, Session: &session})
	fmt.Println("listWebhooks", err, len(page.Items), *page.NextCursor)
}
`,
        answers: {
          'POST /v1/batches/b%201/send': jsonReply(201, {}),
          'GET /v1/messages/status': jsonReply(200, { state: 'queued' }),
          'GET /v1/webhooks?cursor=c%201&tags=a,b%20c': jsonReply(200, { items: [{ url: 'https://hooks.example/a' }], nextCursor: 'c2' }),
        },
        output: ['sendBatch <nil>', 'getMessageStatus <nil> true', 'listWebhooks <nil> 1 c2'],
        sent: [
          { request: 'POST /v1/batches/b%201/send', header: ['idempotency-key', 'key-1'], body: '{"sendAt":"2026-01-02T03:04:05Z","subject":"Hello"}' },
          { request: 'GET /v1/messages/status', header: ['x-example-api-key', 'key-2'], body: '' },
          { request: 'GET /v1/webhooks?cursor=c%201&tags=a,b%20c', header: ['cookie', 'session=s%3B1'], body: '' },
        ],
        misspelt: [
          ['Subject: "Hello"', 'Subjet: "Hello"', 'unknown field Subjet'],
          ['status.State ==', 'status.Stae ==', 'status.Stae undefined'],
          ['IdempotencyKey:', 'IdempotencyKy:', 'unknown field IdempotencyKy'],
          ['ExampleApiKey:', 'ExampleApiKy:', 'unknown field ExampleApiKy'],
        ],
      },
      {
        name: 'an overlay `npm run learn` wrote from recorded traffic',
        learnedFrom: [
          { url: '/v1/integrations/int_7', response: { id: 'int_7', name: 'Zapier', count: 3, createdAt: '2026-01-02T03:04:05Z' } },
          { url: '/v1/integrations/int_8', response: { id: 'int_8', name: 'Slack', count: 1, createdAt: '2026-02-02T03:04:05Z' } },
          { url: '/v1/quotas', response: { limit: 100, used: 7 } },
        ],
        overlays: [],
        source: `package main

import (
	"context"
	"fmt"
	"os"

	emaildelivery "SDK_MODULE"
)

func main() {
	client, err := emaildelivery.NewClient(os.Args[1])
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	integration, err := client.GetIntegration(ctx, "int_9")
	fmt.Println("getIntegration", err, *integration.Name, *integration.Count)
	quotas, err := client.ListQuotas(ctx)
	fmt.Println("listQuotas", err, *quotas.Limit, *quotas.Used)
}
`,
        answers: {
          'GET /v1/integrations/int_9': jsonReply(200, { id: 'int_9', name: 'Zapier', count: 4, createdAt: '2026-03-02T03:04:05Z' }),
          'GET /v1/quotas': jsonReply(200, { limit: 100, used: 8 }),
        },
        output: ['getIntegration <nil> Zapier 4', 'listQuotas <nil> 100 8'],
        sent: [
          { request: 'GET /v1/integrations/int_9', body: '' },
          { request: 'GET /v1/quotas', body: '' },
        ],
        misspelt: [
          ['*integration.Name', '*integration.Nmae', 'integration.Nmae undefined'],
          ['*quotas.Used', '*quotas.Usde', 'quotas.Usde undefined'],
        ],
      },
    ];

    const dirOf = (given: OverlayCase) => path.join(scratch.dir, given.name.replace(/\W+/g, '-'));
    /** Each case's SDK, written once (the credentials' test uses the first's too). */
    const written = new Map<string, Promise<string>>();
    const sdkOf = (given: OverlayCase, dir: string, overlays: string[]) => {
      if (!written.has(given.name))
        written.set(
          given.name,
          (async () => {
            const sdk = path.join(dir, 'sdk');
            await writeGoSdk(sdk, overlays);
            return sdk;
          })(),
        );
      return written.get(given.name)!;
    };

    it.each(cases)('$name', async (given) => {
      requireTools(missing);
      const dir = dirOf(given);
      const overlays = given.overlays.map((file) => path.join(root, file));
      if (given.learnedFrom) {
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(path.join(dir, 'traffic.har'), harText(given.learnedFrom));
        const learned = await runCommand('learn', ['--traffic', path.join(dir, 'traffic.har'), '--out', path.join(dir, 'learned.yaml')]);
        expect(learned.code, learned.output).toBe(0);
        overlays.push(path.join(dir, 'learned.yaml'));
      }
      const sdk = await sdkOf(given, dir, overlays);
      const app = path.join(dir, 'app');
      await consumerModule(app, sdk, given.source);
      // The docs of the same overlays: each operation's sample, with its typed body and parameters, vets too.
      const overlaid = await overlaidDescription(checkout, { overlays, out: '' }, document);
      await writeSamples(app, overlaid.document);
      await mustRun('go', ['vet', './...'], app);
      await mustRun('go', ['build', '-o', 'app', '.'], app);
      const server = await startTestServer();
      server.reply = (request) => given.answers[`${request.method} ${request.target}`] ?? jsonReply(404, { unexpected: request.target });
      try {
        const result = await mustRun(path.join(app, 'app'), [server.url], app);
        expect(result.stdout.trim().split('\n')).toEqual(given.output);
        // Each request as the case writes it: the header it checks, with the value that came.
        const seen = server.requests.map((request) => {
          const target = `${request.method} ${request.target}`;
          const header = given.sent.find((sent) => sent.request === target)?.header?.[0];
          return { request: target, ...(header ? { header: [header, request.headers[header]] } : {}), body: request.body };
        });
        expect(seen).toEqual(given.sent);
      } finally {
        await server.close();
      }
      // Each misspelling a program of its own (misspelt/<n>) in the module, all vetted by one go vet,
      // which names the first error of each package.
      const source = await fs.readFile(path.join(app, 'main.go'), 'utf8');
      for (const [n, [right, wrong]] of given.misspelt.entries()) {
        expect(source, `the consumer writes ${right}`).toContain(right);
        await fs.mkdir(path.join(app, 'misspelt', String(n)), { recursive: true });
        await fs.writeFile(path.join(app, 'misspelt', String(n), 'main.go'), source.replace(right, wrong));
      }
      const vetted = await run('go', ['vet', './misspelt/...'], app);
      expect(vetted.code, 'go vet of consumers that misspell').not.toBe(0);
      for (const [n, [, wrong, named]] of given.misspelt.entries())
        expect(vetted.output, `go vet of a consumer that writes ${wrong}`).toMatch(
          new RegExp(`^vet: misspelt/${n}/main\\.go:\\d+:\\d+: .*${named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'),
        );
    });

    it("the example overlays' credentials by scheme or from their variables, a header given instead, none in a text; a keyed POST retried with one key", async () => {
      requireTools(missing);
      const sdk = await sdkOf(
        cases[0],
        dirOf(cases[0]),
        cases[0].overlays.map((file) => path.join(root, file)),
      );
      const app = path.join(dirOf(cases[0]), 'credentials');
      const key = 'echo-Key/+1234';
      const token = 'echo-Token/+567890';
      await consumerModule(
        app,
        sdk,
        `package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	emaildelivery "SDK_MODULE"
)

func main() {
	url, ctx := os.Args[1], context.Background()
	// Read when a credential is not given: docs/mcp.md's variables, EMAIL_DELIVERY_ and the scheme's name in capitals.
	os.Setenv("EMAIL_DELIVERY_EXAMPLE_API_KEY", "env-key-1234")
	os.Setenv("EMAIL_DELIVERY_EXAMPLE_BEARER", "env-token-5678")
	client, err := emaildelivery.NewClient(url)
	if err != nil {
		panic(err)
	}
	_, err = client.ListWebhooks(ctx, emaildelivery.ListWebhooksParams{}, emaildelivery.WithHeader("X-Case", "environment"))
	fmt.Println("environment", err)
	fmt.Printf("printed %+v\\n", client)
	// A credential given wins over its variable; a header given with WithHeader over both.
	given, _ := emaildelivery.NewClient(url, emaildelivery.WithCredentials(emaildelivery.Credentials{ExampleApiKey: "given-key-1234"}), emaildelivery.WithHeader("Authorization", "Token header-token-9"))
	_, err = given.ListWebhooks(ctx, emaildelivery.ListWebhooksParams{}, emaildelivery.WithHeader("X-Case", "given"))
	fmt.Println("given", err)
	header, _ := emaildelivery.NewClient(url, emaildelivery.WithCredentials(emaildelivery.Credentials{ExampleApiKey: "given-key-1234", ExampleBearer: "given-token-5678"}), emaildelivery.WithHeader("X-Example-Api-Key", "header-key-9"))
	_, err = header.ListWebhooks(ctx, emaildelivery.ListWebhooksParams{}, emaildelivery.WithHeader("X-Case", "header"))
	fmt.Println("header", err)
	_, err = client.ListWebhooks(ctx, emaildelivery.ListWebhooksParams{}, emaildelivery.WithCredentials(emaildelivery.Credentials{ExampleApiKey: "call-key-1234"}))
	var refused *emaildelivery.RequestError
	fmt.Println("per call refused", errors.As(err, &refused))
	// The credentials echoed in every form a service may send them back: none reaches a text.
	echo, _ := emaildelivery.NewClient(url, emaildelivery.WithCredentials(emaildelivery.Credentials{ExampleApiKey: "${key}", ExampleBearer: "${token}"}))
	_, err = echo.GetIntegration(ctx, "echo")
	var apiError *emaildelivery.APIError
	if !errors.As(err, &apiError) {
		panic(err)
	}
	fmt.Printf("echoed %s | %s | %+v\\n", err, apiError.Header.Get("Www-Authenticate"), echo)
	// An idempotency key: one made for the call, or the caller's, the same on each attempt.
	_, err = client.SendBatch(ctx, "made", emaildelivery.SendBatchParams{}, &emaildelivery.SendBatchRequestBody{Subject: "Hi"})
	fmt.Println("made key", err)
	_, err = client.SendBatch(ctx, "given", emaildelivery.SendBatchParams{IdempotencyKey: "my-key-1"}, &emaildelivery.SendBatchRequestBody{Subject: "Hi"})
	fmt.Println("given key", err)
	_, err = client.SendBatch(ctx, "once", emaildelivery.SendBatchParams{}, &emaildelivery.SendBatchRequestBody{Subject: "Hi"}, emaildelivery.WithMaxRetries(0))
	fmt.Println("one attempt", errors.Is(err, emaildelivery.ErrInternalServer))
}
`,
      );
      await mustRun('go', ['build', '-o', 'app', '.'], app);
      const sent = new Map<string, number>();
      const server = await startTestServer();
      server.reply = (request): ReturnType<Reply> => {
        sent.set(request.path, (sent.get(request.path) ?? 0) + 1);
        if (request.path.startsWith('/v1/batches/'))
          return sent.get(request.path) === 1
            ? { status: 503, body: '{}', headers: { 'retry-after': '0', 'content-type': 'application/json' } }
            : jsonReply(201, {});
        if (request.path !== '/v1/integrations/echo') return jsonReply(200, { items: [] });
        // Each credential echoed in another case, in lower-case hex, JSON-escaped, in base64url, and as it is.
        const echoes = [key.toUpperCase(), encodeURIComponent(key).toLowerCase(), 'echo-Token\\/\\u002b567890', Buffer.from(token).toString('base64url')];
        return {
          status: 401,
          body: `{"echoes": [${echoes.map((echo) => `"${echo}"`).join(', ')}], "raw": "${key} ${token}"}`,
          headers: { 'content-type': 'application/json', 'www-authenticate': `Bearer error="${token.toUpperCase()}"` },
        };
      };
      try {
        const result = await mustRun(path.join(app, 'app'), [server.url], app, {
          EMAIL_DELIVERY_EXAMPLE_API_KEY: undefined,
          EMAIL_DELIVERY_EXAMPLE_BEARER: undefined,
        });
        const lines = result.stdout.trim().split('\n');
        const byCase = (name: string) => server.requests.find((r) => r.headers['x-case'] === name)!;
        const credentials = (r: { headers: Record<string, unknown> }) => [r.headers['x-example-api-key'], r.headers.authorization];
        expect(credentials(byCase('environment')), 'read from the variables').toEqual(['env-key-1234', 'Bearer env-token-5678']);
        expect(credentials(byCase('given')), 'the credential given, the header given').toEqual(['given-key-1234', 'Token header-token-9']);
        expect(credentials(byCase('header')), 'the header given, the credential given').toEqual(['header-key-9', 'Bearer given-token-5678']);
        expect(lines.filter((line) => !line.startsWith('printed ') && !line.startsWith('echoed '))).toEqual([
          'environment <nil>',
          'given <nil>',
          'header <nil>',
          'per call refused true',
          'made key <nil>',
          'given key <nil>',
          'one attempt true',
        ]);
        expect(lines.find((line) => line.startsWith('printed '))).toContain('Headers: [Authorization X-Example-Api-Key]');
        // What the client and its error show: every echo redacted, no form of any credential.
        const echoed = lines.find((line) => line.startsWith('echoed '))!;
        expect(echoed).toContain(
          `getIntegration: the service answered 401: {"echoes": ["[redacted]", "[redacted]", "[redacted]", "[redacted]"], "raw": "[redacted] [redacted]"} | Bearer error="[redacted]" |`,
        );
        const shown = result.stdout.toLowerCase();
        for (const secret of [key, token, 'env-key-1234', 'env-token-5678', 'given-key-1234', 'given-token-5678', 'header-key-9'])
          for (const form of [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64url')])
            expect(shown, form).not.toContain(form.toLowerCase());
        // An idempotency key: one UUID4 a call, on each of its attempts, or the caller's; a POST sent once with no retry left.
        const keys = (name: string) => server.requests.filter((r) => r.path === `/v1/batches/${name}/send`).map((r) => r.headers['idempotency-key']);
        const uuid4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
        expect(keys('made')).toHaveLength(2);
        expect(keys('made')[0]).toMatch(uuid4);
        expect(keys('made')[1]).toBe(keys('made')[0]);
        expect(keys('given')).toEqual(['my-key-1', 'my-key-1']);
        expect(keys('once')).toEqual([expect.stringMatching(uuid4)]);
        expect(keys('once')[0]).not.toBe(keys('made')[0]);
      } finally {
        await server.close();
      }
      // The README's first call gives the overlay's credential by its scheme, and names each header and variable, not X-Api-Key.
      const readme = await fs.readFile(path.join(sdk, 'README.md'), 'utf8');
      expect(readme).toContain('emaildelivery.WithCredentials(emaildelivery.Credentials{ExampleApiKey: key})');
      expect(readme).toContain('`ExampleApiKey`, sent in the `X-Example-Api-Key` header (`EMAIL_DELIVERY_EXAMPLE_API_KEY`)');
      expect(readme).toContain('`ExampleBearer`, sent in the `Authorization` header after `Bearer ` (`EMAIL_DELIVERY_EXAMPLE_BEARER`)');
      expect(readme).not.toContain('X-Api-Key');
    });
  });
});
