// Reading recorded traffic, in process: the framer splits a file into records (a HAR's entries, a
// JSON array's items, NDJSON lines) whatever the chunks, keeps none larger than its cap, and names
// the line where a file is cut short; a record of any format Redocly reads becomes one exchange;
// an exchange matches the operation of the description's own path template, whatever its host.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { exchangeOf } from '../../scripts/learn/exchange.ts';
import { operationMatcher } from '../../scripts/learn/match-operation.ts';
import { FramingError, RecordFramer, type RecordPlace } from '../../scripts/learn/record-framer.ts';
import { readTraffic, sampled } from '../../scripts/learn/read-traffic.ts';
import { readingLines } from '../../scripts/learn/learn.ts';
import { harEntry, harText } from '../support/har.ts';
import { withScratchFolder } from '../support/scratch-folder.ts';
import { loadBundle } from '../support/helpers.ts';

/** The records `text` frames into, fed in chunks of `size` bytes: each object as its parsed value, any other as `[why]`. */
function frame(text: string, size = 7, maxRecordBytes = 1000, select?: (place: RecordPlace) => boolean): unknown[] {
  const records: unknown[] = [];
  const framer = new RecordFramer({
    maxRecordBytes,
    maxDepth: 16,
    ...(select ? { select } : {}),
    onRecord: (record) =>
      records.push(record.kind === 'object' ? record.value : record.kind === 'not an object' ? `[not an object: ${record.what}]` : `[${record.kind}]`),
  });
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) framer.push(bytes.subarray(at, at + size));
  framer.end();
  return records;
}

describe('the framer', () => {
  const a = { request: { method: 'GET', url: '/v1/quotas' } };
  const b = { req: { method: 'GET', uri: '/v1/scopes', headers: { 'x-a': '"}{[' } }, res: { statusCode: 200 } };
  it.each([
    ['a HAR: its log.entries, whatever comes before them', JSON.stringify({ log: { version: '1.2', pages: [{ id: '{' }], entries: [a, b] } }), [a, b]],
    ['a HAR with its entries before its version, pretty-printed', JSON.stringify({ log: { entries: [a], version: '1.2' } }, null, 2), [a]],
    ['a JSON array (a Kong or webserver JSON log)', JSON.stringify([a, b]), [a, b]],
    ['NDJSON, one object a line', `${JSON.stringify(a)}\n${JSON.stringify(b)}\n`, [a, b]],
    ['NDJSON with a byte-order mark and blank lines', `\ufeff${JSON.stringify(a)}\n\n${JSON.stringify(b)}`, [a, b]],
    ['a single record', JSON.stringify(b), [b]],
    ['an empty log', '', []],
    ['a HAR with no entries', JSON.stringify({ log: { version: '1.2', entries: [] } }), []],
    ['a string with escaped quotes and braces', JSON.stringify([{ q: 'a\\"}{"]' }]), [{ q: 'a\\"}{"]' }]],
    ['a HAR written an entry a line', `{"log": {"version": "1.2", "entries": [\n${JSON.stringify(a)},\n${JSON.stringify(b)}\n]}}\n`, [a, b]],
    ['a HAR on one line', `${JSON.stringify({ log: { entries: [a, b] } })}\n`, [a, b]],
    ['a HAR whose pages come after its entries: they are no records', JSON.stringify({ log: { entries: [a], pages: [{ id: 'p', title: 't' }] } }), [a]],
    [
      'NDJSON with a record over two lines',
      `${JSON.stringify(a)}\n{"req":\n {"method": "GET", "uri": "/v1/scopes"}}\n${JSON.stringify(a)}\n`,
      [a, { req: { method: 'GET', uri: '/v1/scopes' } }, a],
    ],
    ['NDJSON with two records on a line', `${JSON.stringify(a)} ${JSON.stringify(b)}\n${JSON.stringify(a)}\n`, [a, b, a]],
  ])('%s', (_name, text, want) => {
    expect(frame(text)).toEqual(want);
    expect(frame(text, 1)).toEqual(want);
    // Whole: each record alone on its line is parsed as a line, the others scanned.
    expect(frame(text, 1 << 20)).toEqual(want);
  });

  // Found by the fourth security review (issue 57, finding 9): a HAR's entries that were not objects were dropped without a word.
  it.each([
    [
      "a HAR's entries",
      JSON.stringify({ log: { entries: ['x', 1, null, [1, { a: 1 }], true, a] } }),
      ['[not an object: a string]', '[not an object: a number]', '[not an object: null]', '[not an object: a list]', '[not an object: true or false]', a],
    ],
    ["a JSON array's items", JSON.stringify([-2.5e3, 'y', a, []]), ['[not an object: a number]', '[not an object: a string]', a, '[not an object: a list]']],
    [
      'NDJSON lines',
      `"x"\n42\nnull\nfalse\n${JSON.stringify(a)}\n[1, "z"]\n`,
      [
        '[not an object: a string]',
        '[not an object: a number]',
        '[not an object: null]',
        '[not an object: true or false]',
        a,
        '[not an object: a number]',
        '[not an object: a string]',
      ],
    ],
  ])('counts every record of %s that is not an object, each as what it is', (_name, text, want) => {
    expect(frame(text)).toEqual(want);
    expect(frame(text, 1)).toEqual(want);
    expect(frame(text, 1 << 20)).toEqual(want);
  });

  // Found by the review of issue 60: a record with `log` at its top (a container's log line, a shipper's record)
  // was taken for a HAR and dropped without a word, whatever `log` held.
  it.each([
    ['NDJSON', (record: unknown) => JSON.stringify(record)],
    ['NDJSON pretty-printed', (record: unknown) => JSON.stringify(record, null, 2)],
  ])('counts each record of %s whose `log` is not a HAR log: text is a field, an object without entries a record of its own', (_name, write) => {
    const docker = { log: 'GET /v1/quotas 200\n', stream: 'stdout' };
    const shipped = { log: { file: { path: '/var/log/x' } }, http: { request: { method: 'GET' } } };
    const text = `${[a, docker, shipped, a].map(write).join('\n')}\n`;
    const want = [a, docker, '[a log without entries]', a];
    expect(frame(text)).toEqual(want);
    expect(frame(text, 1)).toEqual(want);
    expect(frame(text, 1 << 20)).toEqual(want);
  });

  it('takes the same sample of records whether they are parsed by line or scanned, in NDJSON or a HAR', () => {
    const records = Array.from({ length: 60 }, (_, i) => ({ request: { method: 'GET', url: `/v1/quotas?i=${i}` } }));
    const select = (place: RecordPlace) => sampled(place.index, 3);
    const taken = records.filter((_, i) => sampled(i, 3));
    expect(taken.length).toBeGreaterThan(10);
    expect(taken.length).toBeLessThan(30);
    const ndjson = `${records.map((record) => JSON.stringify(record)).join('\n')}\n`;
    const har = JSON.stringify({ log: { entries: records } }, null, 2);
    for (const [text, size] of [
      [ndjson, 1 << 20],
      [ndjson, 7],
      [har, 1 << 20],
      [har, 13],
    ] as const)
      expect(frame(text, size, 1000, select).filter((record) => record !== '[not selected]')).toEqual(taken);
  });

  // Found by the review of issue 60: each record of a file on one line (a JSON array, a HAR written without line
  // breaks) looked for its line's end to the chunk's end, so a megabyte of small records scanned a gigabyte.
  it.each([
    ['a JSON array on one line', `[${Array.from({ length: 4000 }, () => JSON.stringify(a)).join(',')}]`],
    ['a HAR on one line', JSON.stringify({ log: { entries: Array.from({ length: 4000 }, () => a) } })],
  ])('frames %s looking for line breaks once per chunk, not once per record', (_name, text) => {
    const indexOf = vi.spyOn(Buffer.prototype, 'indexOf');
    try {
      expect(frame(text, 1 << 20)).toHaveLength(4000);
      const scanned = indexOf.mock.calls
        .map((call, i) => ({ call, chunk: indexOf.mock.contexts[i] as Buffer }))
        .filter(({ call }) => call[0] === 0x0a)
        .reduce((sum, { call, chunk }) => sum + chunk.length - Number(call[1] ?? 0), 0);
      expect(scanned).toBeLessThanOrEqual(2 * Buffer.byteLength(text));
    } finally {
      indexOf.mockRestore();
    }
  });

  it('keeps no record over its cap: counted and skipped as it streams by, the next one framed', () => {
    const big = { response: { content: { text: 'x'.repeat(5000) } } };
    expect(frame(JSON.stringify({ log: { entries: [big, a] } }), 64)).toEqual(['[too large]', a]);
  });

  // Found by the review of issue 52 (finding 11): one record nested past the bound refused the whole file.
  it.each([
    ['NDJSON', `{"x": ${'['.repeat(20)}${']'.repeat(20)}}\n${JSON.stringify(a)}\n`],
    ['a HAR', JSON.stringify({ log: { entries: [{ x: JSON.parse(`${'['.repeat(20)}${']'.repeat(20)}`) }, a] } })],
  ])('skips a record of %s nested past the bound, as it streams by, and frames the next one', (_name, text) => {
    expect(frame(text)).toEqual(['[too deep]', a]);
    expect(frame(text, 1)).toEqual(['[too deep]', a]);
  });

  it.each([
    ['a HAR cut short inside an entry', `{"log": {"entries": [\n${JSON.stringify(a)},\n{"request": {"url": "/v1/x`, 3, 'record 2, which starts at line 3'],
    ['NDJSON whose last line is cut short', `${JSON.stringify(a)}\n{"request":`, 2, 'record 2, which starts at line 2'],
    ['a HAR cut after its last entry', `{"log": {"entries": [${JSON.stringify(a)}`, 1, 'its outer JSON value'],
  ])('names the line where %s ends', (_name, text, line, inside) => {
    try {
      frame(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(FramingError);
      expect((error as FramingError).line).toBe(line);
      expect((error as Error).message).toContain(`ends inside ${inside}: it is truncated`);
    }
  });

  it.each([
    ['text that is not JSON', 'GET /v1/quotas 200\n', 'not JSON here'],
    ['a bracket that closes nothing', '{"a": 1}}', 'closes nothing open'],
    // A list's items are records (a list among them is one, counted and skipped): nesting past the bound outside any record is a HAR's.
    ['nesting past the bound outside a record', `{"log": {"pages": ${'['.repeat(20)}`, 'nested deeper than 16 levels'],
  ])('refuses %s', (_name, text, message) => {
    expect(() => frame(text)).toThrow(message);
  });
});

describe('reading within the time bound', () => {
  // Found by the review of issue 60: past a long bound or a large sample, the way to read it all named a value the options refuse.
  it('names a --time-limit and a --sample the options take, at most their largest', () => {
    const counts = { bytes: 0, totalBytes: 100, records: 0, notSelected: 0, unread: new Map(), notTraffic: [], stopped: { file: 'a.har', filesLeft: 0 } };
    const [line] = readingLines({ files: 1, skipped: [], counts, exchanges: 0, sample: 100_000, seconds: 3600 }).filter((text) =>
      text.startsWith('the reading stopped'),
    );
    expect(line).toContain('To read it all: --time-limit 86400, or a sample: --sample 1000000');
  });

  // Found by a trial of learning at scale (issue 60): a bound reached threw away everything read. Now the reading stops,
  // and what was read is used, with how much was left.
  it('stops at the bound, keeps what it read, and says how much was left and how to read it all', async () => {
    await withScratchFolder('time-bound', async (dir) => {
      const files = ['a.har', 'b.har'].map((name) => path.join(dir, name));
      for (const file of files) await fsp.writeFile(file, harText([{ url: '/v1/quotas', response: { used: 1 } }]));
      const counts = await readTraffic(
        { given: dir, files, folder: true, skipped: [] },
        (file) => path.basename(file),
        { sample: 1, seconds: 120, deadline: 0 },
        () => {},
      );
      expect(counts.stopped).toEqual({ file: 'a.har', filesLeft: 1 });
      expect(readingLines({ files: 2, skipped: [], counts, exchanges: 0, sample: 1, seconds: 120 })).toContain(
        `the reading stopped at its time bound, 120 s (--time-limit), in a.har: 0 of ${counts.totalBytes} bytes read (0%), 1 more file not read; what was read is used, and another run may read more or less. To read it all: --time-limit 14400, or a sample: --sample 120`,
      );
    });
  });
});

describe("a folder's file that cannot be opened", () => {
  // Found by the review of issue 60: a file of the folder that could not be opened (no permission) ended the whole run.
  it('is named and left out, as one that holds no traffic; a file given alone that cannot be opened still ends the run', async () => {
    await withScratchFolder('unreadable', async (dir) => {
      const readable = path.join(dir, 'a.har');
      await fsp.writeFile(readable, harText([{ url: '/v1/quotas', response: { used: 1 } }]));
      // Gone between the listing and the reading: what a file without read permission is to a user who is not root.
      const gone = path.join(dir, 'b.har');
      const seen: string[] = [];
      const counts = await readTraffic(
        { given: dir, files: [readable, gone], folder: true, skipped: [] },
        (file) => path.basename(file),
        { sample: 1, seconds: 120, deadline: Infinity },
        (exchange) => seen.push(exchange.path),
      );
      expect(seen).toEqual(['/v1/quotas']);
      expect(counts.notTraffic).toEqual([{ file: 'b.har', why: 'it cannot be read (ENOENT)' }]);
      await expect(
        readTraffic(
          { given: gone, files: [gone], folder: false, skipped: [] },
          (file) => path.basename(file),
          { sample: 1, seconds: 120, deadline: Infinity },
          () => {},
        ),
      ).rejects.toThrow('b.har: cannot be read (ENOENT)');
    });
  });
});

describe('a sample', () => {
  // Found by the review of issue 60: the sample hashed a record's index in its file alone, so that a folder of files of
  // one exchange each (a HAR a page, a log a minute) was read whole or not at all: --sample 2 read none of 40.
  it.each([2, 3, 5])('of 1 in %i takes about that share of a folder of one-exchange files, the same every run', async (every) => {
    await withScratchFolder('sample-folder', async (dir) => {
      const files = Array.from({ length: 40 }, (_, i) => path.join(dir, `page${String(i).padStart(2, '0')}.har`));
      for (const file of files) await fsp.writeFile(file, harText([{ url: '/v1/quotas', response: { used: 1 } }]));
      const read = async () => {
        const taken: string[] = [];
        await readTraffic(
          { given: dir, files, folder: true, skipped: [] },
          (file) => path.basename(file),
          { sample: every, seconds: 120, deadline: Infinity },
          (exchange) => taken.push(exchange.path),
        );
        return taken.length;
      };
      const taken = await read();
      expect(taken).toBeGreaterThanOrEqual(40 / every / 3);
      expect(taken).toBeLessThanOrEqual((40 / every) * 2);
      expect(await read()).toBe(taken);
    });
  });
});

describe('a record of each format Redocly reads is one exchange', () => {
  const want = { method: 'GET', path: '/v1/webhooks', query: [['limit', '5']], status: 200 };
  it.each([
    ['a HAR entry', harEntry({ url: 'https://api.example.com/v1/webhooks?limit=5', response: { a: 1 } })],
    [
      'a Kong log',
      { request: { method: 'GET', url: 'http://kong/v1/webhooks?limit=5', headers: { host: 'kong' } }, response: { status: 200 }, route: {}, latencies: {} },
    ],
    [
      'an Nginx JSON log (flat)',
      { request_method: 'GET', request_uri: '/v1/webhooks?limit=5', status: '200', http_host: 'api', time_iso8601: '2026-01-01T00:00:00Z' },
    ],
    ['an Nginx log with its request line', { request: 'GET /v1/webhooks?limit=5 HTTP/1.1', status: 200 }],
    ['an Apache JSON log', { request_method: 'GET', request_uri: '/v1/webhooks?limit=5', response_status: 200, vhost: 'api' }],
    ['an NDJSON line (req/res)', { req: { method: 'get', uri: '/v1/webhooks?limit=5' }, res: { statusCode: 200 } }],
  ])('%s', (_name, record) => {
    expect(exchangeOf(record)).toMatchObject(want);
  });

  it('reads a JSON body (text, base64 or already parsed) and says why another is not read', () => {
    const json = (text: unknown, mimeType = 'application/json', encoding?: string) =>
      exchangeOf({ request: { method: 'GET', url: '/v1/scopes' }, response: { status: 200, content: { mimeType, text, encoding } } });
    expect(json('{"a":1}')).toMatchObject({ responseBody: { kind: 'json', value: { a: 1 } } });
    expect(json(Buffer.from('{"a":1}').toString('base64'), 'application/problem+json', 'base64')).toMatchObject({
      responseBody: { kind: 'json', value: { a: 1 } },
    });
    expect(json('<html>', 'text/html')).toMatchObject({ responseBody: { kind: 'not json', mediaType: 'text/html' } });
    expect(json('{"a":')).toMatchObject({ responseBody: { kind: 'not json' } });
    expect(json('')).toMatchObject({ responseBody: { kind: 'empty' } });
    expect(exchangeOf({ req: { method: 'GET', url: '/v1/scopes' }, res: { status: 200, body: { a: [1] } } })).toMatchObject({
      responseBody: { kind: 'json', value: { a: [1] } },
    });
  });

  it.each([
    [[], 'it is not a JSON object'],
    [{ request: { url: '/v1/scopes' } }, 'it names no HTTP method'],
    [{ request: { method: 'GET' } }, 'it names no URL or path'],
    [{ request: { method: 'G E T', url: '/' } }, 'it names no HTTP method'],
  ])('%j holds no exchange: %s', (record, problem) => {
    expect(exchangeOf(record)).toEqual({ problem });
  });
});

describe('matching by the description’s own path templates', async () => {
  const match = operationMatcher(await loadBundle());
  it.each([
    ['GET', '/v1/webhooks', 'listWebhooks'],
    ['GET', '/v1/webhooks/', 'listWebhooks'],
    ['DELETE', '/v1/webhooks/wh_1', 'deleteWebhook'],
    ['DELETE', '/v1/webhooks/wh%2F1', 'deleteWebhook'],
    ['GET', '/v1/messages/status', 'getMessageStatus'],
    ['DELETE', '/v1/messages/status', 'deleteMessage'],
    ['get', '/v1/integrations/int_1', 'getIntegration'],
    ['POST', '/v1/batches/b1/send', 'sendBatch'],
    ['GET', '/v1/webhooks/wh_1', undefined],
    ['GET', '/v1/nope', undefined],
    ['GET', '/v1/integrations//', undefined],
    ['GET', '/email/v1/scopes', undefined],
    ['HEAD', '/v1/scopes', undefined],
  ])('%s %s: %s', (method, path, operationId) => {
    expect(match(method, path)?.operationId).toBe(operationId);
  });

  it('under a path prefix (--base-url), only there', async () => {
    const prefixed = operationMatcher(await loadBundle(), '/email/');
    expect(prefixed('GET', '/email/v1/scopes')?.operationId).toBe('listScopes');
    expect(prefixed('GET', '/v1/scopes')).toBeUndefined();
    expect(prefixed('GET', '/emailx/v1/scopes')).toBeUndefined();
  });

  it('the HAR the test support writes is read back whole', () => {
    expect(frame(harText([{ url: '/v1/scopes' }, { url: '/v1/quotas' }]), 4096, 1e6)).toHaveLength(2);
  });
});
