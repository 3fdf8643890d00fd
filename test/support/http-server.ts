// A real HTTP server on 127.0.0.1 for client tests: it records every request as it arrived on
// the wire (raw request target, headers, body) and answers with whatever the test sets.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** The request target exactly as sent: path and query, still percent-encoded. */
  target: string;
  path: string;
  query: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Reply = (request: RecordedRequest, socket: { destroy(): void }) => { status: number; body?: string; headers?: Record<string, string> } | 'drop';

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  reply: Reply;
  close(): Promise<void>;
}

export const jsonReply = (status: number, value: unknown) => ({ status, body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

export async function startTestServer(): Promise<TestServer> {
  const state: TestServer = {
    url: '',
    requests: [],
    reply: () => jsonReply(200, { ok: true }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const target = req.url ?? '';
      const queryAt = target.indexOf('?');
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        target,
        path: queryAt === -1 ? target : target.slice(0, queryAt),
        query: queryAt === -1 ? '' : target.slice(queryAt + 1),
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      state.requests.push(recorded);
      const answer = state.reply(recorded, req.socket);
      if (answer === 'drop') {
        req.socket.destroy();
        return;
      }
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? '');
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = state.close;
  state.close = async () => {
    server.closeAllConnections();
    await close();
  };
  return state;
}
