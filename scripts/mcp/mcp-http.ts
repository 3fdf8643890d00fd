// The MCP server over Streamable HTTP at http://127.0.0.1:<port>/mcp, loopback only, stateless (a
// server and a transport per request, the SDK's stateless pattern). Before the SDK sees a request:
// its Host must name this machine's loopback and its Origin, when a browser sends one, too (a web
// page that re-points its own name at 127.0.0.1, DNS rebinding, gets a 403); its body is read up to
// a bound in bytes and time; and at most `maxRequestsInFlight` are taken at once (a 503 beyond, before
// any body is read), so that what the server holds is bounded whoever connects. The build copies
// this file into the package.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/** The largest request body the server reads: a tool call's arguments, never a file. */
export const maxRequestBytes = 1024 * 1024;
const requestTimeoutMs = 10_000;
/**
 * The requests the server takes at once, from their headers to their answer (a call waits on the
 * service): far more than an agent makes, few enough that bodies held at the bound stay tens of MB.
 */
export const maxRequestsInFlight = 32;
/** How often Node looks for requests past their time bound (its default, 30 s, would let one outlive its bound threefold). */
const connectionsCheckingIntervalMs = 1_000;
const loopbackNames = ['127.0.0.1', 'localhost', '[::1]'];

export interface HttpMcpServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Whether `value` (a Host header, or an http Origin's host) names this server: a loopback name and
 * this port. No port means port 80, another server's (a page a web server on localhost serves is
 * not this server's).
 */
function isLoopbackHost(value: string, port: number): boolean {
  const match = /^(\[[^\]]*\]|[^:]+)(?::(\d+))?$/.exec(value.toLowerCase());
  return match !== null && loopbackNames.includes(match[1]) && Number(match[2] ?? 80) === port;
}

/** Why a request may not reach the MCP server, or undefined. */
function refusal(request: http.IncomingMessage, port: number): { status: number; message: string } | undefined {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  if (!isLoopbackHost(request.headers.host ?? '', port)) return { status: 403, message: 'Forbidden: the Host header does not name this loopback server' };
  const origin = request.headers.origin;
  if (origin !== undefined) {
    let host = '';
    try {
      const parsed = new URL(origin);
      // This server speaks http: an https page is another server's.
      host = parsed.protocol === 'http:' ? parsed.host : '';
    } catch {
      // An Origin that is not a URL (`null`, from a sandboxed page) is foreign.
    }
    if (!isLoopbackHost(host, port)) return { status: 403, message: 'Forbidden: the Origin is not this loopback server' };
  }
  if (url.pathname !== '/mcp') return { status: 404, message: 'Not found: the MCP endpoint is /mcp' };
  if (request.method !== 'POST') return { status: 405, message: 'Method not allowed: this stateless server takes POST only' };
  return undefined;
}

function answer(response: http.ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const code = status === 400 ? -32700 : -32000;
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

/** The request's body, up to {@link maxRequestBytes}; undefined (and the answer given) when it is too big or not JSON. */
async function jsonBody(request: http.IncomingMessage, response: http.ServerResponse): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxRequestBytes) {
      answer(response, 413, `Payload too large: at most ${maxRequestBytes} bytes`, { connection: 'close' });
      request.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    answer(response, 400, 'Parse error: the body is not JSON');
    return undefined;
  }
}

/** Serves `newServer()` (one per request) on 127.0.0.1:`port` (0: any free port). */
export async function serveHttp(newServer: () => Server, port: number, log: (line: string) => void): Promise<HttpMcpServer> {
  let inFlight = 0;
  const listener = http.createServer({ connectionsCheckingInterval: connectionsCheckingIntervalMs }, (request, response) => {
    const refused = refusal(request, (listener.address() as AddressInfo).port);
    if (refused) {
      log(`mcp: refused ${request.method ?? '?'} (${refused.status}): ${refused.message}`);
      request.resume();
      return answer(response, refused.status, refused.message, refused.status === 405 ? { allow: 'POST' } : {});
    }
    if (inFlight >= maxRequestsInFlight) {
      log(`mcp: refused POST (503): ${maxRequestsInFlight} requests are in flight`);
      request.resume();
      return answer(response, 503, `Service unavailable: ${maxRequestsInFlight} requests are in flight, the most this server takes at once; try again`, {
        'retry-after': '1',
        connection: 'close',
      });
    }
    inFlight += 1;
    response.once('close', () => (inFlight -= 1));
    void (async () => {
      const body = await jsonBody(request, response);
      if (body === undefined) return;
      const server = newServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      response.on('close', () => void Promise.all([transport.close(), server.close()]));
      await server.connect(transport);
      await transport.handleRequest(request, response, body);
    })().catch((error: unknown) => {
      log(`mcp: request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) answer(response, 500, 'Internal error');
    });
  });
  listener.requestTimeout = requestTimeoutMs;
  listener.headersTimeout = requestTimeoutMs;
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(port, '127.0.0.1', () => resolve());
  });
  const bound = (listener.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/mcp`,
    close: () =>
      new Promise<void>((resolve) => {
        listener.closeAllConnections();
        listener.close(() => resolve());
      }),
  };
}
