// A real HTTP server on 127.0.0.1 for client tests: it records every request as it arrived on
// the wire (raw request target, headers, body) and answers with whatever the test sets.
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** The request target exactly as sent: path and query, still percent-encoded. */
  target: string;
  path: string;
  query: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Set when Node's HTTP parser refused the request: only its request line is known. */
  malformed?: true;
}

/** What the server answers: a response (after `delayMs`, for a slow service), or 'drop' to close the connection. */
export type Reply = (
  request: RecordedRequest,
  socket: { destroy(): void },
) => { status: number; body?: string; headers?: Record<string, string>; delayMs?: number } | 'drop';

export interface TestServer {
  url: string;
  requests: RecordedRequest[];
  reply: Reply;
  close(): Promise<void>;
}

export const jsonReply = (status: number, value: unknown) => ({ status, body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

export async function startTestServer(options: { keepAliveMs?: number } = {}): Promise<TestServer> {
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
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
      else send();
    });
  });
  // A request Node's parser refuses (a raw space in the target, say) is recorded too, from its raw
  // bytes, and answered 400 as Node would: what a client sent is what the tests see.
  server.on('clientError', (error: Error & { rawPacket?: Buffer }, socket) => {
    const line = error.rawPacket?.toString('latin1').split('\r\n')[0] ?? '';
    const match = /^(\S+) (.*) HTTP\/1\.[01]$/.exec(line);
    if (match) {
      const [, method, target] = match;
      const queryAt = target.indexOf('?');
      const [path, query] = queryAt === -1 ? [target, ''] : [target.slice(0, queryAt), target.slice(queryAt + 1)];
      state.requests.push({ method, target, path, query, headers: {}, body: '', malformed: true });
    }
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  server.keepAliveTimeout = options.keepAliveMs ?? 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = state.close;
  state.close = async () => {
    server.closeAllConnections();
    await close();
  };
  return state;
}

/** A port free on 127.0.0.1 at the time of asking, for a server a test starts (Prism, say). */
export async function freeLoopbackPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
