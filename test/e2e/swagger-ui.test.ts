// Swagger UI 5.35.0, which many users open a description in, on the 3.1 bundle in a real Chromium:
// "Try it out" on an operation with `{id}` sends the id the user typed, as one encoded path segment
// (with the shared parameter at the path level it showed a nameless "any ()" field and sent
// `%7Bid%7D` whatever was typed). The browser is the run's one Chromium (fixture.ts).
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installHint, mustRunBrowserTests } from '../../scripts/dev/chromium.ts';
import { sharedChromium } from '../support/fixture.ts';
import { checkout, root } from '../support/helpers.ts';

if (!mustRunBrowserTests) console.warn(`swagger-ui.test.ts skipped: ${installHint}`);

const dist = path.join(root, 'node_modules', 'swagger-ui-dist');
const page = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/swagger-ui-bundle.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#ui', tryItOutEnabled: true });</script></body></html>`;

let server: http.Server;
let url = '';
let browser: Browser | undefined;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const send = (type: string, body: string | Buffer) => response.writeHead(200, { 'content-type': type }).end(body);
    if (name === '/') return send('text/html', page);
    if (name === '/openapi.json') return void fs.readFile(path.join(checkout.outputDir, 'openapi.json')).then((body) => send('application/json', body));
    if (['/swagger-ui.css', '/swagger-ui-bundle.js'].includes(name))
      return void fs.readFile(path.join(dist, name)).then((body) => send(name.endsWith('.css') ? 'text/css' : 'text/javascript', body));
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  if (mustRunBrowserTests) browser = await sharedChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe.runIf(mustRunBrowserTests)('Swagger UI 5.35.0 on the 3.1 bundle', () => {
  it.each([['getIntegration', 'GET', '/v1/integrations/{id}', 'int 1/x']])(
    '"Try it out" on %s sends the typed id as one encoded segment',
    async (operationId, method, template, id) => {
      const tab = await browser!.newPage();
      try {
        const sent: string[] = [];
        // The description's server is the local mock: its calls are answered here, and recorded.
        await tab.route('http://127.0.0.1:4010/**', (route) => {
          sent.push(new URL(route.request().url()).pathname);
          return route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
        });
        await tab.goto(url);
        const operation = tab.locator(`#operations-${encodeURIComponent('Integrations')}-${operationId}`).first();
        const block = (await operation.count()) > 0 ? operation : tab.locator(`.opblock:has(.opblock-summary-path[data-path="${template}"])`).first();
        await block.locator('.opblock-summary').first().click();
        const input = block.locator('input[placeholder="id"], tr[data-param-name="id"] input').first();
        await input.fill(id);
        await block.locator('button.execute').click();
        await expect.poll(() => sent, { timeout: 15_000 }).toHaveLength(1);
        expect(method).toBe('GET');
        expect(sent[0]).toBe(template.replace('{id}', encodeURIComponent(id)));
      } finally {
        await tab.close();
      }
    },
    60_000,
  );
});
