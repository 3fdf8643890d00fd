// The MCP server over Streamable HTTP at http://127.0.0.1:<port>/mcp, loopback only, stateless (a
// server and a transport per request, the SDK's stateless pattern). Before the SDK sees a request:
// its Host must name this machine's loopback and its Origin, when a browser sends one, too (a web
// page that re-points its own name at 127.0.0.1, DNS rebinding, gets a 403); its body is read up to
// a bound in bytes and time. The build copies this file into the package.
import http from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
/** The largest request body the server reads: a tool call's arguments, never a file. */
export const maxRequestBytes = 1024 * 1024;
const requestTimeoutMs = 10_000;
const loopbackNames = ['127.0.0.1', 'localhost', '[::1]'];
/** Whether `value` (a Host header, or an Origin's host) names this server on loopback: a loopback name, with this port or none. */
function isLoopbackHost(value, port) {
    const match = /^(\[[^\]]*\]|[^:]+)(?::(\d+))?$/.exec(value.toLowerCase());
    return match !== null && loopbackNames.includes(match[1]) && (match[2] === undefined || Number(match[2]) === port);
}
/** Why a request may not reach the MCP server, or undefined. */
function refusal(request, port) {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!isLoopbackHost(request.headers.host ?? '', port))
        return { status: 403, message: 'Forbidden: the Host header does not name this loopback server' };
    const origin = request.headers.origin;
    if (origin !== undefined) {
        let host = '';
        try {
            const parsed = new URL(origin);
            host = parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.host : '';
        }
        catch {
            // An Origin that is not a URL (`null`, from a sandboxed page) is foreign.
        }
        if (!isLoopbackHost(host, port))
            return { status: 403, message: 'Forbidden: the Origin is not this loopback server' };
    }
    if (url.pathname !== '/mcp')
        return { status: 404, message: 'Not found: the MCP endpoint is /mcp' };
    if (request.method !== 'POST')
        return { status: 405, message: 'Method not allowed: this stateless server takes POST only' };
    return undefined;
}
function answer(response, status, message, headers = {}) {
    const code = status === 400 ? -32700 : -32000;
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}
/** The request's body, up to {@link maxRequestBytes}; undefined (and the answer given) when it is too big or not JSON. */
async function jsonBody(request, response) {
    const chunks = [];
    let size = 0;
    for await (const chunk of request) {
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
    }
    catch {
        answer(response, 400, 'Parse error: the body is not JSON');
        return undefined;
    }
}
/** Serves `newServer()` (one per request) on 127.0.0.1:`port` (0: any free port). */
export async function serveHttp(newServer, port, log) {
    const listener = http.createServer((request, response) => {
        const refused = refusal(request, listener.address().port);
        if (refused) {
            log(`mcp: refused ${request.method ?? '?'} (${refused.status}): ${refused.message}`);
            request.resume();
            return answer(response, refused.status, refused.message, refused.status === 405 ? { allow: 'POST' } : {});
        }
        void (async () => {
            const body = await jsonBody(request, response);
            if (body === undefined)
                return;
            const server = newServer();
            const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
            response.on('close', () => void Promise.all([transport.close(), server.close()]));
            await server.connect(transport);
            await transport.handleRequest(request, response, body);
        })().catch((error) => {
            log(`mcp: request failed: ${error instanceof Error ? error.message : String(error)}`);
            if (!response.headersSent)
                answer(response, 500, 'Internal error');
        });
    });
    listener.requestTimeout = requestTimeoutMs;
    listener.headersTimeout = requestTimeoutMs;
    await new Promise((resolve, reject) => {
        listener.once('error', reject);
        listener.listen(port, '127.0.0.1', () => resolve());
    });
    const bound = listener.address().port;
    return {
        url: `http://127.0.0.1:${bound}/mcp`,
        close: () => new Promise((resolve) => {
            listener.closeAllConnections();
            listener.close(() => resolve());
        }),
    };
}
