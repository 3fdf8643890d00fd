// The docs server of `npm run docs`: builds the project, serves its rendered docs on 127.0.0.1 with
// the Markdown reference beside them (/llms.txt, /llms-full.txt, /reference/, /openapi.json; a
// folder's URL serves its index.html or README.md), and rebuilds when the source or a lint config
// changes. An open page reloads after a good rebuild; a failed rebuild keeps serving, and showing,
// the last good docs. Never two builds at once. Any web page in the maintainer's browser can send
// it requests: it answers only GET and HEAD (405), only for its own loopback host and port (421,
// against DNS rebinding), and a malformed URL gets 400.
// Its files are served here, not by sirv, which serves a folder's files as they are: each page gets the reload script, only named outputs of generated/ are served, /reference/ is README.md, .txt is Markdown.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { forHtml, forTerminal } from '../escape.ts';
import { build, type BuildLog } from '../pipeline/build.ts';
import type { Project } from '../project.ts';
import { watchPaths, type Watching } from './watch-folders.ts';

export interface DocsServer {
  url: string;
  /** Settles when the first build has ended (passed or failed) and changes are watched; until then a page request gets the building page. */
  firstBuild: Promise<void>;
  close(): Promise<void>;
}

/** Where the first build is: running, or ended, with the problem lines it printed when it failed. */
interface FirstBuild {
  running: boolean;
  problems: string[];
}

/**
 * Listens on 127.0.0.1:`port` (rejects with Node's error, EADDRINUSE and the like, before anything
 * is built or watched), then builds, answering meanwhile with a page that says so and reloads when
 * the build ends; then rebuilds on change.
 */
export async function serveDocs(project: Project, port: number, log: BuildLog): Promise<DocsServer> {
  const reloads = new Set<http.ServerResponse>();
  const hosts: string[] = [];
  const first: FirstBuild = { running: true, problems: [] };
  const server = http.createServer(requestHandler(project, reloads, hosts, first));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const listening = (server.address() as AddressInfo).port;
  hosts.push(`127.0.0.1:${listening}`, `localhost:${listening}`);
  let watching: Watching | undefined;
  let closed = false;
  // The problem lines the first build prints are kept for the page that says it failed.
  const recording: BuildLog = {
    info: (line) => log.info(line),
    error: (line) => {
      if (first.problems.length < maxProblemLines) first.problems.push(line);
      log.error(line);
    },
  };
  const firstBuild = initialBuild(project, recording)
    .then(() => {
      if (closed) return;
      watching = rebuildOnChange(project, log, reloads);
      return watching.ready;
    })
    .catch((error: unknown) => {
      // A build that throws (not one that fails): its message on the page, and nothing watched.
      first.problems.push(`docs: the build stopped: ${error instanceof Error ? error.message : String(error)}`);
      log.error(first.problems.at(-1)!);
    })
    .finally(() => {
      first.running = false;
      for (const open of reloads) open.write('event: reload\ndata: \n\n');
    });
  return {
    url: `http://127.0.0.1:${listening}/`,
    firstBuild,
    async close() {
      // A first build still running ends on its own (into its staging folder); nothing is watched after.
      closed = true;
      await watching?.close();
      for (const open of reloads) open.end();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Whether a build has left docs to serve (generated/docs/index.html). */
const docsBuilt = (project: Project): Promise<boolean> =>
  fs.access(path.join(project.outputDir, 'docs', 'index.html')).then(
    () => true,
    () => false,
  );

const maxProblemLines = 200;

/** The first build; a failed one says what is served meanwhile. */
async function initialBuild(project: Project, log: BuildLog): Promise<void> {
  if (await build(project, log, { rootOutputs: true })) return;
  log.error(
    (await docsBuilt(project))
      ? 'docs: serving the docs from the last good build'
      : 'docs: no docs to serve yet; fix the problem above and save: the docs rebuild on change',
  );
}

/** Answers one request: a refusal, the reload event stream (kept in `reloads`), or a served file. `hosts`: the hosts it answers for. */
function requestHandler(project: Project, reloads: Set<http.ServerResponse>, hosts: string[], first: FirstBuild): http.RequestListener {
  return async (request, response) => {
    const refusal = refused(request, hosts);
    if (refusal) {
      response.writeHead(refusal.status, { 'content-type': 'text/plain', ...refusal.headers }).end(`${refusal.reason}\n`);
      return;
    }
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (pathname === reloadPath) {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      response.write(': waiting for a good rebuild\n\n');
      reloads.add(response);
      request.on('close', () => reloads.delete(response));
      return;
    }
    const files = servedFiles(project, pathname);
    if (!files) {
      response.writeHead(403).end();
      return;
    }
    const found = await firstReadable(files);
    if (!found && (first.running || first.problems.length > 0) && !(await docsBuilt(project))) {
      // No docs yet, and the first build is running or failed: a page that says which, and reloads.
      response.writeHead(503, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '2' });
      response.end(request.method === 'HEAD' ? undefined : waitingPage(first));
      return;
    }
    if (!found) {
      response
        .writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' })
        .end(`${await notFound(project, pathname)}\n`);
      return;
    }
    const { file, body } = found;
    response.writeHead(200, { 'content-type': contentType(file), 'cache-control': 'no-store' });
    response.end(request.method === 'HEAD' ? undefined : file.endsWith('.html') ? withLiveReload(body.toString('utf8')) : body);
  };
}

/** The first of `files` that can be read, with its bytes. */
async function firstReadable(files: string[]): Promise<{ file: string; body: Buffer } | undefined> {
  for (const file of files) {
    const body = await fs.readFile(file).catch(() => undefined);
    if (body) return { file, body };
  }
  return undefined;
}

/** What a 404 says: the path not found, and what is served; to fix the build only when there is none yet. */
async function notFound(project: Project, pathname: string): Promise<string> {
  const what = `not found: ${forTerminal(pathname)}`;
  if (!(await docsBuilt(project))) return `${what}: nothing is built yet; fix the problem the build printed and save: the docs rebuild on change`;
  return `${what}: the docs server serves /, the docs' other pages, /llms.txt, /llms-full.txt, /openapi.json, and /reference/ with its pages`;
}

/** Rebuilds when the source or a lint config changes (never two builds at once), then tells each open page to reload. */
function rebuildOnChange(project: Project, log: BuildLog, reloads: Set<http.ServerResponse>): Watching {
  let timer: NodeJS.Timeout | undefined;
  let building = false;
  let again = false;
  const rebuild = async (): Promise<void> => {
    if (building) {
      again = true;
      return;
    }
    building = true;
    const good = await build(project, log, { rootOutputs: true });
    building = false;
    if (good) for (const open of reloads) open.write('event: reload\ndata: \n\n');
    if (again) {
      again = false;
      await rebuild();
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), 300); // once the edits have settled
  };
  const watching = watchPaths([path.dirname(project.sourceEntry), project.redoclyConfig, project.spectralRuleset], schedule, (line) => log.error(line));
  return {
    ready: watching.ready,
    close() {
      clearTimeout(timer);
      return watching.close();
    },
  };
}

/** Why a request is not served, if it is not: a method other than GET or HEAD, another host, a malformed URL. */
function refused(request: http.IncomingMessage, hosts: string[]): { status: number; reason: string; headers?: Record<string, string> } | undefined {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return { status: 405, reason: 'method not allowed: the docs server answers GET and HEAD', headers: { allow: 'GET, HEAD' } };
  if (!hosts.includes(request.headers.host ?? '')) return { status: 421, reason: `misdirected request: this server answers only for ${hosts.join(' and ')}` };
  try {
    decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  } catch {
    return { status: 400, reason: 'bad request: the URL is malformed' };
  }
  return undefined;
}

/**
 * The page served while there are no docs: the first build is running (it reloads when the build
 * ends), or it failed (its problem lines, escaped; it reloads after the next good rebuild).
 */
function waitingPage(first: FirstBuild): string {
  const body = first.running
    ? '<h1>Building the docs…</h1>\n<p>This page reloads when the build is done.</p>'
    : `<h1>The docs could not be built</h1>\n<p>The build printed:</p>\n<pre>${forHtml(first.problems.join('\n'))}</pre>\n<p>Fix the problem and save: the docs rebuild on change, and this page reloads after a good build.</p>`;
  const policy = `default-src 'none'; script-src ${reloadScriptHash}; connect-src 'self'; style-src 'unsafe-inline'`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<title>Email Delivery Service API docs: ${first.running ? 'building' : 'build failed'}</title>
<style>body { font-family: sans-serif; margin: 2rem; } pre { white-space: pre-wrap; }</style>
</head>
<body>
${body}
<script>${reloadScript}</script>
</body>
</html>
`;
}

/** The event stream an open page listens on; it hears `reload` after each good rebuild. */
const reloadPath = '/__reload';
const reloadScript = `new EventSource('${reloadPath}').addEventListener('reload', () => location.reload());`;
const reloadScriptHash = `'sha256-${createHash('sha256').update(reloadScript).digest('base64')}'`;

/**
 * The served page with the reload script added, and its Content-Security-Policy widened for it
 * alone: the script's hash, and connections to this server. generated/docs/index.html is unchanged.
 */
export function withLiveReload(html: string): string {
  const policy = /(<meta http-equiv="Content-Security-Policy" content=")([^"]*)(")/;
  // The last </body>: Redoc's inlined scripts hold the string too.
  const end = html.lastIndexOf('</body>');
  if (!policy.test(html) || end === -1) throw new Error('docs: the page has no Content-Security-Policy or </body>: build-docs output changed shape');
  const withPolicy = (page: string) =>
    page.replace(
      policy,
      (_, open: string, content: string, close: string) =>
        `${open}${content.replace('script-src ', `script-src ${reloadScriptHash} `).replace('connect-src ', "connect-src 'self' ")}${close}`,
    );
  return withPolicy(`${html.slice(0, end)}<script>${reloadScript}</script>\n${html.slice(end)}`);
}

/**
 * The files a request path may name, served the first that exists: the docs page, or the Markdown
 * reference and bundle beside it; for a folder's URL (ending in /), its index.html or README.md.
 * None for a path outside them.
 */
function servedFiles(project: Project, pathname: string): string[] | undefined {
  const docsDir = path.join(project.outputDir, 'docs');
  const beside = ['/llms.txt', '/llms-full.txt', '/openapi.json'].includes(pathname) || /^\/reference\/([\w-]+\.md)?$/.test(pathname);
  const file = beside ? path.join(project.outputDir, pathname) : path.join(docsDir, pathname);
  if (!beside && !file.startsWith(docsDir + path.sep)) return undefined;
  return pathname.endsWith('/') ? ['index.html', 'README.md'].map((name) => path.join(file, name)) : [file];
}

function contentType(file: string): string {
  if (file.endsWith('.html')) return 'text/html; charset=utf-8';
  if (file.endsWith('.md') || file.endsWith('.txt')) return 'text/markdown; charset=utf-8';
  if (file.endsWith('.json')) return 'application/json';
  return 'application/octet-stream';
}
