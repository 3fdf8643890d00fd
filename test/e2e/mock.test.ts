// `npm run mock` (scripts/commands/mock.ts). As processes, for what is about the process: with an
// overlay, the overlaid description is what Prism serves (the overlay's security scheme is
// enforced), and Ctrl-C (SIGINT to the command and to Prism, as a terminal sends it to the process
// group) stops it cleanly, leaving no process; a mock whose parent is gone stops, and stops Prism.
// The front door (its own Host only, any origin without credentials) on the run's mock
// (fixture().mock); a port in use and an overlay it cannot apply, in this process.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture } from '../support/fixture.ts';
import { root } from '../support/helpers.ts';
import { freeLoopbackPort } from '../support/http-server.ts';
import { runCommand } from '../support/run-command.ts';

/** A raw request to `port` (any Host header): its status and headers. */
function get(port: number, path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Whether process `pid` is gone, or a zombie its new parent has not reaped yet (an init that reaps nothing, in a container). */
async function gone(pid: number): Promise<boolean> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  return stat === undefined || stat.slice(stat.lastIndexOf(')') + 2)[0] === 'Z';
}

/** Resolves once `output()` includes `text`; rejects after `timeoutMs` naming what it was. */
async function until(output: () => string, text: string, timeoutMs = 60_000): Promise<void> {
  const started = performance.now();
  while (!output().includes(text)) {
    if (performance.now() - started > timeoutMs) throw new Error(`no '${text}' within ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// What a failed test would leave running: the processes it started, and the mock the shell started.
const spawned: ChildProcess[] = [];
const orphans: number[] = [];
afterAll(() => {
  for (const child of spawned) if (child.exitCode === null) child.kill('SIGKILL');
  for (const pid of orphans)
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // gone already
    }
});

describe('npm run mock, the process', () => {
  it('--overlay serves the overlaid description: its API key header is required; Ctrl-C: "mock: stopped", exit 0, Prism gone', async () => {
    const port = await freeLoopbackPort();
    const mock = spawn(process.execPath, ['scripts/cli/main.ts', 'mock', '--port', String(port), '--overlay', 'examples/overlays/auth.yaml'], {
      cwd: root,
      env: { ...process.env, INIT_CWD: root },
    });
    spawned.push(mock);
    let output = '';
    mock.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    mock.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => mock.once('exit', (code) => resolve(code)));
    await until(() => output, 'mock: listening on');

    const host = `127.0.0.1:${port}`;
    expect(output).toContain(`mock: starting Prism from generated/openapi.json with examples/overlays/auth.yaml on 127.0.0.1:${port}...`);
    expect((await get(port, '/v1/scopes', { host })).status).toBe(401);
    expect((await get(port, '/v1/scopes', { host, 'x-example-api-key': 'k' })).status).toBe(200);

    const prism = Number(/Prism pid (\d+)/.exec(output)?.[1] ?? NaN);
    // As a terminal does: the signal reaches the command and its child.
    for (const pid of [mock.pid, prism]) if (Number.isInteger(pid)) process.kill(pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).toMatch(/mock: stopped\n$/);
    expect(output).not.toMatch(/Prism (exited|stopped on its own)/);
    expect(() => process.kill(prism, 0)).toThrow();
  });

  // Found by the second new-user trial: `npm run mock &`, then `kill` of that npm, left the mock and
  // Prism running. A command that serves stops once its parent is gone (scripts/cli/main.ts wires
  // scripts/serve/stop-with-parent.ts): here a real parent, a shell, killed under the mock it started.
  it('whose parent is gone stops within a few seconds: "mock: stopped", and Prism with it', async () => {
    const port = await freeLoopbackPort();
    const shell = spawn('bash', ['-c', '"$0" scripts/cli/main.ts mock --port "$1" & echo "child $!"; wait', process.execPath, String(port)], {
      cwd: root,
      env: { ...process.env, INIT_CWD: root },
    });
    spawned.push(shell);
    let output = '';
    shell.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    shell.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(() => output, 'mock: listening on');
    const mock = Number(/child (\d+)/.exec(output)?.[1]);
    const prism = Number(/Prism pid (\d+)/.exec(output)?.[1]);
    orphans.push(mock);
    shell.kill('SIGKILL');
    // The mock still writes to the pipe it inherited from the shell.
    await until(() => output, 'mock: stopped', 10_000);
    await expect.poll(async () => (await gone(mock)) && (await gone(prism)), { timeout: 5_000, interval: 100 }).toBe(true);
  });
});

describe("the front door, on the run's mock", () => {
  const { port } = new URL(fixture().mock);

  it('answers only for its own host (421), and any origin without credentials', async () => {
    const at = Number(port);
    expect((await get(at, '/v1/scopes', { host: `attacker.example:${port}` })).status).toBe(421);
    const simple = await get(at, '/v1/scopes', { host: `localhost:${port}`, origin: 'https://attacker.example' });
    expect(simple.status).toBe(200);
    expect(simple.headers['access-control-allow-origin']).toBe('*');
    expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await get(
      at,
      '/v1/scopes',
      { host: `127.0.0.1:${port}`, origin: 'https://attacker.example', 'access-control-request-method': 'GET' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describe('npm run mock refuses, in this process', () => {
  it('a port in use: exits 1 with one line that says to give another --port, and starts no Prism', async () => {
    const holder = http.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as AddressInfo).port;
    try {
      const result = await runCommand('mock', ['--port', String(taken)]);
      expect(result.code, result.output).toBe(1);
      expect(result.stderr).toBe(`mock: listen EADDRINUSE: address already in use 127.0.0.1:${taken}: give another --port\n`);
      expect(result.stdout).toBe(`mock: starting Prism from generated/openapi.json on 127.0.0.1:${taken}...\n`);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });

  it('an overlay it cannot apply: exits 1 with one line naming the overlay, and starts no Prism', async () => {
    const result = await runCommand('mock', ['--port', String(await freeLoopbackPort()), '--overlay', 'examples/overlays/missing.yaml']);
    expect(result.code, result.output).toBe(1);
    expect(result.stderr).toBe('mock: overlay examples/overlays/missing.yaml does not exist\n');
    expect(result.stdout).toBe('');
  });
});
