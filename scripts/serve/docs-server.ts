// The docs server of `npm run docs`: builds the project, serves its rendered docs on 127.0.0.1,
// and rebuilds when the source or a lint config changes. A failed rebuild keeps serving the last
// good docs. Never two builds at once.
import { watch } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build, type BuildLog } from '../build/build.ts';
import type { Project } from '../project.ts';

export interface DocsServer {
  url: string;
  close(): Promise<void>;
}

export async function serveDocs(project: Project, port: number, log: BuildLog): Promise<DocsServer> {
  const docsDir = path.join(project.outputDir, 'docs');
  if (!(await build(project, log))) {
    const hasDocs = await fs.access(path.join(docsDir, 'index.html')).then(
      () => true,
      () => false,
    );
    log.error(
      hasDocs ? 'docs: serving the docs from the last good build' : 'docs: no docs to serve yet; fix the problem above and save: the docs rebuild on change',
    );
  }
  const server = http.createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.join(docsDir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(docsDir + path.sep)) {
      response.writeHead(403).end();
      return;
    }
    try {
      const body = await fs.readFile(file);
      response.writeHead(200, {
        'content-type': file.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream',
        'cache-control': 'no-store',
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: run `npm run build`\n');
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  let timer: NodeJS.Timeout | undefined;
  let building = false;
  let again = false;
  const rebuild = async (): Promise<void> => {
    if (building) {
      again = true;
      return;
    }
    building = true;
    await build(project, log);
    building = false;
    if (again) {
      again = false;
      await rebuild();
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), 300); // once the edits have settled
  };
  const watchers = [
    watch(path.dirname(project.sourceEntry), { recursive: true }, schedule),
    ...[project.redoclyConfig, project.spectralRuleset].map((file) => watch(file, schedule)),
  ];
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    async close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
