// Prism, started from a bundle on a loopback address. Used by `npm run mock` and by the tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

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

/**
 * Starts Prism on 127.0.0.1:`port` from `bundleFile`, in `--errors` mode (a request that
 * breaks the description gets an error response), and resolves once it listens.
 */
export function startMockServer({ bundleFile, port, onLog, timeoutMs = 60_000 }: MockOptions): Promise<MockServer> {
  const prism = spawn(process.execPath, [prismCli, 'mock', bundleFile, '--host', host, '--port', String(port), '--errors'], {
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
