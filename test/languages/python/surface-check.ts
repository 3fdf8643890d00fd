// The Python SDK's own surface (python/sdk_surface.py, the committed SDK on PYTHONPATH): errors by
// kind that pickle (a 404 raised in a process pool's worker comes back whole), the SDK's own error
// after close(), with_options over the same connections, and the debug log.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
import { mustRun } from '../../support/languages.ts';
import type { OwnCheck } from '../../support/sdk-package.ts';
import { prepared } from './prepared.ts';
import { bin, programs, quiet, saidByCheck } from './python-tools.ts';

export const surfaceCheck: OwnCheck = {
  title:
    "errors by kind that pickle (a 404 in a process pool's worker), the SDK's own error after close(), with_options over the same connections, and the debug log",
  async run(context) {
    // No server of this process is late while the checks beside make what they make in it.
    await prepared(context);
    const seen: { path: string; trace?: string; agent?: string }[] = [];
    const server = http.createServer((request, response) => {
      seen.push({ path: request.url ?? '', trace: request.headers['x-trace'] as string | undefined, agent: request.headers['user-agent'] });
      const missingOne = request.url === '/v1/integrations/missing';
      response.writeHead(missingOne ? 404 : 200, {
        'content-type': 'application/json',
        'x-request-id': 'req_1',
        'x-port': String(request.socket.remotePort),
      });
      response.end(JSON.stringify(missingOne ? { message: 'no such integration' } : []));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ran = await mustRun(bin('python'), [path.join(programs, 'sdk_surface.py'), url], context.scratch, {
        ...quiet,
        PYTHONPATH: path.join(context.committed, 'src'),
        EMAIL_DELIVERY_LOG: 'debug',
      });
      const said = saidByCheck(ran.stdout);
      // The worker's NotFoundError comes back whole, and the pool works on.
      expect(said.get('pool')).toMatchObject({
        class: 'NotFoundError',
        isApiError: true,
        operation: 'getIntegration',
        status: 404,
        headers: { 'x-request-id': 'req_1' },
        body: { message: 'no such integration' },
      });
      expect(said.get('pool after')).toEqual([]);
      expect(said.get('pickled')).toEqual(
        [
          'NotFoundError',
          'ApiError',
          'CallTimeoutError',
          'ResponseTooLargeError',
          'CrossOriginRedirectError',
          'UnsafePathParameterError',
          'ConnectionFailedError',
          'ResponseBodyError',
          'ClientClosedError',
        ].map((name) => [name, true]),
      );
      // A client from with_options: its own options, the same connection as the client it came from.
      expect(said.get('repr')).toBe(`Client(base_url='${url}', headers=['X-Api-Key', 'X-Trace'], timeout=5.0, max_response_bytes=67108864, max_retries=0)`);
      const [first, second] = said.get('shared') as string[];
      expect(first).toBe(second);
      expect(seen.filter((request) => request.path === '/v1/webhooks').map((request) => request.trace)).toEqual([undefined, 'derived', undefined]);
      expect(new Set(seen.map((request) => request.agent))).toEqual(new Set([`email-delivery-api-python/${context.document.info.version}`]));
      for (const name of ['closed', 'derived closed']) expect((said.get(name) as string[])[0], name).toBe('ClientClosedError');
      // The debug log: a line an attempt, no header's value.
      const log = ran.stderr;
      expect(log).toMatch(/email_delivery_api DEBUG GET \/v1\/integrations\/\{id\}: 404, attempt 1$/m);
      expect(log).toMatch(/email_delivery_api DEBUG GET \/v1\/webhooks: 200, attempt 1$/m);
      expect(log).not.toContain('sk-surface-secret');
      expect(log).not.toContain('missing');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  },
};
