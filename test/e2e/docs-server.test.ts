// The server of `npm run docs`, on a temporary project: it serves the page, the Markdown reference
// and llms.txt beside it; the page points to its Markdown twin; and in Chromium an open page reloads
// after a good rebuild and stays as it was after a failed one. It refuses what it does not serve:
// a malformed URL (and keeps running), a method other than GET and HEAD, a Host that is not its own.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsServer, serveDocs } from '../../scripts/serve/docs-server.ts';
import { installHint, launchChromium, mustRunBrowserTests } from '../../scripts/dev/chromium.ts';
import { edit, fingerprint, recordingLog, root, type TemporaryProject, temporaryProject, withTemporaryProject } from '../support/helpers.ts';
import { copyCheckout } from '../support/repo-copy.ts';
import { runScript } from '../support/run-command.ts';

let temporary: TemporaryProject;
let server: DocsServer;
const log = recordingLog();

beforeAll(async () => {
  temporary = await temporaryProject();
  server = await serveDocs(temporary.project, 0, log);
  await server.firstBuild;
});
afterAll(async () => {
  await server?.close();
  await temporary?.remove();
});

/** Resolves once the build log has `count` lines matching `pattern` (the server rebuilds on its own). */
async function logged(pattern: RegExp, count: number): Promise<void> {
  await expect
    .poll(() => [...log.lines, ...log.errors].filter((line) => pattern.test(line)).length, { timeout: 30_000, interval: 100 })
    .toBeGreaterThanOrEqual(count);
}

/** The status (and Allow header) of a request of `target`, sent on the wire exactly as written. */
function rawStatus(target: string, options: { method?: string; host?: string } = {}): Promise<number | undefined> {
  return rawResponse(target, options).then((response) => response.status);
}
function rawResponse(target: string, { method = 'GET', host }: { method?: string; host?: string } = {}): Promise<{ status?: number; allow?: string }> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port: new URL(server.url).port, path: target, method, headers: host ? { host } : {} }, (response) => {
        response.resume();
        resolve({ status: response.statusCode, allow: response.headers.allow });
      })
      .on('error', reject)
      .end();
  });
}

describe('npm run docs serves', () => {
  it.each([
    ['/llms.txt', 'llms.txt'],
    ['/llms-full.txt', 'llms-full.txt'],
    ['/reference/README.md', 'reference/README.md'],
    ['/reference/', 'reference/README.md'],
    ['/reference/messages-and-batches.md', 'reference/messages-and-batches.md'],
  ])('%s as Markdown, the built file', async (url, file) => {
    const response = await fetch(new URL(url, server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await response.text()).toBe(await fs.readFile(path.join(temporary.project.outputDir, file), 'utf8'));
  });

  it('the bundle llms.txt links to, and nothing outside the outputs', async () => {
    expect((await fetch(new URL('/openapi.json', server.url))).headers.get('content-type')).toBe('application/json');
    // Sent as written: fetch would normalize the dots away.
    for (const target of ['/../redocly.yaml', '/reference/../../redocly.yaml', '/%2e%2e/%2e%2e/redocly.yaml'])
      expect([403, 404], target).toContain(await rawStatus(target));
  });

  it('a 404 that names what was not found and what is served, without sending to a build that exists', async () => {
    for (const target of ['/no-such-page.html', '/reference/no-such-area.md', '/reference']) {
      const response = await fetch(new URL(target, server.url));
      expect(response.status, target).toBe(404);
      expect(await response.text()).toBe(
        `not found: ${target}: the docs server serves /, the docs' other pages, /llms.txt, /llms-full.txt, /openapi.json, and /reference/ with its pages\n`,
      );
    }
  });

  it('nothing for a malformed URL (400), and keeps serving', async () => {
    expect(await rawStatus('/%')).toBe(400);
    expect(await rawStatus('/reference/%E0%A4%A.md')).toBe(400);
    expect(await rawStatus('/llms.txt')).toBe(200);
  });

  it('only GET and HEAD (405, with Allow), HEAD without a body', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'TRACE', 'OPTIONS', 'PATCH'])
      expect(await rawResponse('/llms.txt', { method }), method).toEqual({ status: 405, allow: 'GET, HEAD' });
    const head = await fetch(new URL('/llms.txt', server.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('only for its own host and port (421: a rebound DNS name gets nothing)', async () => {
    const { port } = new URL(server.url);
    expect(await rawStatus('/llms.txt', { host: `attacker.example:${port}` })).toBe(421);
    expect(await rawStatus('/llms.txt', { host: '127.0.0.1:1' })).toBe(421);
    expect(await rawStatus('/llms.txt', { host: `localhost:${port}` })).toBe(200);
    expect(await rawStatus('/llms.txt', { host: `127.0.0.1:${port}` })).toBe(200);
  });

  it('the page, with a Markdown alternate that resolves to the whole reference', async () => {
    const html = await (await fetch(server.url)).text();
    const href = /<link rel="alternate" type="text\/markdown" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    const twin = await fetch(new URL(href!, server.url));
    expect(twin.status).toBe(200);
    expect(await twin.text()).toBe(await fs.readFile(path.join(temporary.project.outputDir, 'llms-full.txt'), 'utf8'));
  });
});

describe('npm run docs refuses', () => {
  it('during the first build, a page that says it is building and reloads when it is done, never a 404', async () => {
    await withTemporaryProject(async (fresh) => {
      const building = await serveDocs(fresh.project, 0, recordingLog());
      try {
        // generated/ holds the committed files (llms.txt...), not the docs page, which only a build writes.
        const response = await fetch(building.url);
        expect(response.status).toBe(503);
        const page = await response.text();
        expect(page).toContain('<h1>Building the docs…</h1>');
        expect(page).toContain("<script>new EventSource('/__reload')");
        await building.firstBuild;
        expect((await fetch(building.url)).status).toBe(200);
      } finally {
        await building.close();
      }
    });
  });

  it('a first build that fails: its own problem lines on the page, escaped, and what to do; never a 404', async () => {
    await withTemporaryProject(async (broken) => {
      await edit(broken.dir, 'openapi/openapi.yaml', /^info:/m, 'info: [<script>');
      const unbuilt = await serveDocs(broken.project, 0, recordingLog());
      try {
        await unbuilt.firstBuild;
        const response = await fetch(unbuilt.url);
        expect(response.status).toBe(503);
        const page = await response.text();
        expect(page).toContain('<h1>The docs could not be built</h1>');
        expect(page).toMatch(/<pre>[^]*openapi\/openapi\.yaml[^]*<\/pre>/);
        // The description's text is escaped: the one script is the page's own reload script.
        expect(page.match(/<script>/g)).toHaveLength(1);
        expect(page).toContain('Fix the problem and save');
      } finally {
        await unbuilt.close();
      }
    });
  });

  it('Ctrl-C, even during the first build: "docs: stopped", exit 0', async () => {
    const copy = await copyCheckout('docs-stop');
    try {
      const docs = spawn(process.execPath, [path.join(copy, 'scripts', 'cli', 'main.ts'), 'docs', '--port', '0'], {
        cwd: copy,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      docs.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      docs.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => docs.once('exit', (code) => resolve(code)));
      await expect
        .poll(() => output, { timeout: 30_000 })
        .toMatch(/^docs: building; http:\/\/127\.0\.0\.1:\d+\/ shows a page that reloads when the build is done\n/);
      docs.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(output).toMatch(/docs: stopped\n$/);
    } finally {
      await fs.rm(copy, { recursive: true, force: true });
    }
  });

  it('a port in use: one line, exit 1, nothing built and nothing left running', async () => {
    const before = await fingerprint(path.join(root, 'generated'));
    // This file's own server holds the port. runScript returns only once the process has ended.
    const { port } = new URL(server.url);
    const result = await runScript(root, 'docs', ['--port', port]);
    expect(result.code, result.output).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`docs: listen EADDRINUSE: address already in use 127.0.0.1:${port}: give another --port (0: any free port)\n`);
    expect(await fingerprint(path.join(root, 'generated'))).toEqual(before);
  });
});

/** Replaces `file` as `sed -i` and "safe write" editors do: the new text in a temporary file, renamed over it. */
async function replaceByRename(file: string, search: string, replacement: string): Promise<void> {
  const full = path.join(temporary.dir, file);
  const text = await fs.readFile(full, 'utf8');
  if (!text.includes(search)) throw new Error(`replaceByRename: ${search} not found in ${file}`);
  await fs.writeFile(`${full}.tmp`, text.replace(search, replacement));
  await fs.rename(`${full}.tmp`, full);
}

describe('npm run docs rebuilds', () => {
  it('a file each time it is replaced by rename, not only the first time', async () => {
    const summary = async () =>
      ((await (await fetch(new URL('/openapi.json', server.url))).json()) as { paths: Record<string, { get: { summary: string } }> }).paths['/v1/webhooks'].get
        .summary;
    for (const next of ['List the webhooks', 'Fetch the webhooks']) {
      const builds = log.lines.filter((line) => line.startsWith('build: done')).length;
      const before = await summary();
      await replaceByRename('openapi/paths/v1_webhooks.yaml', `summary: ${before}`, `summary: ${next}`);
      await logged(/^build: done/, builds + 1);
      expect(await summary()).toBe(next);
    }
  });
});

if (!mustRunBrowserTests) console.warn(`docs-server.test.ts: the live-reload test is skipped: ${installHint}`);

describe.runIf(mustRunBrowserTests)('an open page', () => {
  let browser: Browser;
  let page: Page;
  let loads = 0;
  const violations: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
    page = await browser.newPage();
    page.on('load', () => (loads += 1));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused/.test(message.text())) violations.push(message.text());
    });
    await page.goto(server.url);
    await page.getByText('Messages and batches', { exact: true }).first().waitFor();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('reloads after a good rebuild, showing the change, with no policy violation', async () => {
    const before = loads;
    const builds = log.lines.filter((line) => line.startsWith('build: done')).length;
    await edit(temporary.dir, 'openapi/paths/v1_batches_id_send.yaml', 'summary: Send a batch', 'summary: Send one batch');
    await logged(/^build: done/, builds + 1);
    await expect.poll(() => loads, { timeout: 15_000 }).toBe(before + 1);
    await page.getByText('Messages and batches', { exact: true }).first().waitFor();
    // The page holds the description it renders (Redoc's inlined state).
    expect(await page.content()).toContain('Send one batch');
    expect(violations).toEqual([]);
  });

  it('keeps the last good page after a failed rebuild', async () => {
    const before = loads;
    const failures = log.errors.filter((line) => line.includes('is unchanged')).length;
    await edit(temporary.dir, 'openapi/paths/v1_batches_id_send.yaml', 'operationId: sendBatch', 'operationId: [sendBatch');
    await logged(/is unchanged/, failures + 1);
    // A reload would have come within the time the good one took; give it twice that.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(loads).toBe(before);
    expect(await page.content()).toContain('Send one batch');
  });
});
