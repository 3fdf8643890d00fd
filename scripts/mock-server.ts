// Prism, started from the bundle on a loopback address. Used by `npm run mock` and by the tests.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { root } from './project.ts';

export interface MockServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

export interface MockOptions {
  port: number;
  /** Where Prism's own log lines go; by default they are kept only for error messages. */
  onLog?: (line: string) => void;
  /** How long to wait for Prism to listen. */
  timeoutMs?: number;
}

const host = '127.0.0.1';

/**
 * Starts Prism on 127.0.0.1:`port` from generated/openapi.json, in `--errors` mode (a request that
 * breaks the description gets an error response), and resolves once it listens.
 */
export function startMockServer({ port, onLog, timeoutMs = 60_000 }: MockOptions): Promise<MockServer> {
  const prism = spawn(
    path.join(root, 'node_modules', '.bin', 'prism'),
    ['mock', path.join(root, 'generated', 'openapi.json'), '--host', host, '--port', String(port), '--errors'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0' } },
  );
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
