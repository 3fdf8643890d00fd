// The PHP SDK's package checks (test/languages/sdk-packages.test.ts runs them, as every language's):
// every PHP file of the committed SDK and of the tier passes `php -l`, each of src/ strict-typed;
// the release asset (.ci/pack-php-sdk: `composer validate --strict`, then `composer archive` with
// the version in its composer.json) installs into a consumer project with no network (Packagist
// off, a path repository of the unpacked archive that names no version), whose program
// (php/consumer.php) calls every operation; the samples and the docs' blocks pass `php -l`; with the
// example overlays, PHPUnit (php/tests/SdkTest.php) checks the typed classes, the credential by
// scheme, the printed forms and the keyed POST's retries; and what is PHP's own: the docs' first
// call catches a 404 by its class, and the bench program (scripts/dev/sdk-bench/bench.php) prints its figures. No Prism run (some 3
// s of CPU): the recording server compares each request's line, body, the body's media type and
// credential with the description, which Prism does not. Reused while their inputs are the same
// (reusedWhenSame): the lint's verdict, the packed and installed consumer project.
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { composerPackage } from '../../../scripts/languages/php/php-sdk.ts';
import { root } from '../../support/helpers.ts';
import { jsonReply, type Reply, startTestServer } from '../../support/http-server.ts';
import { languagesDir, mustRun, reusedWhenSame, toolVersion } from '../../support/languages.ts';
import { docsBlocks, expectBenchProgramRuns, type PackageChecks, type PackageContext } from '../../support/sdk-package.ts';
import { phpArgs } from './php-command.ts';

const phpDir = path.join(languagesDir, 'php');
const pack = path.join(root, '.ci', 'pack-php-sdk');
/** The per-call bench's PHP program (npm run bench -- --only sdk): it runs the committed SDK. */
const benchProgram = path.join(root, 'scripts', 'dev', 'sdk-bench', 'bench.php');

/** The PHP files below `dir`. */
const phpFiles = async (dir: string) =>
  (await fs.readdir(dir, { recursive: true })).filter((file) => file.endsWith('.php')).map((file) => path.join(dir, file));

/** `php -l` of each file, 8 side by side (it lints one file a run): a syntax error fails naming its file. */
async function lint(files: string[], cwd: string): Promise<void> {
  for (let start = 0; start < files.length; start += 8) await Promise.all(files.slice(start, start + 8).map((file) => mustRun('php', ['-n', '-l', file], cwd)));
}

/** This PHP's version, and Composer's: part of the reused verdicts' keys. */
const phpVersion = () => toolVersion('php', ['-n', '-v']);
const composerVersion = () => toolVersion('composer', ['--version', '--no-ansi']);

/** Composer with no network, no Packagist and a home of its own in `dir`. */
const composerEnv = (dir: string) => ({
  COMPOSER_DISABLE_NETWORK: '1',
  COMPOSER_HOME: path.join(dir, 'composer-home'),
  COMPOSER_CACHE_DIR: path.join(dir, 'composer-cache'),
  COMPOSER_NO_INTERACTION: '1',
});

/**
 * A `vendor/autoload.php` in `dir` that loads the committed SDK's classes (PSR-4, as Composer's
 * would): what the docs' code and the samples require, without an install.
 */
async function committedAutoload(context: PackageContext, dir: string): Promise<void> {
  await fs.mkdir(path.join(dir, 'vendor'), { recursive: true });
  const loader = [
    '<?php',
    'spl_autoload_register(static function (string $class): void {',
    `    $file = ${JSON.stringify(path.join(context.committed, 'src'))} . '/' . str_replace('\\\\', '/', substr($class, strlen('EmailDelivery\\\\'))) . '.php';`,
    "    if (str_starts_with($class, 'EmailDelivery\\\\') && is_file($file)) {",
    '        require $file;',
    '    }',
    '});',
    '',
  ].join('\n');
  await fs.writeFile(path.join(dir, 'vendor', 'autoload.php'), loader);
}

/**
 * The committed SDK packed by .ci/pack-php-sdk (the release asset), unpacked, and installed into a
 * consumer project `<scratch>/package/app` with no network; the version comes from the archive's
 * composer.json. Again only when the SDK, the script, PHP or Composer changed.
 */
async function installConsumer(context: PackageContext): Promise<string> {
  const work = path.join(context.scratch, 'package');
  const version = String(context.document.info.version);
  const archive = await reusedWhenSame(
    'php-sdk-installed',
    [await phpVersion(), await composerVersion(), version, { file: pack }, { tree: context.committed }],
    work,
    ['app'],
    async () => {
      const packages = path.join(work, 'packages');
      const unpacked = path.join(work, 'app', 'sdk-unpacked');
      await fs.mkdir(unpacked, { recursive: true });
      const packed = (await mustRun('bash', [pack, packages], root)).stdout.trim();
      await mustRun('tar', ['-xzf', packed, '-C', unpacked], work);
      const manifest = {
        name: 'consumer/app',
        require: { [composerPackage]: version },
        // A relative path: the project's copy, reused elsewhere, still finds it.
        repositories: [{ 'packagist.org': false }, { type: 'path', url: 'sdk-unpacked', options: { symlink: false } }],
      };
      await fs.writeFile(path.join(work, 'app', 'composer.json'), JSON.stringify(manifest, null, 2));
      await mustRun('composer', ['install', '--no-progress'], path.join(work, 'app'), composerEnv(work));
      return path.relative(work, packed);
    },
  );
  expect(archive).toBe(path.join('packages', `email-delivery-api-sdk-${version}.tar.gz`));
  return path.join(work, 'app');
}

/**
 * What the overlaid SDK's PHPUnit file calls: getMessageStatus answers `{"state": "delivered"}`
 * (`{}` for the id `missing`); a send's first request 503 (Retry-After 0), the next 201, each with
 * the idempotency keys its path has seen; exportContacts 503 with how many times it was asked.
 */
function overlaidReply(): Reply {
  const seen = new Map<string, string[]>();
  return (request) => {
    const keys = seen.get(request.path) ?? [];
    seen.set(request.path, keys);
    keys.push(String(request.headers['idempotency-key']));
    if (request.path.startsWith('/v1/batches/'))
      return keys.length === 1
        ? { ...jsonReply(503, { keys }), headers: { 'content-type': 'application/json', 'retry-after': '0' } }
        : jsonReply(201, { keys });
    if (request.path === '/v2/contacts/export/filter')
      return { ...jsonReply(503, { times: keys.length }), headers: { 'content-type': 'application/json', 'retry-after': '0' } };
    return jsonReply(200, request.query.includes('missing') ? {} : { state: 'delivered' });
  };
}

const checks: PackageChecks = {
  needs: ['php'],

  checkers: {
    title: "every PHP file of the SDK and of the tier's PHP programs passes php -l, and each of the SDK's src/ declares strict_types",
    async run(context) {
      for (const file of await phpFiles(path.join(context.committed, 'src')))
        expect(await fs.readFile(file, 'utf8'), file).toContain('declare(strict_types=1);');
      const files = [...(await phpFiles(context.committed)), ...(await phpFiles(phpDir)), benchProgram];
      // The verdict kept for the same files and the same PHP (a failure is not kept: it throws).
      await reusedWhenSame(
        'php-sdk-lint',
        [await phpVersion(), { tree: context.committed }, { tree: phpDir, ignored: /\.ts$/ }, { file: benchProgram }],
        context.scratch,
        [],
        () => lint(files, root),
      );
    },
  },

  packageTitle: 'packed by .ci/pack-php-sdk (composer archive, its version in), installed by Composer with no network',
  async installAndConsume(context, baseUrl) {
    const app = await installConsumer(context);
    const result = await mustRun('php', [...phpArgs(), path.join(phpDir, 'consumer.php'), baseUrl], app);
    return { lines: result.stdout.trim().split('\n'), rounds: 1 };
  },

  samplesTitle: 'pass php -l',
  sampleExtension: '.php',
  async checkSamples(_context, dir, files) {
    // The docs' blocks are PHP without the opening tag.
    for (const file of files.filter((name) => name.startsWith('docs_')))
      await fs.writeFile(path.join(dir, file), `<?php\n${await fs.readFile(path.join(dir, file), 'utf8')}`);
    await lint(
      files.map((file) => path.join(dir, file)),
      dir,
    );
  },
  async runSample(context, dir, file) {
    await committedAutoload(context, dir);
    const result = await mustRun('php', [...phpArgs(), file], dir);
    expect(result.stdout, 'var_dump of the decoded answer').toMatch(/^array\(1\) \{\s+\["ok"\]=>\s+bool\(true\)\s+\}\s*$/);
    return result.stdout;
  },

  overlaid: {
    title:
      'with the example overlays (PHPUnit): the typed classes carry their fields, the credential comes by scheme, a keyed POST is retried with one key and another POST sent once, a PSR-3 logger gets each line as placeholders',
    async run(context) {
      const overlays = ['fields.yaml', 'auth.yaml', 'idempotency.yaml'].map((file) => path.join(root, 'examples', 'overlays', file));
      const sdk = await context.writeSdk('overlaid', overlays);
      const server = await startTestServer();
      server.reply = overlaidReply();
      try {
        const result = await mustRun('phpunit', ['--do-not-cache-result', path.join(phpDir, 'tests')], context.scratch, {
          SDK_DIR: sdk,
          SERVER_URL: server.url,
        });
        const tests = (await fs.readFile(path.join(phpDir, 'tests', 'SdkTest.php'), 'utf8')).match(/public function test/g)?.length;
        expect(result.stdout).toContain(`OK (${tests} tests`);
        expect(server.requests[0]?.headers['x-example-api-key'], 'the credential read from EMAIL_DELIVERY_EXAMPLE_API_KEY').toBe('sk-phpunit-4f2a /+&');
        const sends = server.requests.filter((request) => request.method === 'POST').map((request) => `${request.path} ${request.headers['idempotency-key']}`);
        expect(sends.filter((send) => send.startsWith('/v1/batches/given-key/'))).toEqual(Array(2).fill('/v1/batches/given-key/send caller-key-1'));
        expect(
          sends.filter((send) => send.startsWith('/v2/contacts/')),
          'a POST without the key, sent once',
        ).toEqual(['/v2/contacts/export/filter undefined']);
      } finally {
        await server.close();
      }
    },
  },

  own: [
    {
      title: 'the first call docs/sdks.md shows catches a 404 as a NotFoundException with its headers',
      async run(context) {
        const dir = path.join(context.scratch, 'docs-call');
        await committedAutoload(context, dir);
        const first = (await docsBlocks('PHP', 'php')).find((block) => block.includes('NotFoundException $error'));
        expect(first, 'a PHP block of docs/sdks.md that catches NotFoundException').toBeDefined();
        const server = await startTestServer();
        server.reply = (request) =>
          request.path === '/v1/integrations/int_1'
            ? { status: 404, body: '{"message":"no such integration"}', headers: { 'content-type': 'application/json', 'x-request-id': 'req_42' } }
            : jsonReply(200, []);
        try {
          await fs.writeFile(
            path.join(dir, 'first.php'),
            `<?php\nrequire 'vendor/autoload.php';\n${first!.replace('https://your-service.example', server.url)}`,
          );
          const result = await mustRun('php', [...phpArgs(), 'first.php'], dir, { EMAIL_API_KEY: 'docs-key' });
          expect(result.stdout).toContain('404 req_42');
          expect(result.stdout).toContain('no such integration');
          expect(server.requests.map((request) => `${request.method} ${request.path} ${request.headers['x-api-key']}`)).toEqual([
            'GET /v1/webhooks docs-key',
            'GET /v1/integrations/int_1 docs-key',
          ]);
        } finally {
          await server.close();
        }
      },
    },
    {
      title: 'the bench program (scripts/dev/sdk-bench/bench.php) prints its figures of the SDK, the SDK with a PSR-3 logger at INFO and the plain client',
      async run(context) {
        await expectBenchProgramRuns((baseUrl, calls) => mustRun('php', [...phpArgs(), benchProgram, baseUrl, calls], context.scratch));
      },
    },
  ],
};

export default checks;
