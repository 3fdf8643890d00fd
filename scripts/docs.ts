// `npm run docs [-- --port N]`: builds, serves generated/docs/ on 127.0.0.1, and rebuilds when
// openapi/ or a lint config changes. A failed rebuild keeps serving the last good docs.
import { watch } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from './build.ts';
import { generatedDir, redoclyConfigFile, root, spectralRulesetFile } from './project.ts';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8080' } } });
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`docs: --port must be a whole number from 0 to 65535, not '${values.port}'`);
  process.exit(2);
}
const docsDir = path.join(generatedDir, 'docs');
const log = { info: (line: string) => console.log(line), error: (line: string) => console.error(line) };

if (!(await build(log))) {
  try {
    await fs.access(path.join(docsDir, 'index.html'));
    console.error('docs: serving the docs from the last good build');
  } catch {
    console.error('docs: no docs to serve yet; fix the problem above and save: the docs rebuild on change');
  }
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
    response.writeHead(200, { 'content-type': file.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream', 'cache-control': 'no-store' });
    response.end(body);
  } catch {
    response.writeHead(404, { 'content-type': 'text/plain' }).end('not found: run `npm run build`\n');
  }
});
server.listen(port, '127.0.0.1', () => {
  const { port: actual } = server.address() as import('node:net').AddressInfo;
  console.log(`docs: serving http://127.0.0.1:${actual}/ (rebuilds when openapi/ changes; Ctrl-C to stop)`);
});

// Rebuild once the edits have settled; never two builds at once.
let timer: NodeJS.Timeout | undefined;
let building = false;
let again = false;
async function rebuild(): Promise<void> {
  if (building) {
    again = true;
    return;
  }
  building = true;
  await build(log);
  building = false;
  if (again) {
    again = false;
    await rebuild();
  }
}
const schedule = () => {
  clearTimeout(timer);
  timer = setTimeout(() => void rebuild(), 300);
};
watch(path.join(root, 'openapi'), { recursive: true }, schedule);
for (const file of [redoclyConfigFile, spectralRulesetFile]) watch(file, schedule);
