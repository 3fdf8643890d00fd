// The PHP SDK (`npm run sdk -- --lang php`): the committed generated/sdk/php is what the command
// writes; every PHP file passes `php -l`; its release asset (.ci/pack-php-sdk: `composer validate
// --strict`, then `composer archive` with the version in its composer.json) installs into a
// consumer project with no network (Packagist off, a path repository of the unpacked archive that
// names no version), whose program calls every operation against the Prism mock and a recording
// server that checks each request with the description; every operation's sample passes `php -l`
// and one runs against the mock; with the example overlays, PHPUnit (php/tests/SdkTest.php) checks
// the typed classes, the credential by scheme and the printed forms. What only repeats a run on the
// same inputs is reused (reusedWhenSame): the remade and the overlaid SDKs, the lint's verdict.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOperations } from '../../scripts/bundle-operations.ts';
import { sampleFacts, sdkSampleFacts } from '../../scripts/pipeline/code-samples.ts';
import { type MockServer, startMockServer } from '../../scripts/serve/mock-server.ts';
import { composerPackage } from '../../scripts/languages/php/php-sdk.ts';
import { phpSample } from '../../scripts/languages/php/php-sample.ts';
import { operations, type RequestPart } from '../../scripts/stated/operations.ts';
import { type Json, loadBundle, root } from '../support/helpers.ts';
import { freeLoopbackPort, jsonReply, startTestServer } from '../support/http-server.ts';
import { differingFiles, languagesDir, missingFor, mustRun, requireTools, reusedWhenSame, runsHere } from '../support/languages.ts';
import { runCommand } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';
import { phpArgs } from './php/php-command.ts';
import { type CallArguments, operationAt, successStatus, wireRequest } from '../support/wire-format.ts';

const missing = missingFor(['php']);
const scratch = scratchFolderPerFile('sdk-php');
const sdkDir = path.join(root, 'generated', 'sdk', 'php');
const phpDir = path.join(languagesDir, 'php');
const remake = 'npm run sdk -- --lang php --out generated/sdk/php';
/** Composer with no network, no Packagist and a home of its own. */
const composerEnv = () => ({
  COMPOSER_DISABLE_NETWORK: '1',
  COMPOSER_HOME: path.join(scratch.dir, 'composer-home'),
  COMPOSER_CACHE_DIR: path.join(scratch.dir, 'composer-cache'),
  COMPOSER_NO_INTERACTION: '1',
});

/** `npm run sdk -- --lang php` of the description, with `overlays` applied, into `out` (in this process). */
async function writePhpSdk(out: string, overlays: string[] = []): Promise<void> {
  const result = await runCommand('sdk', ['--lang', 'php', ...overlays.flatMap((file) => ['--overlay', file]), '--out', out]);
  expect(result.code, result.output).toBe(0);
}

/** The PHP files below `dir`. */
const phpFiles = async (dir: string) =>
  (await fs.readdir(dir, { recursive: true })).filter((file) => file.endsWith('.php')).map((file) => path.join(dir, file));

/** What the SDKs written in this process are made of: the toolchain's scripts and lock, and the bundle. */
const writerKey = () => [
  { tree: path.join(root, 'scripts') },
  ...['package-lock.json', 'generated/openapi.json'].map((file) => ({ file: path.join(root, file) })),
];

/** `php -l` of each file, side by side: a syntax error fails naming its file. */
async function lint(files: string[]): Promise<void> {
  for (let start = 0; start < files.length; start += 8)
    await Promise.all(files.slice(start, start + 8).map((file) => mustRun('php', ['-n', '-l', file], root)));
}

/**
 * The committed SDK packed by .ci/pack-php-sdk (the release asset), unpacked, and installed into a
 * consumer project in `app` with no network; the version comes from the archive's composer.json.
 */
async function installConsumer(app: string, version: string): Promise<void> {
  const packages = path.join(scratch.dir, 'packages');
  const unpacked = path.join(scratch.dir, 'sdk-unpacked');
  await fs.mkdir(unpacked, { recursive: true });
  await fs.mkdir(app, { recursive: true });
  const packed = (await mustRun('bash', [path.join(root, '.ci', 'pack-php-sdk'), packages], root)).stdout.trim();
  expect(packed).toBe(path.join(packages, `email-delivery-api-sdk-${version}.tar.gz`));
  await mustRun('tar', ['-xzf', packed, '-C', unpacked], scratch.dir);
  const manifest = {
    name: 'consumer/app',
    require: { [composerPackage]: version },
    repositories: [{ 'packagist.org': false }, { type: 'path', url: unpacked, options: { symlink: false } }],
  };
  await fs.writeFile(path.join(app, 'composer.json'), JSON.stringify(manifest, null, 2));
  await mustRun('composer', ['install', '--no-progress'], app, composerEnv());
}

/** The arguments the consumer gives each operation, by its request part. */
const argumentsOf: Record<RequestPart, CallArguments> = {
  none: {},
  id: { id: 'id 1/é' },
  query: { query: { name: 'value', 'two words': 'a&b' } },
  'id+optional-body': { id: 'id 1/é', body: { any: 1 } },
  'required-body': { body: { any: 1 } },
};

describe.runIf(runsHere('the PHP SDK', missing))('the PHP SDK', () => {
  let document: Json;
  const app = () => path.join(scratch.dir, 'app');
  // Composer and the mock start at once, side by side with the SDKs this process writes.
  let installed: Promise<void>;
  let mockStarted: Promise<MockServer>;
  beforeAll(async () => {
    document = await loadBundle();
    if (missing) return;
    installed = installConsumer(app(), String(document.info.version));
    mockStarted = freeLoopbackPort().then((port) => startMockServer({ bundleFile: path.join(root, 'generated', 'openapi.json'), port }));
    // Awaited by the tests that need them; a failure is theirs.
    installed.catch(() => {});
    mockStarted.catch(() => {});
  });
  afterAll(async () => {
    await (await mockStarted?.catch(() => undefined))?.stop();
  });

  it(`the committed generated/sdk/php is what \`${remake}\` writes, and lints`, async () => {
    requireTools(missing);
    const out = path.join(scratch.dir, 'remade');
    // Written again only when what makes it changed (a run of the command in this process costs seconds of imports).
    await reusedWhenSame('php-sdk-remade', writerKey(), scratch.dir, ['remade'], () => writePhpSdk(out));
    expect(await differingFiles(out, sdkDir, /^$/), `generated/sdk/php is not what the description makes: run \`${remake}\` and commit it`).toEqual([]);
    const files = [...(await phpFiles(sdkDir)), ...(await phpFiles(phpDir))];
    for (const file of await phpFiles(path.join(sdkDir, 'src'))) expect(await fs.readFile(file, 'utf8'), file).toContain('declare(strict_types=1);');
    // The verdict kept for the same files and the same PHP (a failure is not kept: it throws).
    const php = execFileSync('php', ['-n', '-v'], { encoding: 'utf8' });
    await reusedWhenSame('php-sdk-lint', [php, { tree: sdkDir }, { tree: phpDir }], scratch.dir, [], () => lint(files));
  });

  describe('packed by .ci/pack-php-sdk (composer archive, its version in), installed offline, a consumer calls every operation', () => {
    let mock: MockServer | undefined;
    beforeAll(async () => {
      requireTools(missing);
      mock = await mockStarted;
      await installed;
    });

    it('against the Prism mock: each answers its success', async () => {
      const result = await mustRun('php', [...phpArgs(), path.join(phpDir, 'consumer.php'), mock!.url], app());
      expect(result.stdout.trim().split('\n').sort()).toEqual(operations.map((row) => `${row.operationId} ok`).sort());
    });

    it('against a recording server: each request is what the description says', async () => {
      const server = await startTestServer();
      server.reply = (request) => {
        const operationId = operationAt(document, request.method, request.path);
        return operationId ? jsonReply(successStatus(document, operationId), { ok: true }) : jsonReply(404, {});
      };
      try {
        const result = await mustRun('php', [...phpArgs(), path.join(phpDir, 'consumer.php'), server.url], app());
        expect(result.stdout.trim().split('\n')).toHaveLength(operations.length);
        const sent = server.requests.map((request) => {
          const operationId = operationAt(document, request.method, request.path) ?? `${request.method} ${request.target}`;
          return { operationId, request: `${request.method} ${request.target}`, body: request.body, key: request.headers['x-api-key'] };
        });
        const expected = operations.map((row) => {
          const wire = wireRequest(document, row.operationId, argumentsOf[row.request]);
          return { operationId: row.operationId, request: `${wire.method} ${wire.target}`, body: wire.body, key: 'consumer-key' };
        });
        const byOperation = (a: { operationId: string }, b: { operationId: string }) => a.operationId.localeCompare(b.operationId);
        expect(sent.sort(byOperation)).toEqual(expected.sort(byOperation));
        expect(new Set(server.requests.map((request) => request.headers['user-agent']))).toEqual(new Set([`email-delivery-api-php/${document.info.version}`]));
      } finally {
        await server.close();
      }
    });

    it('the PHP code docs/sdks.md shows passes php -l, and its first call catches a 404 as a NotFoundException with its headers', async () => {
      const docs = await fs.readFile(path.join(root, 'docs', 'sdks.md'), 'utf8');
      const start = docs.indexOf('\n## PHP\n');
      const section = docs.slice(start, docs.indexOf('\n## ', start + 1));
      const blocks = [...section.matchAll(/```php\n([\s\S]*?)```/g)].map((match) => match[1]);
      expect(blocks.length, 'PHP blocks in the PHP section').toBeGreaterThanOrEqual(2);
      const files = blocks.map((_, index) => path.join(app(), `docs-${index}.php`));
      await Promise.all(blocks.map((block, index) => fs.writeFile(files[index], `<?php\n${block}`)));
      await lint(files);
      const server = await startTestServer();
      server.reply = (request) =>
        request.path === '/v1/integrations/int_1'
          ? { status: 404, body: '{"message":"no such integration"}', headers: { 'content-type': 'application/json', 'x-request-id': 'req_42' } }
          : jsonReply(200, []);
      try {
        const first = blocks.find((block) => block.includes('NotFoundException $error'))!;
        await fs.writeFile(files[0], `<?php\nrequire 'vendor/autoload.php';\n${first.replace('https://your-service.example', server.url)}`);
        const result = await mustRun('php', [...phpArgs(), files[0]], app(), { EMAIL_API_KEY: 'docs-key' });
        expect(result.stdout).toContain('404 req_42');
        expect(result.stdout).toContain('no such integration');
        expect(server.requests.map((request) => `${request.method} ${request.path} ${request.headers['x-api-key']}`)).toEqual([
          'GET /v1/webhooks docs-key',
          'GET /v1/integrations/int_1 docs-key',
        ]);
      } finally {
        await server.close();
      }
    });

    it("every operation's sample passes php -l, and one runs against the mock", async () => {
      const baseUrl = String(document.servers[0].variables.base_url.default);
      const samples = path.join(app(), 'samples');
      await fs.mkdir(samples, { recursive: true });
      const written: string[] = [];
      for (const operation of listOperations(document)) {
        const file = path.join(samples, `${operation.operationId}.php`);
        await fs.writeFile(file, phpSample(document, operation, baseUrl, sdkSampleFacts(sampleFacts(document, operation), '')));
        written.push(file);
      }
      expect(written).toHaveLength(operations.length);
      await lint(written);
      const source = await fs.readFile(path.join(samples, 'getIntegration.php'), 'utf8');
      await fs.writeFile(path.join(app(), 'sample.php'), source.replace(baseUrl, mock!.url));
      const result = await mustRun('php', [...phpArgs(), 'sample.php'], app());
      expect(result.stdout).toMatch(/^array\(/);
    });
  });

  it('the bench program (php/bench.php) prints its figures of both clients', async () => {
    requireTools(missing);
    const server = await startTestServer();
    server.reply = () => jsonReply(200, [{ id: 'wh_1' }]);
    try {
      const result = await mustRun('php', [...phpArgs(), path.join(phpDir, 'bench.php'), server.url, '20'], scratch.dir);
      expect(JSON.parse(result.stdout)).toEqual({ calls: 20, sdkSeconds: expect.any(Number), plainSeconds: expect.any(Number) });
      // The warm-up (2 of each), then 20 of each: every one a GET of /v1/webhooks.
      expect(server.requests.map((request) => `${request.method} ${request.target}`)).toEqual(Array(44).fill('GET /v1/webhooks'));
    } finally {
      await server.close();
    }
  });

  it('with the example overlays: the typed classes carry their fields, the credential comes by scheme (PHPUnit)', async () => {
    requireTools(missing);
    const overlaid = path.join(scratch.dir, 'overlaid');
    const overlays = ['examples/overlays/fields.yaml', 'examples/overlays/auth.yaml'].map((file) => path.join(root, file));
    // Written again only when what makes it changed: the toolchain's scripts and lock, the bundle, the overlays.
    await reusedWhenSame('php-sdk-overlaid', [...writerKey(), ...overlays.map((file) => ({ file }))], scratch.dir, ['overlaid'], () =>
      writePhpSdk(overlaid, overlays),
    );
    const server = await startTestServer();
    server.reply = (request) => jsonReply(200, request.query.includes('missing') ? {} : { state: 'delivered' });
    try {
      const result = await mustRun('phpunit', ['--do-not-cache-result', path.join(phpDir, 'tests')], scratch.dir, {
        SDK_DIR: overlaid,
        SERVER_URL: server.url,
      });
      const tests = (await fs.readFile(path.join(phpDir, 'tests', 'SdkTest.php'), 'utf8')).match(/public function test/g)?.length;
      expect(result.stdout).toContain(`OK (${tests} tests`);
      expect(server.requests[0]?.headers['x-example-api-key'], 'the credential read from EMAIL_DELIVERY_EXAMPLE_API_KEY').toBe('sk-phpunit-4f2a /+&');
    } finally {
      await server.close();
    }
  });
});
