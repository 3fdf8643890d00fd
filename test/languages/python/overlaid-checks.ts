// The Python SDK written with overlays: with the example overlays, the fields, parameters and
// credentials are typed (a misspelt one is a mypy error), the calls send what the description says,
// each scheme's credential is sent and redacted, a keyed POST is retried with one key, and the README
// names the credentials; with an overlay `npm run learn` wrote from traffic, the learned fields and
// parameter are typed.
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { jsonReply, type Reply, startTestServer } from '../../support/http-server.ts';
import { mustRun } from '../../support/languages.ts';
import type { OwnCheck, PackageContext } from '../../support/sdk-package.ts';
import { prepared } from './prepared.ts';
import { bin, copyProgram, noCredentials, programs, quiet, saidByCheck, typedAndRefused } from './python-tools.ts';

/** The fields, parameters and credentials typed: mypy finds each typo of the misspelt copies, and the overlaid docs' samples type-check. */
async function overlaidTypes(context: PackageContext, src: string, overlaidSamples: string): Promise<void> {
  const dir = path.join(context.scratch, 'overlaid-typed');
  await copyProgram('check_sdk_fields.py', dir, [
    ['status.state ==', 'status.stat =='],
    ['subject="Hello"', 'subjet="Hello"'],
    ['page.nextCursor', 'page.next_cursor'],
    ['idempotency_key="key-1"', 'idempotency="key-1"'],
  ]);
  await copyProgram('check_sdk_credentials.py', dir, [['"ExampleApiKey": "given-key-1234"}', '"ExampleApiKy": "given-key-1234"}']]);
  await fs.cp(path.join(overlaidSamples, 'samples'), path.join(dir, 'samples'), { recursive: true });
  await typedAndRefused(
    dir,
    src,
    ['check_sdk_fields.py', 'check_sdk_credentials.py'],
    [
      '"GetMessageStatusResponseBody" has no attribute "stat"',
      'Unexpected keyword argument "subjet" for "SendBatchRequestBody"',
      '"ListWebhooksResponseBody" has no attribute "next_cursor"',
      'Unexpected keyword argument "idempotency" for "send_batch" of "Client"',
      'Argument "credentials" to "Client" has incompatible type',
    ],
    ['samples'],
  );
}

/** check_sdk_fields.py against a server: the typed fields come back, and each request is as the description says. */
async function overlaidFields(context: PackageContext, src: string): Promise<void> {
  const server = await startTestServer();
  server.reply = (request) =>
    request.path === '/v1/webhooks'
      ? jsonReply(200, { items: [{ url: 'https://hooks.example/a' }], nextCursor: 'c_2' })
      : request.method === 'POST'
        ? jsonReply(201, {})
        : jsonReply(200, { state: 'delivered' });
  try {
    const ran = await mustRun(bin('python'), [path.join(programs, 'check_sdk_fields.py'), server.url], context.scratch, {
      ...quiet,
      ...noCredentials,
      PYTHONPATH: src,
    });
    expect(ran.stdout.trim().split('\n')).toEqual(["page ['https://hooks.example/a'] c_2", 'sent {}', 'state 200 application/json delivered True']);
    // As the description says (unlike the generators' clients, docs/generators.md): %20, not +; tags not exploded; the cookie encoded.
    expect(server.requests.map((r) => [`${r.method} ${r.target}`, r.headers['idempotency-key'], r.headers.cookie, r.body])).toEqual([
      ['GET /v1/webhooks?cursor=page%202%2F%C3%A9&tags=red,a%2Cb', undefined, 'session=s%201%3Bx', ''],
      ['POST /v1/batches/b1/send', 'key-1', undefined, '{"subject":"Hello","sendAt":"2026-11-22T10:00:00Z"}'],
      ['GET /v1/messages/status?id=m1', undefined, undefined, ''],
    ]);
    // No credential given and none in the environment: none sent.
    expect(server.requests.map((r) => [r.headers['x-example-api-key'], r.headers.authorization])).toEqual(server.requests.map(() => [undefined, undefined]));
  } finally {
    await server.close();
  }
}

/** check_sdk_credentials.py against a server: each scheme's credential by name or from its variable, a header given instead, none in a text; a keyed POST retried with one key. */
async function overlaidCredentials(context: PackageContext, src: string): Promise<void> {
  const key = 'echo-Key/+1234';
  const token = 'echo-Token/+567890';
  const sent = new Map<string, number>();
  const server = await startTestServer();
  server.reply = (request): ReturnType<Reply> => {
    sent.set(request.path, (sent.get(request.path) ?? 0) + 1);
    if (request.path.startsWith('/v1/batches/'))
      return sent.get(request.path) === 1
        ? { status: 503, body: '{}', headers: { 'retry-after': '0', 'content-type': 'application/json' } }
        : jsonReply(201, { sent: true });
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
    const ran = await mustRun(bin('python'), [path.join(programs, 'check_sdk_credentials.py'), server.url], context.scratch, {
      ...quiet,
      ...noCredentials,
      PYTHONPATH: src,
    });
    const said = saidByCheck(ran.stdout);
    const byCase = (name: string) => server.requests.find((r) => r.headers['x-case'] === name)!;
    const credentials = (r: { headers: Record<string, unknown> }) => [r.headers['x-example-api-key'], r.headers.authorization];
    expect(credentials(byCase('environment')), 'read from the variables').toEqual(['env-key-1234', 'Bearer env-token-5678']);
    expect(credentials(byCase('given')), 'the credential passed, the header given').toEqual(['given-key-1234', 'Token header-token-9']);
    expect(credentials(byCase('header')), 'the header given, the credential passed').toEqual(['header-key-9', 'Bearer given-token-5678']);
    expect(said.get('printed')).toBe(
      `Client(base_url='${server.url}', headers=['Authorization', 'X-Example-Api-Key'], timeout=60.0, max_response_bytes=67108864, max_retries=2)`,
    );
    expect(said.get('unknown scheme')).toBe("credentials: 'ExampleApiKy' not a security scheme's name (the security schemes are ExampleApiKey, ExampleBearer)");
    // What the client and its error show: every echo redacted, no form of either credential.
    const echoed = said.get('echoed') as { error: string; excerpt: string; headers: Record<string, string>; body: unknown; printed: string };
    expect(echoed.excerpt).toBe('{"echoes": ["[redacted]", "[redacted]", "[redacted]", "[redacted]"], "raw": "[redacted] [redacted]"}');
    expect(echoed.headers['www-authenticate']).toBe('Bearer error="[redacted]"');
    expect(echoed.body).toEqual({ echoes: Array(4).fill('[redacted]'), raw: '[redacted] [redacted]' });
    const shown = [echoed.error, echoed.printed, ran.stdout].join('\n').toLowerCase();
    for (const secret of [key, token, 'env-key-1234', 'env-token-5678', 'misnamed-secret-1'])
      for (const form of [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64url')]) expect(shown, form).not.toContain(form.toLowerCase());
    // An idempotency key: one UUID4 a call, on each of its attempts, or the caller's; a POST sent once with no retry left.
    expect(['made key', 'given key', 'async made key'].map((check) => said.get(check))).toEqual(Array(3).fill({ sent: true }));
    expect(said.get('one attempt')).toBe(503);
    const keys = (name: string) => server.requests.filter((r) => r.path === `/v1/batches/${name}/send`).map((r) => r.headers['idempotency-key']);
    const uuid4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const name of ['made', 'async']) {
      expect(keys(name), name).toHaveLength(2);
      expect(keys(name)[0], name).toMatch(uuid4);
      expect(keys(name)[1], name).toBe(keys(name)[0]);
    }
    expect(keys('made')[0]).not.toBe(keys('async')[0]);
    expect(keys('given')).toEqual(['my-key-1', 'my-key-1']);
    expect(keys('once')).toEqual([expect.stringMatching(uuid4)]);
  } finally {
    await server.close();
  }
}

export const overlaidCheck: OwnCheck = {
  title:
    "with the example overlays: the fields, parameters and credentials are typed, a misspelt one is a mypy error, the calls send what the description says, each scheme's credential by name or from its variable (a header given instead, none in a text), a keyed POST retried with one key, and the README names the credentials",
  async run(context) {
    const { overlaid: out, overlaidSamples } = await prepared(context);
    const src = path.join(out, 'src');
    // mypy and the two programs side by side: each waits on its own process.
    await Promise.all([overlaidTypes(context, src, overlaidSamples), overlaidFields(context, src), overlaidCredentials(context, src)]);
    // The README's first call passes the overlay's credential by its scheme, and names each header and variable, not X-Api-Key.
    const readme = await fs.readFile(path.join(out, 'README.md'), 'utf8');
    expect(readme).toContain('with Client("https://your-service.example", credentials={"ExampleApiKey": "..."}) as client:');
    expect(readme).toContain('`ExampleApiKey`, sent in the `X-Example-Api-Key` header (`EMAIL_DELIVERY_EXAMPLE_API_KEY`)');
    expect(readme).toContain('`ExampleBearer`, sent in the `Authorization` header after `Bearer ` (`EMAIL_DELIVERY_EXAMPLE_BEARER`)');
    expect(readme).not.toContain('X-Api-Key');
  },
};

export const learnedCheck: OwnCheck = {
  title: 'with an overlay `npm run learn` wrote from traffic: the learned fields and parameter are typed, and a misspelt one is a mypy error',
  async run(context) {
    const src = path.join((await prepared(context)).learned, 'src');
    const dir = path.join(context.scratch, 'learned-typed');
    await copyProgram('check_sdk_learned.py', dir, [
      ['integration.count', 'integration.cuont'],
      ['limit=10', 'limt=10'],
    ]);
    const server = await startTestServer();
    server.reply = (request) =>
      request.path.startsWith('/v1/integrations/')
        ? jsonReply(200, { id: 'int_7', name: 'Zapier', count: 3 })
        : jsonReply(200, { items: [{ url: 'https://hooks.example/a', enabled: true }], nextCursor: 'c_2' });
    try {
      const [, ran] = await Promise.all([
        typedAndRefused(
          dir,
          src,
          ['check_sdk_learned.py'],
          ['"GetIntegrationResponseBody" has no attribute "cuont"', 'Unexpected keyword argument "limt" for "list_webhooks" of "Client"'],
        ),
        mustRun(bin('python'), [path.join(programs, 'check_sdk_learned.py'), server.url], context.scratch, { ...quiet, PYTHONPATH: src }),
      ]);
      expect(ran.stdout.trim().split('\n')).toEqual(['integration Zapier 3', "webhooks [('https://hooks.example/a', True)] c_2"]);
      expect(server.requests.map((r) => `${r.method} ${r.target} ${r.headers['x-api-key']}`)).toEqual([
        'GET /v1/integrations/int_7 key-1',
        'GET /v1/webhooks?limit=10 key-1',
      ]);
    } finally {
      await server.close();
    }
  },
};
