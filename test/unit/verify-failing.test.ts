// `npm run verify` in process against services that fail or attack, real servers on 127.0.0.1: an
// outage (503), expired credentials (401), an endless body, a slow drip, a gzip bomb, a redirect
// loop, a 303 elsewhere, characters XML forbids and bare URLs in a body. Each ends in its one-line
// verdict, within the exchange's deadline and size cap, and the exit code docs/verify.md's table
// gives. verify() is called directly, unpaced but for the redirect loop, where the pace is the point
// (test/support/verify-here.ts). A service that is down, through npm as examples/workflows/verify.yml
// runs it: test/e2e/verify.test.ts.
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../scripts/stated/operations.ts';
import { downAfter } from '../../scripts/verify/run-verification.ts';
import { verdictOf, verifyHere } from '../support/verify-here.ts';
import { jsonReply, startTestServer, type TestServer } from '../support/http-server.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';

let server: TestServer;
const scratch = scratchFolderPerFile('verify-failing');

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

describe('a service that fails: exit 1 by default', () => {
  it('503 to everything: each call a server error with an excerpt of its body; JUnit failures', async () => {
    server.reply = () => ({ status: 503, body: `maintenance ${'x'.repeat(500)}`, headers: { 'content-type': 'text/plain' } });
    const junit = path.join(scratch.dir, 'outage.xml');
    const result = await verifyHere(['--base-url', server.url, '--junit', junit]);
    expect(result.code).toBe(1);
    expect(verdictOf(result.out, 'listScopes')).toMatch(/^server error +listScopes +GET +answered 503: the body "maintenance x{188}"…$/);
    expect(result.out).toContain('verify: no operation was confirmed as described');
    const xml = await fs.readFile(junit, 'utf8');
    const called = operations.filter((operation) => operation.method === 'get' && !operation.path.includes('{')).length;
    expect(xml).toContain(`<testsuites name="verify" tests="${operations.length}" failures="${called}" errors="0" skipped="${operations.length - called}" `);
  });

  it('401 to everything: each call refused, naming the credentials', async () => {
    server.reply = () => jsonReply(401, { error: 'token expired' });
    const result = await verifyHere(['--base-url', server.url, '--header', 'Authorization: Bearer old']);
    expect(result.code).toBe(1);
    expect(verdictOf(result.out, 'getApiKey')).toMatch(
      /^refused +getApiKey +GET +answered 401: the credentials \(--header\) are missing or refused: the body "\{\\"error\\":\\"token expired\\"\}"$/,
    );
  });

  // That 404 alone does not: verify-run.test.ts, '--strict makes a not-confirmed operation fail' (the same run).
  it('one 500 among answers as described fails the run too', async () => {
    server.reply = (request) => (request.path === '/v1/quotas' ? jsonReply(500, {}) : jsonReply(200, {}));
    expect((await verifyHere(['--base-url', server.url])).code).toBe(1);
  });

  it('a port fetch never calls (6000, a "bad port") is named, and stops the run like a service that is down', async () => {
    const result = await verifyHere(['--base-url', 'http://127.0.0.1:6000']);
    expect(result.code).toBe(1);
    expect(result.out).toContain('connection failed: fetch never calls this port (a "bad port" of the Fetch standard): serve the service on another');
    expect(result.out).toContain(`${downAfter} unreachable, ${operations.length - downAfter} not called`);
  });
});

/** A server whose every answer is `answer`'s, written straight to the response (streams, drips). */
async function hostile(
  answer: (res: http.ServerResponse, req: http.IncomingMessage) => void,
): Promise<{ url: string; requests: number; close(): Promise<void> }> {
  const state = { url: '', requests: 0, close: async () => {} };
  const httpServer = http.createServer((req, res) => {
    state.requests += 1;
    answer(res, req);
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise((resolve) => {
      httpServer.closeAllConnections();
      httpServer.close(() => resolve());
    });
  return state;
}

describe('a hostile service: each exchange bounded in time and bytes', () => {
  it('an endless JSON body stops at the size cap', async () => {
    const service = await hostile((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      const chunk = `${'0,'.repeat(32 * 1024)}`;
      const pump = () => {
        while (res.write(chunk));
      };
      res.on('drain', pump);
      pump();
    });
    try {
      const result = await verifyHere(['--base-url', service.url, '--max-body-bytes', '65536']);
      expect(verdictOf(result.out, 'listScopes')).toMatch(
        /^not confirmed +listScopes +GET +answered 200 with a body over the 65536-byte limit \(--max-body-bytes, decoded size\); stopped reading$/,
      );
      expect(result.code).toBe(1);
    } finally {
      await service.close();
    }
  });

  it('a slow-drip body ends at the deadline (--timeout 0.5)', async () => {
    const service = await hostile((res, req) => {
      // Only listScopes drips; the rest answer at once, so that the test waits for one deadline.
      if (req.url !== '/v1/scopes') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' });
      const timer = setInterval(() => res.write(' '), 100);
      res.on('close', () => clearInterval(timer));
    });
    try {
      const result = await verifyHere(['--base-url', service.url, '--timeout', '0.5']);
      expect(verdictOf(result.out, 'listScopes')).toMatch(/^unreachable +listScopes +GET +no whole answer within the 0\.5 s timeout$/);
    } finally {
      await service.close();
    }
  });

  it('a gzip body that expands past the cap stops at the cap, decoded bytes counted', async () => {
    const service = await hostile((res, req) => {
      // Only listScopes sends the bomb (the rest answer at once): each costs a CPU a few hundred ms.
      if (req.url !== '/v1/scopes') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      // 1 GiB of zeros, compressed as it is sent (about 1 MB on the wire); nothing reads that far.
      let left = 1024 ** 3;
      const zeros = new Readable({
        read() {
          const size = Math.min(left, 1024 * 1024);
          left -= size;
          this.push(size > 0 ? Buffer.alloc(size, 0x30) : null);
        },
      });
      zeros.pipe(zlib.createGzip()).pipe(res);
      res.on('close', () => zeros.destroy());
    });
    try {
      const result = await verifyHere(['--base-url', service.url]);
      expect(verdictOf(result.out, 'listScopes')).toMatch(
        /answered 200 with a body over the 4194304-byte limit \(--max-body-bytes, decoded size\); stopped reading$/,
      );
    } finally {
      await service.close();
    }
  });

  // The one run of these files paced as on the command line: every request, each plain GET and each redirect, at most --rate a second.
  it('a redirect loop within the origin: at most 3 redirects per operation, paced by --rate', async () => {
    // Two operations loop (a budget shared between operations would show), the others answer at once.
    const looping = ['/v1/scopes', '/v1/quotas'];
    const service = await hostile((res, req) => {
      if (looping.includes(req.url ?? '')) res.writeHead(302, { location: req.url });
      else res.writeHead(200, { 'content-type': 'application/json' });
      res.end(looping.includes(req.url ?? '') ? undefined : '{}');
    });
    try {
      const started = performance.now();
      const result = await verifyHere(['--base-url', service.url, '--rate', '10'], {});
      expect(verdictOf(result.out, 'listScopes')).toMatch(
        /^not confirmed +listScopes +GET +redirected more than 3 times within the origin \(the last: 302 to \/v1\/scopes\); not followed further$/,
      );
      expect(verdictOf(result.out, 'listQuotas')).toMatch(/^not confirmed +listQuotas +GET +redirected more than 3 times within the origin/);
      // Each GET without an id (the table's) once, and 3 redirects more for each that loops, at most 10 a second.
      const called = operations.filter((operation) => operation.method === 'get' && !operation.path.includes('{')).length;
      const requests = called + 3 * looping.length;
      expect(service.requests).toBe(requests);
      expect(performance.now() - started).toBeGreaterThanOrEqual((requests - 1) * 100 - 20);
    } finally {
      await service.close();
    }
  });

  it('a 303 to another path is not "as described"', async () => {
    server.reply = (request) => (request.path === '/v1/scopes' ? { status: 303, headers: { location: '/elsewhere' } } : jsonReply(200, {}));
    const result = await verifyHere(['--base-url', server.url]);
    expect(verdictOf(result.out, 'listScopes')).toMatch(
      /^not confirmed +listScopes +GET +answered 200 only after a redirect \(303 to \/elsewhere\); the description states no redirect/,
    );
  });
});

describe('what a service sends stays inert in the reports', () => {
  it('U+FFFF and other characters XML forbids do not make the JUnit file invalid; bare URLs are no links in Markdown', async () => {
    server.reply = () => ({ status: 500, body: 'bad \uffff\ufffe\u0001 see https://evil.example/x or www.evil.example, mail a@evil.example', headers: {} });
    const junit = path.join(scratch.dir, 'hostile.xml');
    const result = await verifyHere(['--base-url', server.url, '--junit', junit, '--format', 'markdown']);
    const xml = await fs.readFile(junit, 'utf8');
    // eslint-disable-next-line no-control-regex -- what XML 1.0 forbids
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/);
    expect(xml).toContain('bad \\uffff\\ufffe\\u0001 see');
    expect(result.out).not.toMatch(/https:\/\/|www\.evil|a@evil/);
    expect(result.out).toContain('https:\\/\\/evil.example/x or www\\.evil.example, mail a\\@evil.example');
  });
});
