// The package through a real npm registry, as a consumer gets it: Verdaccio (pinned) on 127.0.0.1
// with no uplink, the package published to it with `npm publish` (its one runtime dependency and
// that one's dependency too, from this checkout's node_modules, so nothing comes from elsewhere),
// then installed by name and version into a fresh consumer project, whose program calls the client
// against a recording server and reads openapi.json through the package's exports.
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../support/helpers.ts';
import { freeLoopbackPort, jsonReply, startTestServer, type TestServer } from '../support/http-server.ts';
import { run } from '../support/run-command.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';

const verdaccioBin = path.join(path.dirname(createRequire(import.meta.url).resolve('verdaccio/package.json')), 'bin', 'verdaccio');
const pkg = JSON.parse(await fs.readFile(path.join(root, 'package.json'), 'utf8')) as { name: string; version: string };

let scratch: string;
let registry: string;
let verdaccio: ChildProcess;
let npmrc: string;
let server: TestServer;

/** `npm` with the scratch registry, its token and its own cache: nothing of the user's npm setup (nor its check for a newer npm). */
const npm = (args: string[], cwd: string) =>
  run(
    'npm',
    [...args, '--registry', registry, '--userconfig', npmrc, '--cache', path.join(scratch, 'npm-cache'), '--no-audit', '--no-fund', '--no-update-notifier'],
    cwd,
    {
      npm_config_registry: registry,
    },
  );

beforeAll(async () => {
  scratch = await makeScratchFolder('registry');
  const port = await freeLoopbackPort();
  registry = `http://127.0.0.1:${port}/`;
  const config = [
    `storage: ${path.join(scratch, 'storage')}`,
    'auth:',
    '  htpasswd:',
    `    file: ${path.join(scratch, 'htpasswd')}`,
    'uplinks: {}',
    'packages:',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
  await fs.writeFile(path.join(scratch, 'config.yaml'), config);
  verdaccio = spawn(process.execPath, [verdaccioBin, '--config', path.join(scratch, 'config.yaml'), '--listen', `127.0.0.1:${port}`], {
    stdio: 'ignore',
  });
  // Up when it answers; then a user, whose token npm publishes with.
  for (let i = 0; ; i += 1) {
    const up = await fetch(`${registry}-/ping`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error('Verdaccio did not start within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const user = await fetch(`${registry}-/user/org.couchdb.user:tester`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'tester', password: 'tester-password' }),
  });
  const { token } = (await user.json()) as { token: string };
  npmrc = path.join(scratch, 'npmrc');
  await fs.writeFile(npmrc, `//127.0.0.1:${port}/:_authToken=${token}\n`);
  server = await startTestServer();
}, 60_000);

afterAll(async () => {
  verdaccio?.kill();
  await server?.close();
  if (scratch) await fs.rm(scratch, { recursive: true, force: true });
});

describe('the package through a real registry', () => {
  it('publishes, installs by name and version into a fresh project, calls the client and reads openapi.json', async () => {
    const started = performance.now();
    // The three at once: the registry takes each on its own.
    const [published, ...dependencies] = await Promise.all([
      // No provenance here: that needs the CI's identity (the release job has it).
      npm(['publish', '--ignore-scripts', '--provenance=false'], root),
      ...['openapi-typescript-helpers', 'openapi-fetch'].map((dependency) =>
        npm(['publish', '--ignore-scripts', path.join(root, 'node_modules', dependency)], scratch),
      ),
    ]);
    for (const dependency of dependencies) expect(dependency.code, dependency.output).toBe(0);
    expect(published.code, published.output).toBe(0);
    expect(published.output).toContain(`+ ${pkg.name}@${pkg.version}`);

    const consumer = path.join(scratch, 'consumer');
    await fs.mkdir(consumer);
    await fs.writeFile(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    const installed = await npm(['install', '--save-exact', `${pkg.name}@${pkg.version}`], consumer);
    expect(installed.code, installed.output).toBe(0);
    const lock = JSON.parse(await fs.readFile(path.join(consumer, 'package-lock.json'), 'utf8'));
    // Installed from the registry: its tarball's integrity as the registry served it.
    expect(lock.packages[`node_modules/${pkg.name}`]).toMatchObject({ version: pkg.version, integrity: expect.stringMatching(/^sha512-/) });

    server.reply = () => jsonReply(200, { scopes: [] });
    await fs.writeFile(
      path.join(consumer, 'main.js'),
      `import { createRequire } from 'node:module';
import { createEmailDeliveryClient, descriptionVersion, listScopes, packageVersion } from '${pkg.name}';
const description = createRequire(import.meta.url)('${pkg.name}/openapi.json');
const { data, response } = await listScopes(createEmailDeliveryClient({ baseUrl: process.argv[2] }));
console.log(JSON.stringify({ descriptionVersion, packageVersion, info: description.info.version, status: response.status, data }));
`,
    );
    const ran = await run(process.execPath, ['main.js', server.url], consumer);
    expect(ran.code, ran.output).toBe(0);
    expect(JSON.parse(ran.stdout)).toEqual({
      descriptionVersion: pkg.version,
      packageVersion: pkg.version,
      info: pkg.version,
      status: 200,
      data: { scopes: [] },
    });
    expect(server.requests.map((r) => `${r.method} ${r.target}`)).toEqual(['GET /v1/scopes']);
    console.info(`registry round trip (publish, install, call): ${((performance.now() - started) / 1000).toFixed(1)} s`);
  });
});
