// `npm run docs` (scripts/commands/docs.ts), run in this process on a temporary project: during its
// first build a page that says so; then the page, the Markdown reference and llms.txt beside it; the
// page points to its Markdown twin; a file replaced by rename rebuilds each time; and in Chromium an
// open page reloads after each good rebuild and stays as it was after a failed one. It refuses what
// it does not serve: a malformed URL (and keeps running), a method other than GET and HEAD, a Host
// that is not its own, and a port in use. As a process, for what is about the process: Ctrl-C.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installHint, mustRunBrowserTests } from '../../scripts/dev/chromium.ts';
import { cloneRepository, sharedChromium } from '../support/fixture.ts';
import { edit, fingerprint, type TemporaryProject, temporaryProject, withTemporaryProject } from '../support/helpers.ts';
import { type RunResult, runCommand } from '../support/run-command.ts';

interface Docs {
  /** Where it listens, from its first line. */
  url: string;
  /** Each line it printed, with when (performance.now()). */
  lines: { text: string; at: number }[];
  /** Resolves once it prints that it serves (the first build has ended, passed or failed). */
  served: Promise<void>;
  /** Aborts its signal, as Ctrl-C does; what it printed and its exit code. */
  stop(): Promise<RunResult>;
}

/** `npm run docs -- --port 0` on the project at `dir`, in this process; resolves once it listens. */
async function startDocs(dir: string): Promise<Docs> {
  const lines: Docs['lines'] = [];
  const controller = new AbortController();
  let listening = (_url: string) => {};
  let serving = () => {};
  const url = new Promise<string>((resolve) => (listening = resolve));
  const served = new Promise<void>((resolve) => (serving = resolve));
  const result = runCommand('docs', ['--port', '0'], {
    root: dir,
    signal: controller.signal,
    onLine: (text) => {
      lines.push({ text, at: performance.now() });
      const building = /^docs: building; (\S+) shows/.exec(text);
      if (building) listening(building[1]);
      if (text.startsWith('docs: serving ')) serving();
    },
  });
  const ended = result.then((end) => Promise.reject(new Error(`docs ended before it listened (exit ${end.code}):\n${end.output}`)));
  return {
    url: await Promise.race([url, ended]),
    lines,
    served,
    stop: () => {
      controller.abort();
      return result;
    },
  };
}

let temporary: TemporaryProject;
let docs: Docs;
/** What the page's URL answered at once, while the first build ran. */
let duringFirstBuild: { status: number; text: string };

// Where browsers run, the page is open in Chromium from the first good build on (`an open page`).
let browser: Browser | undefined;
let page: Page | undefined;
const loads: number[] = [];
const violations: string[] = [];

beforeAll(async () => {
  temporary = await temporaryProject();
  docs = await startDocs(temporary.dir);
  // A build takes seconds: the page asked for at once is the one that says it is building.
  const response = await fetch(docs.url);
  duringFirstBuild = { status: response.status, text: await response.text() };
  await docs.served;
  if (!mustRunBrowserTests) return;
  browser = await sharedChromium();
  page = await browser.newPage();
  page.on('load', () => loads.push(performance.now()));
  page.on('console', (message) => {
    if (/Content Security Policy|Refused/.test(message.text())) violations.push(message.text());
  });
  await page.goto(docs.url);
  await page.getByText('Messages and batches', { exact: true }).first().waitFor();
});
afterAll(async () => {
  await page?.close();
  await browser?.close();
  await docs?.stop();
  await temporary?.remove();
});

/** How many lines so far match `pattern`. */
const count = (pattern: RegExp) => docs.lines.filter((line) => pattern.test(line.text)).length;

/** Resolves once the server has printed `count` lines matching `pattern` (it rebuilds on its own). */
async function logged(pattern: RegExp, atLeast: number): Promise<void> {
  await expect.poll(() => count(pattern), { timeout: 30_000, interval: 100 }).toBeGreaterThanOrEqual(atLeast);
}

/**
 * Resolves once the server has printed nothing for a second: a rename may reach the watcher as
 * events on either side of a build, so one edit can make a second good rebuild, and its reload.
 */
async function quiet(): Promise<void> {
  let seen = -1;
  await expect.poll(() => (seen === (seen = docs.lines.length) ? 'quiet' : 'busy'), { timeout: 30_000, interval: 1000 }).toBe('quiet');
}

/** The status (and Allow header) of a request of `target`, sent on the wire exactly as written. */
function rawStatus(target: string, options: { method?: string; host?: string } = {}): Promise<number | undefined> {
  return rawResponse(target, options).then((response) => response.status);
}
function rawResponse(target: string, { method = 'GET', host }: { method?: string; host?: string } = {}): Promise<{ status?: number; allow?: string }> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port: new URL(docs.url).port, path: target, method, headers: host ? { host } : {} }, (response) => {
        response.resume();
        resolve({ status: response.statusCode, allow: response.headers.allow });
      })
      .on('error', reject)
      .end();
  });
}

describe('npm run docs serves', () => {
  it('its lines: where it builds, then where it serves and what it rebuilds', () => {
    const { port } = new URL(docs.url);
    expect(docs.lines[0].text).toBe(`docs: building; http://127.0.0.1:${port}/ shows a page that reloads when the build is done`);
    expect(docs.lines.map((line) => line.text)).toEqual(
      expect.arrayContaining([
        `docs: serving http://127.0.0.1:${port}/, with http://127.0.0.1:${port}/llms.txt and http://127.0.0.1:${port}/reference/ beside it`,
        'docs: rebuilds when openapi/ changes and reloads the open page after a good rebuild; Ctrl-C to stop',
      ]),
    );
  });

  it.each([
    ['/llms.txt', 'llms.txt'],
    ['/llms-full.txt', 'llms-full.txt'],
    ['/reference/README.md', 'reference/README.md'],
    ['/reference/', 'reference/README.md'],
    ['/reference/messages-and-batches.md', 'reference/messages-and-batches.md'],
  ])('%s as Markdown, the built file', async (url, file) => {
    const response = await fetch(new URL(url, docs.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(await response.text()).toBe(await fs.readFile(path.join(temporary.project.outputDir, file), 'utf8'));
  });

  it('the bundle llms.txt links to, and nothing outside the outputs', async () => {
    expect((await fetch(new URL('/openapi.json', docs.url))).headers.get('content-type')).toBe('application/json');
    // Sent as written: fetch would normalize the dots away.
    for (const target of ['/../redocly.yaml', '/reference/../../redocly.yaml', '/%2e%2e/%2e%2e/redocly.yaml'])
      expect([403, 404], target).toContain(await rawStatus(target));
  });

  it('a 404 that names what was not found and what is served, without sending to a build that exists', async () => {
    for (const target of ['/no-such-page.html', '/reference/no-such-area.md', '/reference']) {
      const response = await fetch(new URL(target, docs.url));
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
    const head = await fetch(new URL('/llms.txt', docs.url), { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('only for its own host and port (421: a rebound DNS name gets nothing)', async () => {
    const { port } = new URL(docs.url);
    expect(await rawStatus('/llms.txt', { host: `attacker.example:${port}` })).toBe(421);
    expect(await rawStatus('/llms.txt', { host: '127.0.0.1:1' })).toBe(421);
    expect(await rawStatus('/llms.txt', { host: `localhost:${port}` })).toBe(200);
    expect(await rawStatus('/llms.txt', { host: `127.0.0.1:${port}` })).toBe(200);
  });

  it('the page, with a Markdown alternate that resolves to the whole reference', async () => {
    const html = await (await fetch(docs.url)).text();
    const href = /<link rel="alternate" type="text\/markdown" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    const twin = await fetch(new URL(href!, docs.url));
    expect(twin.status).toBe(200);
    expect(await twin.text()).toBe(await fs.readFile(path.join(temporary.project.outputDir, 'llms-full.txt'), 'utf8'));
  });
});

describe('npm run docs refuses', () => {
  it('during the first build, a page that says it is building and reloads when it is done, never a 404', async () => {
    // generated/ holds the committed files (llms.txt...), not the docs page, which only a build writes.
    expect(duringFirstBuild.status).toBe(503);
    expect(duringFirstBuild.text).toContain('<h1>Building the docs…</h1>');
    expect(duringFirstBuild.text).toContain("<script>new EventSource('/__reload')");
    expect((await fetch(docs.url)).status).toBe(200);
  });

  it('a first build that fails: its own problem lines on the page, escaped, and what to do; never a 404', async () => {
    await withTemporaryProject(async (broken) => {
      await edit(broken.dir, 'openapi/openapi.yaml', /^info:/m, 'info: [<script>');
      const unbuilt = await startDocs(broken.dir);
      try {
        await unbuilt.served;
        const response = await fetch(unbuilt.url);
        expect(response.status).toBe(503);
        const page = await response.text();
        expect(page).toContain('<h1>The docs could not be built</h1>');
        expect(page).toMatch(/<pre>[^]*openapi\/openapi\.yaml[^]*<\/pre>/);
        // The description's text is escaped: the one script is the page's own reload script.
        expect(page.match(/<script>/g)).toHaveLength(1);
        expect(page).toContain('Fix the problem and save');
      } finally {
        const stopped = await unbuilt.stop();
        expect(stopped.code, stopped.output).toBe(0);
        expect(stopped.stdout).toMatch(/docs: stopped\n$/);
      }
    });
  });

  it('Ctrl-C to the process, even during the first build: "docs: stopped", exit 0', async () => {
    const clone = await cloneRepository('docs-stop');
    try {
      const child = spawn(process.execPath, [path.join(clone.dir, 'scripts', 'cli', 'main.ts'), 'docs', '--port', '0'], {
        cwd: clone.dir,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      await expect
        .poll(() => output, { timeout: 30_000 })
        .toMatch(/^docs: building; http:\/\/127\.0\.0\.1:\d+\/ shows a page that reloads when the build is done\n/);
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(output).toMatch(/docs: stopped\n$/);
    } finally {
      await clone.remove();
    }
  });

  it('a port in use: one line, exit 1, nothing built and nothing left running', async () => {
    const before = await fingerprint(temporary.project.outputDir);
    // This file's own server holds the port. The command's promise settles only once it has ended;
    // on this file's project, and stopped in time, should it ever serve.
    const { port } = new URL(docs.url);
    const result = await runCommand('docs', ['--port', port], { root: temporary.dir, signal: AbortSignal.timeout(60_000) });
    expect(result.code, result.output).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`docs: listen EADDRINUSE: address already in use 127.0.0.1:${port}: give another --port (0: any free port)\n`);
    expect(await fingerprint(temporary.project.outputDir)).toEqual(before);
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

/** After each good rebuild by rename, how long the open page took to reload (undefined: it did not within 15 s). */
const reloadedAfter: (number | undefined)[] = [];

describe('npm run docs rebuilds', () => {
  it('a file each time it is replaced by rename, not only the first time', async () => {
    const summary = async () =>
      ((await (await fetch(new URL('/openapi.json', docs.url))).json()) as { paths: Record<string, { get: { summary: string } }> }).paths['/v1/webhooks'].get
        .summary;
    for (const next of ['List the webhooks', 'Fetch the webhooks']) {
      const builds = count(/^build: done/);
      const reloads = loads.length;
      const before = await summary();
      await replaceByRename('openapi/paths/v1_webhooks.yaml', `summary: ${before}`, `summary: ${next}`);
      await logged(/^build: done/, builds + 1);
      expect(await summary()).toBe(next);
      // Where the page is open (an open page, below), its reload is awaited before the next edit, and timed.
      if (page) {
        const done = docs.lines.filter((line) => line.text.startsWith('build: done')).at(-1)!.at;
        const reloaded = await expect
          .poll(() => loads.length, { timeout: 15_000 })
          .toBeGreaterThan(reloads)
          .then(
            () => loads.at(-1)! - done,
            () => undefined,
          );
        reloadedAfter.push(reloaded);
      }
    }
  });
});

if (!mustRunBrowserTests) console.warn(`docs-server.test.ts: the live-reload tests are skipped: ${installHint}`);

describe.runIf(mustRunBrowserTests)('an open page', () => {
  it('reloaded after each good rebuild (the two by rename above), showing the change, with no policy violation', async () => {
    expect(reloadedAfter).toHaveLength(2);
    expect(reloadedAfter.every((took) => took !== undefined)).toBe(true);
    await page!.getByText('Messages and batches', { exact: true }).first().waitFor();
    // The page holds the description it renders (Redoc's inlined state).
    expect(await page!.content()).toContain('Fetch the webhooks');
    expect(violations).toEqual([]);
  });

  it('keeps the last good page after a failed rebuild', async () => {
    await quiet();
    const before = loads.length;
    const failures = count(/is unchanged/);
    await edit(temporary.dir, 'openapi/paths/v1_batches_id_send.yaml', 'operationId: sendBatch', 'operationId: [sendBatch');
    await logged(/is unchanged/, failures + 1);
    // A reload would have come within the time the good ones took; give it twice that.
    await new Promise((resolve) => setTimeout(resolve, Math.max(2 * Math.max(...reloadedAfter.map((took) => took ?? 0)), 500)));
    expect(loads.length).toBe(before);
    expect(await page!.content()).toContain('Fetch the webhooks');
  });
});
