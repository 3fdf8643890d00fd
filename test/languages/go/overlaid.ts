// The Go SDK of overlays (the package test's `overlaid`, test/languages/sdk-packages.test.ts): with
// the example overlays, and with one `npm run learn` wrote, the structs carry the fields and the
// calls their parameters, each operation's docs sample of the same overlays vets, and a misspelt
// field is a go vet error naming it; the example overlays' credentials go by scheme or from their
// variables, none reaches a text, and a keyed POST is retried with one key. Each case is one module
// (its consumer, its samples, its misspellings, and the credentials' program of the first): one go
// vet and one go build a case, kept while the module and its SDK are the same (go-modules.ts).
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { overlaidDescription } from '../../../scripts/overlay/build-overlaid.ts';
import { harText, type ShortExchange } from '../../support/har.ts';
import { checkout, root } from '../../support/helpers.ts';
import { jsonReply, type Reply, startTestServer } from '../../support/http-server.ts';
import { docsSamples, mustRun } from '../../support/languages.ts';
import { runCommand } from '../../support/run-command.ts';
import type { OwnCheck, PackageContext } from '../../support/sdk-package.ts';
import { consumerModule, goBuilt, goVerdict, oneAtATime } from './go-modules.ts';

/** The example overlays: typed fields, a cursor, an idempotency key, two security schemes; and a parameter of each location. */
const exampleOverlays = [
  'examples/overlays/fields.yaml',
  'examples/overlays/paging.yaml',
  'examples/overlays/idempotency.yaml',
  'examples/overlays/auth.yaml',
  'examples/overlays/bearer.yaml',
  'test/fixtures/overlays/parameters.yaml',
];

/** A consumer of an overlaid SDK, and the misspellings `go vet` must refuse, naming them. */
interface OverlayCase {
  name: string;
  /** Its folder in the scratch folder, and its SDK's (overlaid-<slug>). */
  slug: string;
  overlays: string[];
  /** Exchanges to learn an overlay from, added after `overlays`. */
  learnedFrom?: ShortExchange[];
  source: string;
  answers: Record<string, ReturnType<typeof jsonReply>>;
  output: string[];
  /** Each request the consumer sends: its line, the header the case checks, its body (and its media type where it has one). */
  sent: { request: string; header?: [string, string]; contentType?: string; body: string }[];
  /** [what the source writes, a misspelling of it, what go vet says of it]. */
  misspelt: [string, string, string][];
}

const cases: OverlayCase[] = [
  {
    name: "the example overlays' fields and parameters",
    slug: 'examples',
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
      {
        request: 'POST /v1/batches/b%201/send',
        header: ['idempotency-key', 'key-1'],
        contentType: 'application/json',
        body: '{"sendAt":"2026-01-02T03:04:05Z","subject":"Hello"}',
      },
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
    slug: 'learned',
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

const key = 'echo-Key/+1234';
const token = 'echo-Token/+567890';

/** The credentials' program, of the first case's SDK. */
const credentialsSource = `package main

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
`;

/** Its folder of programs, and its SDK: what a case hands on. */
interface Built {
  sdk: string;
  bin: string;
}

/** The module of `given` (and the programs `more`, path: source) vetted, built and its consumer run against a recording server. */
async function runCase(context: PackageContext, given: OverlayCase, more: Record<string, string> = {}): Promise<Built> {
  const dir = path.join(context.scratch, `case-${given.slug}`);
  await fs.mkdir(dir, { recursive: true });
  const overlays = given.overlays.map((file) => path.join(root, file));
  if (given.learnedFrom) {
    await fs.writeFile(path.join(dir, 'traffic.har'), harText(given.learnedFrom));
    const learned = await oneAtATime(() => runCommand('learn', ['--traffic', path.join(dir, 'traffic.har'), '--out', path.join(dir, 'learned.yaml')]));
    expect(learned.code, learned.output).toBe(0);
    overlays.push(path.join(dir, 'learned.yaml'));
  }
  const sdk = await context.writeSdk(`overlaid-${given.slug}`, overlays);
  // The consumer; each operation's sample in the docs of the same overlays (its typed body and
  // parameters) as a reader copies it; each misspelling a program of its own; and `more`.
  const files: Record<string, string> = { 'main.go': given.source, ...more };
  const overlaid = await oneAtATime(() => overlaidDescription(checkout, { overlays, out: '' }, context.document));
  for (const [operationId, source] of docsSamples(overlaid.document, 'go')) files[`samples/${operationId}/main.go`] = source;
  for (const [n, [right, wrong]] of given.misspelt.entries()) {
    expect(given.source, `the consumer writes ${right}`).toContain(right);
    files[`misspelt/${n}/main.go`] = given.source.replace(right, wrong);
  }
  const app = path.join(dir, 'app');
  await consumerModule(app, sdk, files);
  // One go vet of the module: only the misspelt packages fail, each named with the first error vet finds in it.
  const vetted = await goVerdict(`go-sdk-overlaid-vet-${given.slug}`, app, sdk, ['vet', './...']);
  expect(vetted.code, 'go vet of a module with consumers that misspell').not.toBe(0);
  // vet heads the lines of each package it finds wrong with `# <package>` (and `# [<package>]`).
  const failing = vetted.output.split('\n').filter((line) => /^# [^[]/.test(line));
  expect(failing.sort(), `the packages go vet finds wrong\n${vetted.output}`).toEqual(given.misspelt.map((_, n) => `# consumer.test/app/misspelt/${n}`).sort());
  for (const [n, [, wrong, named]] of given.misspelt.entries())
    expect(vetted.output, `go vet of a consumer that writes ${wrong}`).toMatch(
      new RegExp(`^vet: misspelt/${n}/main\\.go:\\d+:\\d+: .*${named.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm'),
    );
  const programs = ['.', ...Object.keys(more).map((file) => `./${path.dirname(file)}`)];
  const bin = await goBuilt(`go-sdk-overlaid-${given.slug}`, [{ tree: app }, { tree: sdk }], app, programs, dir);
  const server = await startTestServer();
  server.reply = (request) => given.answers[`${request.method} ${request.target}`] ?? jsonReply(404, { unexpected: request.target });
  try {
    const result = await oneAtATime(() => mustRun(path.join(bin, 'app'), [server.url], dir));
    expect(result.stdout.trim().split('\n')).toEqual(given.output);
    // Each request as the case writes it: the header it checks, with the value that came; a body's media type.
    const seen = server.requests.map((request) => {
      const target = `${request.method} ${request.target}`;
      const header = given.sent.find((sent) => sent.request === target)?.header?.[0];
      return {
        request: target,
        ...(header ? { header: [header, request.headers[header]] } : {}),
        ...(request.body ? { contentType: request.headers['content-type'] } : {}),
        body: request.body,
      };
    });
    expect(seen).toEqual(given.sent);
  } finally {
    await server.close();
  }
  return { sdk, bin };
}

/** The credentials' program of the first case's module run against a server that echoes them, and the README of its SDK. */
async function checkCredentials({ sdk, bin }: Built): Promise<void> {
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
    const result = await oneAtATime(() =>
      mustRun(path.join(bin, 'credentials'), [server.url], bin, {
        EMAIL_DELIVERY_EXAMPLE_API_KEY: undefined,
        EMAIL_DELIVERY_EXAMPLE_BEARER: undefined,
      }),
    );
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
      for (const form of [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64url')]) expect(shown, form).not.toContain(form.toLowerCase());
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
}

/** Every promise's value, once all have ended (none left running when one fails); the first failure else. */
async function allOf<T>(promises: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(promises);
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
}

export const overlaid: OwnCheck = {
  title:
    "with overlays (the examples', and one `npm run learn` wrote), the structs carry their fields and the calls their parameters, the docs' samples vet, a misspelt field is a go vet error naming it; the example overlays' credentials by scheme or from their variables, a header given instead, none in a text; a keyed POST retried with one key",
  async run(context) {
    const [examples] = await allOf([runCase(context, cases[0], { 'credentials/main.go': credentialsSource }), runCase(context, cases[1])]);
    await checkCredentials(examples);
  },
};
