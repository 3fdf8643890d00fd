// The built client (generated/dist) in headless Chromium: an ES module page imports it (openapi-fetch
// through an import map, as a bundler-free app would) and calls every operation against the
// recording server on 127.0.0.1 that also serves the page, so the calls are same-origin.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installHint, launchChromium, mustRunBrowserTests } from '../../scripts/dev/chromium.ts';
import { callEveryModule, expectedRequest, expectedResults, successStatusOf } from '../support/every-operation.ts';
import { checkout, root } from '../support/helpers.ts';
import { startTestServer, type TestServer } from '../support/http-server.ts';
import { operations } from '../../scripts/lint/contract/operations.ts';

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
  if (mustRunBrowserTests) browser = await launchChromium();
});

afterAll(async () => {
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
});
