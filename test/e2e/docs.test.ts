// The rendered reference in a real headless Chromium: loads offline from file:// and from a local
// server, lists every operation of the table, opens one with its status and TypeScript sample, finds one by
// search, makes no request to another host, and is rebuilt byte for byte the same. The docs are the
// run's fixture (fixture().docs, built once from generated/openapi.json); the browser is the run's one
// Chromium. Two builds are this file's own: the second build of determinism, and hostile Markdown.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocs, docsTitle } from '../../scripts/pipeline/build-docs.ts';
import { withCodeSamples } from '../../scripts/pipeline/code-samples.ts';
import { interfaceDocumentHtmlFile, interfaceDocumentTitle, rowAnchor, withInterfaceDocumentLinks } from '../../scripts/pipeline/interface-document.ts';
import { mcpToolsHtmlFile, mcpToolsTitle, withMcpToolsLink } from '../../scripts/pipeline/mcp-tools-page.ts';
import { areas, operations } from '../../scripts/stated/operations.ts';
import { chromiumPath, installHint, mustRunBrowserTests } from '../../scripts/dev/chromium.ts';
import { fixture, sharedChromium } from '../support/fixture.ts';
import { checkout, loadBundle, root } from '../support/helpers.ts';
import { withScratchFolder } from '../support/scratch-folder.ts';

if (!mustRunBrowserTests) console.warn(`docs.test.ts skipped: ${installHint}`);

const screenshots = path.join(root, 'test-results');
/** The fixture's build: its folder, which holds docs/index.html. */
const outDir = fixture().docs;
let html: string;
let browser: Browser;
let server: http.Server;
let serverUrl: string;

beforeAll(async () => {
  const bundle = await loadBundle();
  summaries = new Map(operations.map((row) => [row.operationId, bundle.paths[row.path][row.method].summary]));
  html = await fs.readFile(path.join(outDir, 'docs', 'index.html'), 'utf8');
  if (!mustRunBrowserTests) return;
  browser = await sharedChromium();
  server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  await fs.mkdir(screenshots, { recursive: true });
}, 120_000);

afterAll(async () => {
  for (const opened of shared.values()) await (await opened).page.close();
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

let summaries: Map<string, string>;
// How long Redoc may take to render what a click opened: seconds, on a busy two-core machine
// running the other test files at the same time (poll's default of 1 s was once too short).
const renderTimeout = 10_000;
const operationSummary = (operationId: string) => summaries.get(operationId) ?? operationId;

interface Opened {
  page: Page;
  requests: string[];
  blocked: string[];
}

/** Opens `url` and records every request the page makes and every policy violation it reports. */
async function open(url: string): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const requests: string[] = [];
  const blocked: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) blocked.push(message.text());
  });
  await page.goto(url);
  await page.getByText(areas[0], { exact: true }).first().waitFor();
  return { page, requests, blocked };
}

/**
 * `url` opened once, for the tests that only read the page or go on from where the last one left
 * it (closed after the file): a page load is the most this file's browser does.
 */
const shared = new Map<string, Promise<Opened>>();
function openShared(url: string): Promise<Opened> {
  if (!shared.has(url)) shared.set(url, open(url));
  return shared.get(url)!;
}

/** Requests to anywhere but the page itself (blob: and data: URLs are made by the page). */
function foreign(requests: string[], pageUrl: string): string[] {
  const origin = new URL(pageUrl).origin;
  return requests.filter((url) => {
    if (url.startsWith('blob:') || url.startsWith('data:')) return false;
    if (pageUrl.startsWith('file:')) return url.split('#')[0] !== pageUrl.split('#')[0];
    return new URL(url).origin !== origin;
  });
}

describe('the build', () => {
  it('is self-contained: no script, style, font or image from another host, and a policy that forbids them', () => {
    const remote = html.match(/<(script|link|img|iframe)\b[^>]*\b(src|href)="(https?:)?\/\/[^"]*"/i);
    expect(remote?.[0] ?? null).toBeNull();
    expect(html.match(/url\((['"]?)(https?:)?\/\/[^)]*\)/)?.[0] ?? null).toBeNull();
    expect(html.match(/https:\/\/cdn\.redoc\.ly\/redoc\/logo[^`'"]*/)?.[0] ?? null).toBeNull();
    const policy = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/)?.[1];
    expect(policy).toMatch(/default-src 'none'/);
    expect(policy).toMatch(/script-src 'sha256-[^']+'/);
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|https?:/);
    expect(html.length).toBeGreaterThan(100_000);
  });

  it("embeds the bundle with every operation's code samples, its links to the interface document's page and the MCP tools' page, and nothing else added", async () => {
    const embedded = html.match(/const __redoc_definition = (\{.*?\});\n/s);
    expect(embedded).not.toBeNull();
    expect(JSON.parse(embedded?.[1] ?? '{}')).toEqual(withMcpToolsLink(withInterfaceDocumentLinks(withCodeSamples(await loadBundle()))));
  });

  it('is deterministic: a second build is byte for byte the same', async () => {
    // This file's own build, the second; the fixture's is the first.
    await withScratchFolder('docs-again', async (again) => {
      await buildDocs(checkout, await loadBundle(), again);
      expect(await fs.readFile(path.join(again, 'docs', 'index.html'), 'utf8')).toBe(html);
    });
  });
});

describe.runIf(mustRunBrowserTests)(`in headless Chromium (${chromiumPath ?? 'not installed'})`, () => {
  it(`loads from file:// with the project title, the ${areas.length} areas in order, and the overview`, async () => {
    const url = pathToFileURL(path.join(outDir, 'docs', 'index.html')).href;
    const { page, requests, blocked } = await openShared(url);
    expect(await page.title()).toBe(docsTitle);
    const text = await page.locator('body').innerText();
    const positions = areas.map((area) => text.indexOf(`\n${area}\n`));
    expect(positions.every((at) => at >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(text).toContain('What this description specifies');
    expect(text).toMatch(/Authentication\s+Left open: no security scheme is declared/);
    await page.screenshot({ path: path.join(screenshots, 'docs-overview.png') });
    expect(foreign(requests, url)).toEqual([]);
    expect(blocked).toEqual([]);
  });

  it("links to what the interface document states, whose rows each operation's number links to", async () => {
    const url = pathToFileURL(path.join(outDir, 'docs', 'index.html')).href;
    const { page, requests, blocked } = await openShared(url);
    await page.locator('a[href="interface-document.html"]').first().click();
    await page.waitForURL(/interface-document\.html$/);
    expect(await page.locator('h1').innerText()).toBe(interfaceDocumentTitle);
    const listWebhooks = operations.find((row) => row.operationId === 'listWebhooks')!;
    await page.goto(`${pathToFileURL(path.join(outDir, 'docs', interfaceDocumentHtmlFile)).href}#${rowAnchor(listWebhooks.n)}`);
    expect(await page.locator('tr:target').innerText()).toContain(listWebhooks.path);
    expect(foreign(requests, url).filter((request) => !request.endsWith(interfaceDocumentHtmlFile))).toEqual([]);
    expect(blocked).toEqual([]);
  });

  it('its side pages (the tools, what the interface document states) look like it: its fonts, text and link colours, and a sidebar to every page', async () => {
    const style = (page: Page, selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const computed = getComputedStyle(element);
          return { font: computed.fontFamily, color: computed.color };
        });
    const index = pathToFileURL(path.join(outDir, 'docs', 'index.html')).href;
    // A page of its own: the shared one has gone on to another page.
    const reference = await open(index);
    const body = await style(reference.page, 'body');
    const link = await style(reference.page, `a[href="${mcpToolsHtmlFile}"]`);
    await reference.page.close();
    const tools = pathToFileURL(path.join(outDir, 'docs', mcpToolsHtmlFile)).href;
    const { page, requests, blocked } = await openShared(tools);
    expect(await style(page, 'body')).toEqual({ font: body.font, color: expect.any(String) });
    expect((await style(page, 'main a, main p')).font).toBe(body.font);
    expect(await style(page, 'nav a:not([aria-current])')).toMatchObject({ font: body.font });
    expect((await style(page, 'main')).color).toBe('rgb(59, 60, 69)');
    // A link in its body is the reference's colour (the tools' page has none of its own: one is added).
    const probe = await page.evaluate(() => {
      const a = document.querySelector('main')!.appendChild(document.createElement('a'));
      a.href = 'index.html';
      const color = getComputedStyle(a).color;
      a.remove();
      return color;
    });
    expect(probe).toBe(link.color);
    await page.screenshot({ path: path.join(screenshots, 'docs-mcp-tools.png') });
    const sidebar = page.locator('nav a');
    expect(await sidebar.allInnerTexts()).toEqual(['The reference', interfaceDocumentTitle, mcpToolsTitle, 'The reference as Markdown']);
    expect(await page.locator('nav a[aria-current="page"]').innerText()).toBe(mcpToolsTitle);
    await page.locator(`nav a[href="${interfaceDocumentHtmlFile}"]`).click();
    await page.waitForURL(/interface-document\.html$/);
    expect(await page.locator('nav a[aria-current="page"]').innerText()).toBe(interfaceDocumentTitle);
    await page.locator('nav a[href="index.html"]').click();
    await page.waitForURL(/index\.html$/);
    expect(await page.title()).toBe(docsTitle);
    expect(foreign(requests, tools).filter((request) => !/(index|interface-document)\.html$/.test(request))).toEqual([]);
    expect(blocked).toEqual([]);
  });

  it(`lists all ${operations.length} operations with method and path, shows the widest code samples whole, and makes requests only to its own host`, async () => {
    const { page, requests, blocked } = await open(serverUrl);
    const seen = new Set<number>();
    // Redoc renders an area when it is opened: open each by its sidebar link's target (a click on
    // the sidebar waits out its animation, 0.3 s an area; 'opens sendBatch from the sidebar'
    // clicks), and read the area's own parts: its section lists each operation's method and path,
    // its sidebar group each operation's summary and method.
    for (const area of areas) {
      const link = page.getByRole('link', { name: area, exact: true });
      const target = await link.getAttribute('href');
      await page.goto(`${serverUrl}#${target}`);
      const section = page.locator(`[data-section-id="${target}"]`);
      const group = page.locator('.menu-item-type-group').filter({ has: link });
      const rows = operations.filter((row) => row.area === area);
      await expect
        .poll(
          async () => {
            // Its last path ends the section's text: the line break after it, as after the others.
            const [listed, sidebar] = [`${await section.innerText()}\n`, await group.innerText()];
            return rows.filter(
              (row) =>
                listed.includes(`${row.method.toUpperCase()}\n${row.path}\n`) &&
                sidebar.includes(`${operationSummary(row.operationId)}\n${row.method.toUpperCase()}`),
            ).length;
          },
          { message: area, timeout: renderTimeout },
        )
        .toBe(rows.length);
      rows.forEach((row) => seen.add(row.n));
    }
    expect(seen.size).toBe(operations.length);

    // The widest code samples show every line without scrolling sideways in a 1280-pixel window:
    // the longest operationId, a sample with an id and a body, the longest path.
    await page.setViewportSize({ width: 1280, height: 720 });
    const widest = [
      ['metrics-reputation-engagement', 'listSubaccountEngagementScores', '/v1/engagement/subaccount-scores'],
      ['contacts-and-lists', 'replaceUnsubscribeGroup', '/v1/unsubscribe-groups/ID'],
      ['email-testing', 'getAccessibilityResult', '/v1/email-testing/accessibility/ID'],
    ];
    /** How far each code block holding `marker` scrolls sideways (0: every line shows). */
    const overflow = (marker: string) =>
      page.evaluate(
        (text) =>
          Array.from(document.querySelectorAll('pre'))
            .filter((pre) => pre.textContent?.includes(text))
            .map((pre) => pre.scrollWidth - pre.clientWidth),
        marker,
      );
    const expectNoOverflow = async (area: string, operationId: string, marker: string) => {
      await page.goto(`${serverUrl}#/${area}/${operationId.toLowerCase()}`);
      await expect.poll(() => overflow(marker), { timeout: renderTimeout, message: operationId }).not.toEqual([]);
      // Every block that holds it (an area shows all its operations: the path may stand in several).
      expect(Math.max(...(await overflow(marker))), `${operationId}: ${marker}`).toBe(0);
    };
    for (const [area, operationId] of widest) await expectNoOverflow(area, operationId, `  ${operationId},`);
    // Switch the samples to curl: the page must not fetch a highlighter or anything else.
    await page.getByRole('button', { name: 'TypeScript' }).first().click();
    await page.getByRole('menuitem', { name: 'curl' }).click();
    for (const [area, operationId, path] of widest) await expectNoOverflow(area, operationId, `"$BASE_URL${path}`);
    // And the SDKs' samples, in the area of the longest operationId (its Python call is the one
    // wrapped to fit; every line's width is code-samples.test.ts' to check): the Python client's
    // method, the Go client's.
    const sdkMarkers = [
      ['Python', (operationId: string) => `client.${operationId.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}(`],
      ['Go', (operationId: string) => `c.${operationId[0].toUpperCase()}${operationId.slice(1)}(`],
    ] as const;
    let shown = 'curl';
    for (const [label, marker] of sdkMarkers) {
      await page.getByRole('button', { name: shown }).first().click();
      await page.getByRole('menuitem', { name: label }).click();
      shown = label;
      const [area, operationId] = widest[0];
      await expectNoOverflow(area, operationId, marker(operationId));
    }
    await page.screenshot({ path: path.join(screenshots, 'docs-samples-1280.png') });
    await page.waitForLoadState('networkidle');
    expect(requests.length).toBeGreaterThan(0);
    expect(foreign(requests, serverUrl)).toEqual([]);
    expect(blocked).toEqual([]);
    await page.close();
  });

  it('opens sendBatch from the sidebar: its path, its 201 status and its TypeScript sample', async () => {
    const { page, requests } = await openShared(serverUrl);
    await page.getByText('Messages and batches', { exact: true }).first().click();
    await page.getByText('Send a batch', { exact: true }).first().click();
    await page.waitForURL(/sendbatch$/);
    const section = page.locator('[id="messages-and-batches/sendbatch"], [data-section-id*="sendbatch"]').first();
    const scope = (await section.count()) > 0 ? section : page.locator('body');
    await expect.poll(() => scope.innerText(), { timeout: renderTimeout }).toContain('/v1/batches/{id}/send');
    const text = await scope.innerText();
    expect(text).toMatch(/Responses\s+201\s+default\s+Created/);
    expect(text).toContain('TypeScript');
    expect(text).toContain('await sendBatch(client, {');
    await page.screenshot({ path: path.join(screenshots, 'docs-send-batch.png') });
    expect(foreign(requests, serverUrl)).toEqual([]);
  });

  it('search finds an operation by its summary and goes to it', async () => {
    const { page, requests } = await openShared(serverUrl);
    await page.locator('[data-testid="search-trigger"]').click();
    await page.keyboard.type('Delete a verified sender');
    const result = page.getByText('Delete a verified sender', { exact: true }).last();
    await result.waitFor();
    await expect
      .poll(() => page.getByRole('dialog').or(page.locator('body')).first().innerText(), { timeout: renderTimeout })
      .toContain('/v2/verified-senders/{id}');
    await result.click();
    await page.waitForURL(/deleteverifiedsender$/);
    await page.screenshot({ path: path.join(screenshots, 'docs-search.png') });
    expect(foreign(requests, serverUrl)).toEqual([]);
  });

  it('neutralizes hostile Markdown: scripts, event handlers and iframes in descriptions do nothing', async () => {
    const bundle = await loadBundle();
    bundle.info.description +=
      '\n\nA <script>window.__pwned = "script"</script> B <img src="x" onerror="window.__pwned = \'onerror\'"> C <iframe src="https://example.invalid/"></iframe>';
    bundle.paths['/v1/scopes'].get.description += '\n\n<a href="javascript:window.__pwned = \'link\'">click</a>';
    await withScratchFolder('docs-hostile', async (hostile) => {
      await buildDocs(checkout, bundle, hostile);
      const url = pathToFileURL(path.join(hostile, 'docs', 'index.html')).href;
      const { page, requests, blocked } = await open(url);
      await page.getByText('Account and access', { exact: true }).first().click();
      // The javascript: link, clicked: the page's policy refuses to run it, and says so. No fixed wait
      // for nothing to happen: the script, the image and its handler came with the area's render.
      await page.getByText('click', { exact: true }).first().click();
      await expect.poll(() => blocked.some((message) => message.includes('Running the JavaScript URL')), { timeout: renderTimeout }).toBe(true);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
      expect(foreign(requests, url).filter((u) => !u.endsWith('/docs/x'))).toEqual([]);
      expect(requests.filter((u) => u.includes('example.invalid'))).toEqual([]);
      expect(blocked.some((message) => message.includes("frame-src 'none'"))).toBe(true);
      await page.close();
    });
  });
});
