// Prism, started from a bundle on a loopback address behind the mock's front door (mock-front.ts:
// its own Host only, CORS without credentials). Used by `npm run mock` and by the tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import { startMockFront } from './mock-front.ts';

// The Prism CLI this toolchain installs, run by the Node that runs the toolchain (Prism 5.16 needs 24.18+).
const prismCli = path.join(path.dirname(createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');

export interface MockServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface MockOptions {
  /** The bundled description to mock (a project's generated/openapi.json). */
  bundleFile: string;
  port: number;
  /** Where Prism's own log lines go; by default they are kept only for error messages. */
  onLog?: (line: string) => void;
  /** How long to wait for Prism to listen. */
  timeoutMs?: number;
}

const host = '127.0.0.1';

/** A port free on the loopback address now, for Prism behind the front door. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, host, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * Starts the mock on 127.0.0.1:`port` from `bundleFile`: Prism on an internal port, in `--errors`
 * mode (a request that breaks the description gets an error response), its own CORS off, and the
 * front door on `port`; resolves once both listen. A port in use rejects with Node's error.
 */
export async function startMockServer(options: MockOptions): Promise<MockServer> {
  const prismPort = await freePort();
  // The front door first: a port in use fails at once, before Prism's seconds of start.
  const front = await startMockFront(host, options.port, prismPort);
  try {
    const prism = await startPrism({ ...options, port: prismPort });
    return { url: `http://${host}:${options.port}`, process: prism.process, stop: () => Promise.all([front.close(), prism.stop()]).then(() => {}) };
  } catch (error) {
    await front.close();
    throw error;
  }
}

/** Prism on 127.0.0.1:`port`, resolved once it listens. */
function startPrism({ bundleFile, port, onLog, timeoutMs = 60_000 }: MockOptions): Promise<MockServer> {
  const prism = spawn(process.execPath, [prismCli, 'mock', bundleFile, '--host', host, '--port', String(port), '--errors', '--cors=false'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const url = `http://${host}:${port}`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (prism.exitCode !== null || prism.signalCode !== null) return resolve();
      prism.once('exit', () => resolve());
      prism.kill('SIGTERM');
    });
  return new Promise((resolve, reject) => {
    const log: string[] = [];
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`Prism did not listen on ${url} within ${timeoutMs} ms:\n${log.slice(-20).join('\n')}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        log.push(line);
        onLog?.(line);
        if (line.includes('Prism is listening on')) {
          clearTimeout(timer);
          resolve({ url, process: prism, stop });
        }
      }
    };
    prism.stdout.on('data', onData);
    prism.stderr.on('data', onData);
    prism.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited (${signal ?? code}) before listening on ${url}:\n${log.slice(-20).join('\n')}`));
    });
  });
}
