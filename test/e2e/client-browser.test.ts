// The built client (generated/dist) in headless Chromium (the run's, test/support/fixture.ts'
// sharedChromium): an ES module page imports it (openapi-fetch through an import map, as a
// bundler-free app would) and calls every operation against the recording server on 127.0.0.1
// that also serves the page, so the calls are same-origin.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installHint, mustRunBrowserTests } from '../../scripts/dev/chromium.ts';
import { callEveryModule, expectedRequest, expectedResults, successStatusOf } from '../support/every-operation.ts';
import { sharedChromium } from '../support/fixture.ts';
import { checkout, root } from '../support/helpers.ts';
import { startTestServer, type TestServer } from '../support/http-server.ts';
import { operations } from '../../scripts/stated/operations.ts';

if (!mustRunBrowserTests) console.warn(`client-browser.test.ts skipped: ${installHint}`);

const page = `<!doctype html>
<meta charset="utf-8">
<title>built client</title>
<script type="importmap">{ "imports": { "openapi-fetch": "/openapi-fetch.mjs", "email-delivery-api": "/dist/client.js" } }</script>
<script type="module">
  import { callEvery } from '/call-every.mjs';
  callEvery(location.origin).then((results) => { window.results = results; }, (error) => { window.failure = String(error); });
</script>
`;

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  const dist = path.join(checkout.outputDir, 'dist');
  const files: Record<string, string> = {
    '/': page,
    '/call-every.mjs': callEveryModule('email-delivery-api'),
    '/openapi-fetch.mjs': await fs.readFile(path.join(root, 'node_modules', 'openapi-fetch', 'dist', 'index.mjs'), 'utf8'),
    '/dist/client.js': await fs.readFile(path.join(dist, 'client.js'), 'utf8'),
    '/dist/client-runtime.js': await fs.readFile(path.join(dist, 'client-runtime.js'), 'utf8'),
  };
  server = await startTestServer();
  server.reply = (request) => {
    const file = files[request.path];
    if (file !== undefined) return { status: 200, body: file, headers: { 'content-type': request.path === '/' ? 'text/html' : 'text/javascript' } };
    return { status: successStatusOf(request.method, request.target), body: '{"ok":true}', headers: { 'content-type': 'application/json' } };
  };
  if (mustRunBrowserTests) browser = await sharedChromium();
});

afterAll(async () => {
  // Disconnects: the run's Chromium goes on.
  await browser?.close();
  await server?.close();
});

describe.runIf(mustRunBrowserTests)('the built client in headless Chromium', () => {
  it('calls every operation from an ES module page: each request as the description says, each success status read', async () => {
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(String(error)));
    await tab.goto(`${server.url}/`);
    await tab.waitForFunction(() => 'results' in window || 'failure' in window);
    const outcome = await tab.evaluate(() => ({
      results: (window as unknown as { results?: unknown }).results,
      failure: (window as unknown as { failure?: string }).failure,
    }));
    expect(outcome.failure).toBeUndefined();
    expect(errors).toEqual([]);
    expect(outcome.results).toEqual(expectedResults);
    const apiRequests = server.requests.filter((request) => /^\/v[12]\//.test(request.path));
    expect(apiRequests.map(({ method, target, body }) => ({ method, target, body }))).toEqual(operations.map(expectedRequest));
    await tab.close();
  });

  it('refuses a redirect, whose target the browser hides (an opaque redirect), and a cookie parameter it cannot set', async () => {
    const tab = await browser.newPage();
    await tab.goto(`${server.url}/`);
    await tab.waitForFunction(() => 'results' in window || 'failure' in window);
    const reply = server.reply;
    const before = server.requests.length;
    server.reply = (request) => (request.path === '/v1/webhooks' ? { status: 302, headers: { location: '/v1/quotas' } } : reply(request, { destroy() {} }));
    try {
      // A string, not a function: the test runner would rewrite a function's import().
      const outcome = (await tab.evaluate(`(async () => {
        const api = await import('/dist/client.js');
        const client = api.createEmailDeliveryClient({ baseUrl: location.origin });
        const said = (error) => error.name + ': ' + error.message;
        const redirect = await api.listWebhooks(client).then(() => 'resolved', said);
        const cookie = await client.GET('/v1/quotas', { params: { cookie: { session: 's' } } }).then(() => 'resolved', said);
        return { redirect, cookie };
      })()`)) as { redirect: string; cookie: string };
      expect(outcome.redirect).toBe(
        `RedirectRefusedError: listWebhooks: the service answered with a redirect from ${server.url}/v1/webhooks, whose target this fetch hides (a browser's), so it cannot be checked to stay within the origin; it was not followed`,
      );
      expect(outcome.cookie).toMatch(/^CookieParameterError: listQuotas: cookie parameter 'session' cannot be sent: this fetch \(a browser's\)/);
      // The 302 arrived; nothing went to its target, nor with the cookie.
      expect(server.requests.slice(before).map((request) => request.target)).toEqual(['/v1/webhooks']);
    } finally {
      server.reply = reply;
      await tab.close();
    }
  });
});
