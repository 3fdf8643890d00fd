// A loopback service for the client benches (bench.ts' client section, bench-sdk.ts): a separate
// Node process on 127.0.0.1 that answers every request 200 with a small JSON list.
import { spawn } from 'node:child_process';

/** A loopback server in a separate process that answers every request with a small JSON list; its port. */
export async function startListServer(): Promise<{ port: number; stop: () => void }> {
  const server = spawn(
    process.execPath,
    [
      '-e',
      `const http = require('node:http');
      const body = JSON.stringify([{ id: 'w1' }, { id: 'w2' }]);
      const s = http.createServer((q, r) => { r.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }); r.end(body); });
      s.keepAliveTimeout = 60000;
      s.listen(0, '127.0.0.1', () => console.log(s.address().port));`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const port = await new Promise<number>((resolve) => server.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
  return { port, stop: () => server.kill() };
}
