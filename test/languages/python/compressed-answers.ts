// The Python SDK against compressed answers (python/compressed_answer.py, the committed SDK on
// PYTHONPATH): 1 GiB of zeros in 2.5 KB of `gzip, gzip`, 1 GiB of empty deflate blocks, and a case
// for each path of the decoding; the client's peak memory stays within the bound, each call within
// its deadline, and only the codings it asked for are decoded.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'vitest';
import { mustRun } from '../../support/languages.ts';
import type { OwnCheck } from '../../support/sdk-package.ts';
import { prepared } from './prepared.ts';
import { bin, programs, quiet } from './python-tools.ts';

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A deflate stream's last block: empty, fixed codes, final. */
const finalBlock = Buffer.from([3, 0]);
const mib = 1 << 20;

/** `chunk` deflated as blocks that end on a byte and refer to nothing before them (a full flush), so that copies of them in a row are one valid stream. */
const flushedBlocks = (chunk: Buffer) => zlib.deflateRawSync(chunk, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });

/** The product of a GF(2) 32×32 matrix (its columns) and a vector, as zlib's crc32_combine does. */
function gf2Times(matrix: number[], vector: number): number {
  let sum = 0;
  for (let row = 0; vector !== 0; row += 1, vector >>>= 1) if (vector & 1) sum ^= matrix[row];
  return sum >>> 0;
}
const gf2Square = (matrix: number[]) => matrix.map((column) => gf2Times(matrix, column));

/**
 * The CRC-32 of `a` then `b`, from the CRC-32 of each and the length of `b` (zlib's crc32_combine):
 * the CRC of 1 GiB of copies without reading 1 GiB (some 2 s of this process's CPU, which the
 * servers of the tests beside it wait for).
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  // The operator of one zero bit, then of two, then four...: applied where lengthB's bits say.
  let operator = [0xedb88320, ...Array.from({ length: 31 }, (_, bit) => (1 << bit) >>> 0)];
  let crc = crcA >>> 0;
  operator = gf2Square(gf2Square(operator));
  for (let bytes = lengthB; bytes > 0; bytes = Math.floor(bytes / 2)) {
    operator = gf2Square(operator);
    if (bytes % 2 === 1) crc = gf2Times(operator, crc);
  }
  return (crc ^ crcB) >>> 0;
}

/** A gzip member of `prefix`, `count` times `chunk`, then `suffix`, made from copies of the chunk's deflated blocks: 1 GiB in a moment, not a minute. */
function gzipOfCopies(chunk: Buffer, count: number, prefix = Buffer.alloc(0), suffix = Buffer.alloc(0)): Buffer {
  // The CRC of the copies by doubling: of 1, 2, 4... copies, each of those count's bits names.
  let copies = 0;
  let [block, blockLength] = [zlib.crc32(chunk), chunk.length];
  for (let left = count; left > 0; left = Math.floor(left / 2)) {
    if (left % 2 === 1) copies = crc32Combine(copies, block, blockLength);
    [block, blockLength] = [crc32Combine(block, block, blockLength), blockLength * 2];
  }
  const crc = crc32Combine(crc32Combine(zlib.crc32(prefix), copies, chunk.length * count), zlib.crc32(suffix), suffix.length);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE((prefix.length + chunk.length * count + suffix.length) % 2 ** 32, 4);
  const ends = [prefix, suffix].map((part) => (part.length > 0 ? [flushedBlocks(part)] : []));
  return Buffer.concat([gzipHeader, ...ends[0], ...Array<Buffer>(count).fill(flushedBlocks(chunk)), ...ends[1], finalBlock, trailer]);
}

/**
 * The compressed answers of the memory test, by the case its client names (`X-Case`): each its
 * Content-Encoding and its bytes. `zeros`: 1 GiB of zeros, gzip then gzip again (2.5 KB);
 * `empty`: a gzip member of 1 GiB of empty deflate blocks, which decode to nothing, gzipped (1.6 MB):
 * only the outer layer makes bytes, so only the bound of every layer, or the deadline, stops it.
 */
function compressedAnswers(): Map<string, { encoding: string; body: Buffer }> {
  const zeros = gzipOfCopies(Buffer.alloc(mib), 1024);
  // An empty stored block (not final) is 5 bytes: `00 00 00 ff ff`. 209,715 of them a MiB.
  const emptyBlocks = Buffer.alloc(5 * 209_715);
  for (let at = 0; at < emptyBlocks.length; at += 5) emptyBlocks.set([0, 0, 0, 0xff, 0xff], at);
  // What the inner gzip member would be (its header, its empty blocks, its last block and a trailer of nothing), gzipped.
  const empty = gzipOfCopies(emptyBlocks, 1024, gzipHeader, Buffer.concat([finalBlock, Buffer.alloc(8)]));
  const json = Buffer.from(JSON.stringify([{ id: 'wh_1' }]));
  return new Map([
    ['zeros', { encoding: 'gzip, gzip', body: zlib.gzipSync(zeros) }],
    ['empty', { encoding: 'gzip, gzip', body: empty }],
    ['deflate', { encoding: 'deflate', body: zlib.deflateSync(json) }],
    ['raw-deflate', { encoding: 'deflate', body: zlib.deflateRawSync(json) }],
    ['gzip-identity', { encoding: 'identity, gzip', body: zlib.gzipSync(json) }],
    ['cut', { encoding: 'gzip', body: zlib.gzipSync(json).subarray(0, 20) }],
    ['three', { encoding: 'gzip, gzip, gzip', body: zlib.gzipSync(zlib.gzipSync(zlib.gzipSync(json))) }],
    ['br', { encoding: 'br', body: zlib.brotliCompressSync(json) }],
    ['br-error', { encoding: 'br', body: zlib.brotliCompressSync(json) }],
    ['plain', { encoding: 'identity', body: json }],
  ]);
}

/** What compressed_answer.py prints of each call. */
interface Outcome {
  client: string;
  case: string;
  outcome: string;
  body: unknown;
  error: string;
  timeout: number;
  seconds: number;
  peakMB: number;
}

export const compressedAnswersCheck: OwnCheck = {
  title: 'against compressed answers: memory within the bound, each call within its deadline, only the codings it asked for decoded',
  async run(context) {
    // The combined CRC is the CRC of the bytes in a row (the gzip trailers below rest on it).
    const [a, b] = [Buffer.from('copies of a chunk, '), Buffer.from('then another '.repeat(300))];
    expect(crc32Combine(zlib.crc32(a), zlib.crc32(b), b.length)).toBe(zlib.crc32(Buffer.concat([a, b])));
    const three = gzipOfCopies(b, 3, a, a);
    expect(zlib.gunzipSync(three).equals(Buffer.concat([a, b, b, b, a])), 'a gzip member of copies, its trailer checked by zlib').toBe(true);
    // No server of this process is late while the checks beside make what they make in it.
    await prepared(context);
    const answers = compressedAnswers();
    const accepted = new Set<string>();
    const server = http.createServer((request, response) => {
      const name = String(request.headers['x-case']);
      const answer = answers.get(name)!;
      accepted.add(String(request.headers['accept-encoding']));
      const status = name.endsWith('-error') ? 500 : 200;
      response.writeHead(status, { 'content-type': 'application/json', 'content-encoding': answer.encoding, 'content-length': answer.body.length });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // A case a path of the decoding: each through the sync client, and the bomb through the async one too (its reads are its own).
    const cases = ['zeros', 'async/zeros', 'empty', 'empty:unbounded', 'deflate', 'raw-deflate', 'gzip-identity', 'cut', 'three', 'br', 'br-error'];
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ran = await mustRun(bin('python'), [path.join(programs, 'compressed_answer.py'), url, ...cases], context.scratch, {
        ...quiet,
        PYTHONPATH: path.join(context.committed, 'src'),
      });
      const lines = ran.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Outcome);
      const memory = lines.pop() as unknown as { baselineMB: number; peakMB: number };
      const outcomes = new Map(lines.map((line) => [`${line.client} ${line.case}`, line]));
      const want: Record<string, string> = {
        zeros: 'ResponseTooLargeError',
        empty: 'ResponseTooLargeError',
        'empty:unbounded': 'CallTimeoutError',
        deflate: 'ok',
        'raw-deflate': 'ok',
        'gzip-identity': 'ok',
        cut: 'ConnectionFailedError',
        three: 'ResponseBodyError',
        br: 'ResponseBodyError',
        'br-error': 'InternalServerError',
      };
      expect(lines.filter((line) => line.case !== 'plain').length, 'a line a case').toBe(cases.length);
      for (const given of cases) {
        const [client, name] = given.startsWith('async/') ? ['async', given.slice('async/'.length)] : ['sync', given];
        const got = outcomes.get(`${client} ${name}`)!;
        expect(got.outcome, `${client} ${name}: ${got?.error}`).toBe(want[name]);
        // The deadline plus a second, at most.
        expect(got.seconds, `${client} ${name}`).toBeLessThanOrEqual(got.timeout + 1);
        if (want[name] === 'ok') expect(got.body).toEqual([{ id: 'wh_1' }]);
      }
      expect(outcomes.get('sync br-error')!.error).toContain("the content coding 'br', which the client does not decode");
      // The bound (64 MiB, 67 MB) and 64 MB more at most, over what the plain calls took.
      expect(memory.peakMB - memory.baselineMB, JSON.stringify([memory, ...lines.map((line) => [line.client, line.case, line.peakMB])])).toBeLessThanOrEqual(
        67 + 64,
      );
      expect([...accepted]).toEqual(['gzip, deflate']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  },
};
