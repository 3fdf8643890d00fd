// The mock's front door: an HTTP server on the port the user asked for that answers only for its
// own loopback host and port (421 otherwise, against DNS rebinding, as the docs server does) and
// forwards everything else to Prism on an internal port. CORS is answered here, not by Prism
// (which reflects any Origin with credentials allowed): any origin may read the mock's answers, but
// never with credentials (`Access-Control-Allow-Origin: *`, which browsers refuse to pair with
// cookies or HTTP authentication).
import http from 'node:http';

const corsAnswer = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, PUT, POST, DELETE, PATCH',
  'access-control-allow-headers': '*',
  'access-control-max-age': '600',
};

export interface MockFront {
  close(): Promise<void>;
}

/** Listens on host:`port` and forwards to `prismPort` on the same host. */
export async function startMockFront(host: string, port: number, prismPort: number): Promise<MockFront> {
  const hosts = [`${host}:${port}`, `localhost:${port}`];
  const server = http.createServer((request, response) => {
    if (!hosts.includes(request.headers.host ?? '')) {
      response.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' });
      return void response.end(`misdirected request: this mock answers only for ${hosts.join(' and ')}\n`);
    }
    if (request.method === 'OPTIONS' && request.headers.origin && request.headers['access-control-request-method']) {
      response.writeHead(204, corsAnswer);
      return void response.end();
    }
    const headers = { ...request.headers, host: `${host}:${prismPort}` };
    delete headers.origin;
    const upstream = http.request({ host, port: prismPort, method: request.method, path: request.url, headers }, (answer) => {
      const kept = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !name.startsWith('access-control-')));
      response.writeHead(answer.statusCode ?? 502, { ...kept, ...(request.headers.origin ? { 'access-control-allow-origin': '*' } : {}) });
      answer.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('the mock (Prism) did not answer\n');
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
