// `npm run learn` in process (runCommand): each bad input a clear message naming the file (and the
// line or record), a non-zero exit, and nothing written (an --out that existed is left as it was);
// a 100 MB body streams by without being held; 10,000 exchanges are learned.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { harEntry, harText } from '../support/har.ts';
import { runCommand } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

const scratch = scratchFolderPerFile('learn-command');
const before = 'what was there before\n';

/** Runs learn on `text` (written to `name` in the scratch folder); --out holds `before` first. */
async function learnOn(name: string, text: string | undefined, extra: string[] = []) {
  const dir = await fsp.mkdtemp(path.join(scratch.dir, 'case-'));
  if (text !== undefined) await fsp.writeFile(path.join(dir, name), text);
  await fsp.writeFile(path.join(dir, 'out.yaml'), before);
  const result = await runCommand('learn', ['--traffic', name, '--out', 'out.yaml', ...extra], { cwd: dir });
  return { ...result, out: await fsp.readFile(path.join(dir, 'out.yaml'), 'utf8'), dir };
}

describe('npm run learn refuses, and writes nothing', () => {
  const entry = JSON.stringify(harEntry({ url: '/v1/quotas', response: { limit: 1 } }));
  it.each([
    [
      'a truncated HAR',
      'cut.har',
      `{"log": {"entries": [\n${entry},\n${entry.slice(0, 90)}`,
      'learn: cut.har:3: the file ends inside record 2, which starts at line 3: it is truncated',
    ],
    ['an empty log', 'empty.ndjson', '', 'learn: empty.ndjson holds no exchange (an empty log, or not a HAR, JSON or NDJSON traffic file)'],
    [
      'a log line that is not JSON',
      'bad.ndjson',
      `${entry}\n{"request": {"method": "GET", "url": "/v1/scopes"} oops}\n`,
      'learn: bad.ndjson: record 2 (line 2) is not JSON',
    ],
    ['text that is no traffic', 'access.log', '127.0.0.1 - - "GET /v1/quotas HTTP/1.1" 200\n', 'learn: access.log:1: not JSON here'],
    ['a file that is not there', 'missing.har', undefined, 'learn: missing.har: no such file or folder'],
    [
      'only paths the description lacks',
      'other.har',
      harText([{ url: '/v9/elsewhere' }]),
      'learn: no exchange matches an operation of the description: nothing learned, nothing written',
    ],
    [
      'a gateway log under a path prefix not given',
      'gateway.log',
      '{"request_method":"GET","request_uri":"/email/v1/scopes?x=1","status":200}\r\n{"request_method":"GET","request_uri":"/email/v1/quotas","status":200}\r\n',
      'learn:   2 of them match under the path prefix /email: give it, --base-url https://<host>/email',
    ],
  ])('%s', async (_name, file, text, message) => {
    const { code, output, out } = await learnOn(file, text);
    expect(code).toBe(1);
    expect(output).toContain(message);
    expect(out).toBe(before);
  });

  it.each([
    [['--traffic', 'x.har'], 'learn: --out <overlay.yaml> is required'],
    [['--traffic', 'x.har', '--out', 'x.har'], 'learn: --out names one of the inputs'],
    [['--traffic', 'x.har', '--out', 'generated/learned.yaml'], 'learn: --out is inside generated/ or openapi/'],
    [['--traffic', 'x.har', '--out', 'o.yaml', '--base-url', 'api.example.com'], 'learn: --base-url "api.example.com" has no scheme'],
  ])('%j: a usage error, exit 2', async (args, message) => {
    const { code, stderr } = await runCommand('learn', args);
    expect(code).toBe(2);
    expect(stderr).toContain(message);
  });
});

describe('npm run learn within bounds', () => {
  it('streams past a 100 MB body (counted, not held) and learns the rest', async () => {
    const dir = await fsp.mkdtemp(path.join(scratch.dir, 'big-'));
    const file = path.join(dir, 'big.har');
    const stream = fs.createWriteStream(file);
    const write = (text: string) => new Promise<void>((resolve) => (stream.write(text) ? resolve() : stream.once('drain', () => resolve())));
    const [head, tail] = JSON.stringify(harEntry({ url: '/v1/quotas', response: 'BODY' })).split('"BODY"');
    await write(`{"log": {"entries": [${head}"`);
    const chunk = 'x'.repeat(1024 * 1024);
    for (let i = 0; i < 100; i++) await write(chunk);
    await write(`"${tail},\n${JSON.stringify(harEntry({ url: '/v1/quotas', response: { used: 1 } }))}]}}`);
    await new Promise((resolve) => stream.end(resolve));
    const before = process.memoryUsage().rss;
    const { code, stdout } = await runCommand('learn', ['--traffic', file, '--out', path.join(dir, 'out.yaml')]);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
    expect(code).toBe(0);
    expect(stdout).toContain('1 record holds no exchange: over 8388608 bytes as JSON (the first:');
    expect(await fsp.readFile(path.join(dir, 'out.yaml'), 'utf8')).toContain('used:');
  });

  it('learns 10,000 exchanges of a folder (HAR and NDJSON), non-JSON bodies counted', async () => {
    const dir = await fsp.mkdtemp(path.join(scratch.dir, 'many-'));
    await fsp.mkdir(path.join(dir, 'traffic'));
    const exchanges = Array.from({ length: 5000 }, (_, i) => ({ url: `/v1/integrations/int_${i}?page=${i}`, response: { id: `int_${i}`, n: i, tags: ['t'] } }));
    await fsp.writeFile(path.join(dir, 'traffic', 'a.har'), harText(exchanges));
    await fsp.writeFile(
      path.join(dir, 'traffic', 'b.ndjson'),
      exchanges.map((e, i) => JSON.stringify(harEntry(i % 2 ? e : { ...e, response: 'x', responseType: 'text/plain' }))).join('\n'),
    );
    await fsp.writeFile(path.join(dir, 'traffic', 'notes.txt'), 'not traffic');
    const { code, stdout } = await runCommand('learn', ['--traffic', 'traffic', '--out', 'out.yaml'], { cwd: dir });
    expect(code).toBe(0);
    expect(stdout).toContain('learn: read 10000 exchanges from 2 files');
    expect(stdout).toContain('learn: left out 1 file that are not traffic files by name: traffic/notes.txt');
    expect(stdout).toContain('learn: getIntegration: 2500 response bodies not learned: not JSON (text/plain)');
    const text = await fsp.readFile(path.join(dir, 'out.yaml'), 'utf8');
    expect(text).toContain('x-observed: 7500');
    expect(text).not.toMatch(/int_\d/);
  });
});
