// `npm run mock` as a user runs it: with an overlay, the overlaid description is what Prism serves
// (the overlay's security scheme is enforced); the front door answers only for its own host (421)
// and allows any origin without credentials; Ctrl-C (SIGINT to the command and to Prism, as a
// terminal sends it to the process group) stops it cleanly, leaving no process.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { freeLoopbackPort } from '../support/http-server.ts';
import { runScript } from '../support/run-command.ts';

let mock: ChildProcess;
let port = 0;
let output = '';

/** A raw GET (any Host header), its status and headers. */
function get(path: string, headers: Record<string, string>, method = 'GET'): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    request.on('error', reject);
    request.end();
  });
}

beforeAll(async () => {
  port = await freeLoopbackPort();
  mock = spawn(process.execPath, ['scripts/cli/main.ts', 'mock', '--port', String(port), '--overlay', 'examples/overlays/auth.yaml'], {
    cwd: root,
    env: { ...process.env, INIT_CWD: root },
  });
  mock.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  mock.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('mock: listening on')) resolve(clearInterval(timer));
      if (mock.exitCode !== null) reject(new Error(output));
    }, 100);
  });
}, 90_000);

afterAll(() => {
  if (mock?.exitCode === null) mock.kill('SIGKILL');
});

describe('npm run mock', () => {
  it('--overlay serves the overlaid description: its API key header is required', async () => {
    const host = `127.0.0.1:${port}`;
    expect(output).toContain(`mock: starting Prism from generated/openapi.json with examples/overlays/auth.yaml on 127.0.0.1:${port}...`);
    expect((await get('/v1/scopes', { host })).status).toBe(401);
    expect((await get('/v1/scopes', { host, 'x-example-api-key': 'k' })).status).toBe(200);
  });

  it('answers only for its own host (421), and any origin without credentials', async () => {
    expect((await get('/v1/scopes', { host: `attacker.example:${port}` })).status).toBe(421);
    const simple = await get('/v1/scopes', { host: `localhost:${port}`, origin: 'https://attacker.example', 'x-example-api-key': 'k' });
    expect(simple.headers['access-control-allow-origin']).toBe('*');
    expect(simple.headers['access-control-allow-credentials']).toBeUndefined();
    const preflight = await get(
      '/v1/scopes',
      { host: `127.0.0.1:${port}`, origin: 'https://attacker.example', 'access-control-request-method': 'GET' },
      'OPTIONS',
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('stops cleanly on Ctrl-C: "mock: stopped", exit 0, Prism gone', async () => {
    const prism = Number(/Prism pid (\d+)/.exec(output)?.[1] ?? NaN);
    const exited = new Promise<number | null>((resolve) => mock.once('exit', (code) => resolve(code)));
    // As a terminal does: the signal reaches the command and its child.
    for (const pid of [mock.pid, prism]) if (Number.isInteger(pid)) process.kill(pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).toMatch(/mock: stopped\n$/);
    expect(output).not.toMatch(/Prism (exited|stopped on its own)/);
    expect(() => process.kill(prism, 0)).toThrow();
  });
});

// Found by the second new-user trial: `npm run mock &`, then `kill` of that npm, left the mock and
// Prism running. The commands stop once their parent is gone (scripts/serve/stop-with-parent.ts):
// here a real parent, a shell, killed under a real child that calls it.
describe('a command whose parent is gone', () => {
  it('stops within a few seconds, the parent it started with being no more', async () => {
    const script = `import { stopWithParent } from ${JSON.stringify(path.join(root, 'scripts', 'serve', 'stop-with-parent.ts'))};
      stopWithParent(() => { console.log('stopped'); process.exit(0); }, undefined, 100);
      setInterval(() => {}, 1000);
      console.log('started');`;
    const shell = spawn('bash', ['-c', '"$0" --input-type=module -e "$1" & echo "child $!"; wait', process.execPath, script], { cwd: root });
    let seen = '';
    shell.stdout.on('data', (chunk: Buffer) => (seen += chunk.toString()));
    const until = async (text: string) => {
      for (let i = 0; i < 100 && !seen.includes(text); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
      return seen.includes(text);
    };
    expect(await until('started')).toBe(true);
    const child = Number(/child (\d+)/.exec(seen)?.[1]);
    shell.kill('SIGKILL');
    expect(await until('stopped'), seen).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Gone, or a zombie its new parent has not reaped yet (an init that reaps nothing, in a container).
    const state = await fs.readFile(`/proc/${child}/stat`, 'utf8').then(
      (stat) => stat.slice(stat.lastIndexOf(')') + 2)[0],
      () => 'gone',
    );
    expect(['gone', 'Z']).toContain(state);
  });
});

describe('npm run mock on a port in use', () => {
  it('exits 1 with one line that says to give another --port, and starts no Prism', async () => {
    const holder = http.createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const taken = (holder.address() as AddressInfo).port;
    try {
      const result = await runScript(root, 'mock', ['--port', String(taken)], { INIT_CWD: root });
      expect(result.code, result.output).toBe(1);
      expect(result.stderr).toBe(`mock: listen EADDRINUSE: address already in use 127.0.0.1:${taken}: give another --port\n`);
      expect(result.stdout).toBe(`mock: starting Prism from generated/openapi.json on 127.0.0.1:${taken}...\n`);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  });
});

describe('npm run mock with an overlay it cannot apply', () => {
  it('exits 1 with one line naming the overlay, and starts no Prism', async () => {
    const result = await runScript(root, 'mock', ['--port', String(await freeLoopbackPort()), '--overlay', 'examples/overlays/missing.yaml'], {
      INIT_CWD: root,
    });
    expect(result.code, result.output).toBe(1);
    expect(result.stderr).toBe('mock: overlay examples/overlays/missing.yaml does not exist\n');
    expect(result.stdout).toBe('');
  });
});
