// The Python SDK, as `npm run sdk -- --lang python` writes it (scripts/languages/python/): the committed one
// (generated/sdk/python) is what the description makes, byte for byte; it type-checks under
// mypy --strict for Python 3.10; it builds a wheel and an sdist with the standard front-end (`build`,
// setuptools, no isolation), passes `twine check`, and installs with no network into a fresh venv
// from the pinned wheels of its dependencies; a consumer program (python/call_sdk.py) type-checks
// against the installed package and calls every operation, sync and async, against the Prism mock.
// With the example overlays, and with an overlay `npm run learn` wrote from traffic made here, the
// fields are typed: the consumer type-checks, a misspelt field is a mypy error, and the calls send
// what the description says. Against a compressed answer (1 GiB of zeros in 2.5 KB of `gzip, gzip`),
// the client's peak memory stays within the bound, and the call within its deadline. (The
// guarantees: sdk-guarantees-python.test.ts.)
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { overlaidDescription } from '../../scripts/overlay/build-overlaid.ts';
import { listOperations } from '../../scripts/bundle-operations.ts';
import { type MockServer, startMockServer } from '../../scripts/serve/mock-server.ts';
import { operations as statedOperations } from '../../scripts/stated/operations.ts';
import { languageTools } from '../../scripts/languages/language-tools.ts';
import { bodyType } from '../../scripts/languages/python/python-models.ts';
import { pythonSdk } from '../../scripts/languages/python/python-sdk.ts';
import { harText } from '../support/har.ts';
import { checkout, type Json, loadBundle, root } from '../support/helpers.ts';
import { freeLoopbackPort, jsonReply, type Reply, startTestServer } from '../support/http-server.ts';
import {
  differingFiles,
  docsSamples,
  languagesDir,
  missingFor,
  mustRun,
  mypyVerdict,
  requireTools,
  reusedWhenSame,
  runsHere,
  tierWorkspace,
  venv,
} from '../support/languages.ts';
import { runCommand } from '../support/run-command.ts';

const missing = missingFor(['python']);
const { wheelhouse } = languageTools(root);
const tier = tierWorkspace('python-sdk');
const bin = (name: string) => path.join(venv, 'bin', name);
const committed = path.join(root, 'generated', 'sdk', 'python');
const remake = 'npm run sdk -- --lang python --out generated/sdk/python';
/** No bytecode written beside the sources (generated/sdk/python among them). */
const quiet = { PYTHONDONTWRITEBYTECODE: '1' };
/** pip with no index, no configured find-links and no way out: what it installs comes from the wheelhouse. */
const offline = {
  ...quiet,
  PIP_CONFIG_FILE: os.devNull,
  PIP_FIND_LINKS: undefined,
  PIP_NO_INDEX: '1',
  HTTP_PROXY: 'http://127.0.0.1:9',
  HTTPS_PROXY: 'http://127.0.0.1:9',
};

/** `npm run sdk -- --lang python [--overlay ...] --out <out>`, in this process. */
async function writeSdk(out: string, overlays: string[] = []): Promise<void> {
  const result = await runCommand('sdk', ['--lang', 'python', ...overlays.flatMap((file) => ['--overlay', file]), '--out', out]);
  expect(result.code, result.output).toBe(0);
}

/** What Python writes into a folder it imports, builds or installs from: not the SDK's (the language's own rule, whose files `npm run sdk` replaces). */
const notSdk = pythonSdk.leftovers!;

/**
 * The SDK in `sdk` built as a wheel and an sdist, checked by twine, and its wheel installed with no
 * network into a fresh venv from the wheelhouse (the lock's wheels of its dependencies, each hash
 * checked against the lock again); that venv's python. The build and twine's verdict are reused
 * (reusedWhenSame) when the SDK's files, the lock and the venv are the same; the install runs each time.
 */
async function packageAndInstall(sdk: string, label: string): Promise<{ built: string[]; python: string }> {
  const work = path.join(tier.work, label);
  const project = path.join(work, 'project');
  const dist = path.join(work, 'dist');
  const lockFile = path.join(languagesDir, 'python', 'requirements.lock');
  const key = [venv, { file: lockFile }, { tree: sdk, ignored: notSdk }, 'build --no-isolation --sdist --wheel; twine check --strict'];
  const checked = await reusedWhenSame(`python-sdk-dist-${label}`, key, work, ['dist'], async () => {
    // Not what Python wrote there (a build/ or .egg-info/ setuptools would pack): the key leaves it out.
    await fs.cp(sdk, project, { recursive: true, filter: (source) => !notSdk.test(`${path.relative(sdk, source)}/`) });
    await mustRun(bin('python'), ['-m', 'build', '--no-isolation', '--sdist', '--wheel', '--outdir', dist, project], work, quiet);
    const files = (await fs.readdir(dist)).sort();
    return (await mustRun(bin('twine'), ['check', '--strict', ...files.map((file) => path.join(dist, file))], work)).stdout;
  });
  const built = (await fs.readdir(dist)).sort();
  expect(checked.match(/PASSED/g)).toHaveLength(2);
  const lock = await fs.readFile(lockFile, 'utf8');
  for (const wheel of (await fs.readdir(wheelhouse)).filter((file) => file.endsWith('.whl')))
    expect(lock, `${wheel}'s SHA-256 is one the lock pins`).toContain(
      `sha256:${createHash('sha256')
        .update(await fs.readFile(path.join(wheelhouse, wheel)))
        .digest('hex')}`,
    );
  // A venv of the machine's python3 with nothing installed (ensurepip's own pip would cost some 8 s),
  // into which the tier's pip installs (--python): the wheel and its dependencies, nothing else.
  const fresh = path.join(work, 'venv');
  await mustRun('python3', ['-m', 'venv', '--without-pip', fresh], work);
  const python = path.join(fresh, 'bin', 'python');
  const pip = (args: string[]) => mustRun(bin('python'), ['-m', 'pip', '--python', python, ...args, '--disable-pip-version-check'], work, offline);
  const wheel = path.join(
    dist,
    built.find((file) => file.endsWith('.whl'))!,
  );
  await pip(['install', '--quiet', '--no-index', '--find-links', wheelhouse, wheel]);
  await pip(['check']);
  return { built, python };
}

const programs = path.join(languagesDir, 'python');

/** The example overlays: typed fields, a cursor, an idempotency key, two security schemes; and a parameter of each location. */
const exampleOverlays = [
  'examples/overlays/fields.yaml',
  'examples/overlays/paging.yaml',
  'examples/overlays/idempotency.yaml',
  'examples/overlays/auth.yaml',
  'examples/overlays/bearer.yaml',
  'test/fixtures/overlays/parameters.yaml',
];
/** The variables the overlaid SDK reads its credentials from, unset: a test sets what it reads. */
const noCredentials = { EMAIL_DELIVERY_EXAMPLE_API_KEY: undefined, EMAIL_DELIVERY_EXAMPLE_BEARER: undefined };

/**
 * A copy of the consumer `program` in a folder of its own, and beside it (`misspelt`, a module of
 * its own name) one with each of `typos` made: one mypy run checks both.
 */
async function consumer(program: string, label: string, typos: [string, string][] = []): Promise<{ dir: string; misspelt: string }> {
  const dir = path.join(tier.work, label);
  const misspelt = program.replace(/\.py$/, '_misspelt.py');
  await fs.mkdir(dir, { recursive: true });
  const text = await fs.readFile(path.join(programs, program), 'utf8');
  await fs.writeFile(path.join(dir, program), text);
  let wrong = text;
  for (const [right, typo] of typos) {
    expect(wrong, `the program names ${right}`).toContain(right);
    wrong = wrong.replace(right, typo);
  }
  if (typos.length > 0) await fs.writeFile(path.join(dir, misspelt), wrong);
  return { dir, misspelt };
}

/** Each operation's Python sample in the docs of `document`, written into `dir` as `sample_<operationId>.py`; their names. */
async function writeSamples(dir: string, document: Json): Promise<string[]> {
  const names: string[] = [];
  for (const [operationId, source] of docsSamples(document, 'python')) {
    names.push(`sample_${operationId}.py`);
    await fs.writeFile(path.join(dir, names.at(-1)!), source);
  }
  return names;
}

/**
 * mypy --strict for Python 3.10, in one run, on `programs` in `dir` (each with its misspelt copy, as
 * `consumer` wrote them) and `others`: none of its errors but in the copies, each of `errors` in one of them.
 */
async function typedAndRefused(dir: string, src: string, programs: string[], errors: string[], others: string[] = []): Promise<void> {
  const misspelt = programs.map((program) => program.replace(/\.py$/, '_misspelt.py'));
  const files = [...programs, ...misspelt];
  const verdict = await mypyVerdict(['--strict', '--python-version', '3.10', ...files, ...others], dir, src);
  expect(verdict.code, verdict.output).toBe(1);
  const found = verdict.output.split('\n').filter((line) => /^\S+\.py:\d+: error: /.test(line));
  expect(
    found.filter((line) => !misspelt.some((copy) => line.startsWith(`${copy}:`))),
    'the programs type-check',
  ).toEqual([]);
  for (const error of errors)
    expect(
      found.some((line) => line.includes(error)),
      `${misspelt.join(', ')}: ${error}\n${verdict.output}`,
    ).toBe(true);
}

const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A deflate stream's last block: empty, fixed codes, final. */
const finalBlock = Buffer.from([3, 0]);
const mib = 1 << 20;

/** `chunk` deflated as blocks that end on a byte and refer to nothing before them (a full flush), so that copies of them in a row are one valid stream. */
const flushedBlocks = (chunk: Buffer) => zlib.deflateRawSync(chunk, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });

/** A gzip member of `prefix`, `count` times `chunk`, then `suffix`, made from copies of the chunk's deflated blocks: 1 GiB in a second, not a minute. */
function gzipOfCopies(chunk: Buffer, count: number, prefix = Buffer.alloc(0), suffix = Buffer.alloc(0)): Buffer {
  let crc = zlib.crc32(prefix);
  for (let i = 0; i < count; i += 1) crc = zlib.crc32(chunk, crc);
  crc = zlib.crc32(suffix, crc);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE((prefix.length + chunk.length * count + suffix.length) % 2 ** 32, 4);
  const ends = [prefix, suffix].map((part) => (part.length > 0 ? [flushedBlocks(part)] : []));
  return Buffer.concat([gzipHeader, ...ends[0], ...Array<Buffer>(count).fill(flushedBlocks(chunk)), ...ends[1], finalBlock, trailer]);
}

/**
 * The compressed answers of the memory test, by the case its client names (`X-Case`): each its
 * Content-Encoding and its bytes. `zeros`: 1 GiB of zeros, gzip then gzip again (2.5 KB);
 * `empty`: a gzip member of 1 GiB of empty deflate blocks, which decode to nothing, gzipped (1.6 MB):
 * only the outer layer makes bytes, so only the bound of every layer, or the deadline, stops it.
 */
function compressedAnswers(): Map<string, { encoding: string; body: Buffer }> {
  const zeros = gzipOfCopies(Buffer.alloc(mib), 1024);
  // An empty stored block (not final) is 5 bytes: `00 00 00 ff ff`. 209,715 of them a MiB.
  const emptyBlocks = Buffer.alloc(5 * 209_715);
  for (let at = 0; at < emptyBlocks.length; at += 5) emptyBlocks.set([0, 0, 0, 0xff, 0xff], at);
  // What the inner gzip member would be (its header, its empty blocks, its last block and a trailer of nothing), gzipped.
  const empty = gzipOfCopies(emptyBlocks, 1024, gzipHeader, Buffer.concat([finalBlock, Buffer.alloc(8)]));
  const json = Buffer.from(JSON.stringify([{ id: 'wh_1' }]));
  return new Map([
    ['zeros', { encoding: 'gzip, gzip', body: zlib.gzipSync(zeros) }],
    ['empty', { encoding: 'gzip, gzip', body: empty }],
    ['deflate', { encoding: 'deflate', body: zlib.deflateSync(json) }],
    ['raw-deflate', { encoding: 'deflate', body: zlib.deflateRawSync(json) }],
    ['gzip-identity', { encoding: 'identity, gzip', body: zlib.gzipSync(json) }],
    ['cut', { encoding: 'gzip', body: zlib.gzipSync(json).subarray(0, 20) }],
    ['three', { encoding: 'gzip, gzip, gzip', body: zlib.gzipSync(zlib.gzipSync(zlib.gzipSync(json))) }],
    ['br', { encoding: 'br', body: zlib.brotliCompressSync(json) }],
    ['br-error', { encoding: 'br', body: zlib.brotliCompressSync(json) }],
    ['plain', { encoding: 'identity', body: json }],
  ]);
}

describe.runIf(runsHere('the Python SDK', missing))('the Python SDK', () => {
  let installed: Promise<{ built: string[]; python: string }> | undefined;
  const install = () => (installed ??= packageAndInstall(committed, 'package'));
  let overlaid: Promise<string> | undefined;
  /** The SDK of the example overlays (written once for the tests that use it): its folder. */
  const overlaidSdk = () =>
    (overlaid ??= (async () => {
      const out = path.join(tier.work, 'overlaid');
      await writeSdk(
        out,
        exampleOverlays.map((file) => path.join(root, file)),
      );
      return out;
    })());
  let mock: MockServer | undefined;
  afterAll(async () => {
    await mock?.stop();
  });

  it(`generated/sdk/python is what \`${remake}\` writes`, async () => {
    requireTools(missing);
    const out = path.join(tier.work, 'regenerated');
    await writeSdk(out);
    // What Python writes into a folder it imports, builds or installs from is ignored by git, and here.
    expect(await differingFiles(out, committed, notSdk), `generated/sdk/python is not what the description makes: run \`${remake}\``).toEqual([]);
  });

  it('type-checks under mypy --strict, for Python 3.10 and 3.11, with the driver, the bench program and every operation’s sample in the docs; ruff finds nothing', async () => {
    requireTools(missing);
    const dir = path.join(tier.work, 'typed');
    await fs.mkdir(dir);
    const newest = await mypyVerdict(['--strict', '--python-version', '3.11', '-p', 'email_delivery_api'], dir, path.join(committed, 'src'));
    expect(newest.code, newest.output).toBe(0);
    // Clean under ruff's defaults (the pinned ruff; the package's pyproject.toml says Python 3.10).
    await mustRun(bin('ruff'), ['check', '--no-cache', '--output-format', 'concise', 'src'], committed, quiet);
    // The guarantees' driver, the programs of the tests here and the bench's use it as a consumer does.
    for (const program of ['sdk_driver.py', 'sdk_surface.py', 'compressed_answer.py']) await fs.copyFile(path.join(programs, program), path.join(dir, program));
    await fs.copyFile(path.join(root, 'scripts', 'dev', 'sdk-bench', 'bench.py'), path.join(dir, 'bench.py'));
    // And each operation's Python sample, as the docs and the Markdown reference show it.
    const samples = await writeSamples(dir, await loadBundle());
    expect(samples).toHaveLength(statedOperations.length);
    // For Python 3.10, the package (its folder) and its users in one run: each run analyses the package anyway.
    const oldest = await mypyVerdict(
      [
        '--strict',
        '--python-version',
        '3.10',
        path.join(committed, 'src', 'email_delivery_api'),
        'sdk_driver.py',
        'sdk_surface.py',
        'compressed_answer.py',
        'bench.py',
        ...samples,
      ],
      dir,
      path.join(committed, 'src'),
    );
    expect(oldest.code, oldest.output).toBe(0);
  });

  it('against compressed answers: memory within the bound, each call within its deadline, only the codings it asked for decoded', async () => {
    requireTools(missing);
    const answers = compressedAnswers();
    const accepted = new Set<string>();
    const server = http.createServer((request, response) => {
      const name = String(request.headers['x-case']);
      const answer = answers.get(name)!;
      accepted.add(String(request.headers['accept-encoding']));
      const status = name.endsWith('-error') ? 500 : 200;
      response.writeHead(status, { 'content-type': 'application/json', 'content-encoding': answer.encoding, 'content-length': answer.body.length });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    // A case a path of the decoding: each through the sync client, and the bomb through the async one too (its reads are its own).
    const cases = ['zeros', 'async/zeros', 'empty', 'empty:unbounded', 'deflate', 'raw-deflate', 'gzip-identity', 'cut', 'three', 'br', 'br-error'];
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ran = await mustRun(bin('python'), [path.join(programs, 'compressed_answer.py'), url, ...cases], tier.work, {
        ...quiet,
        PYTHONPATH: path.join(committed, 'src'),
      });
      const lines = ran.stdout
        .trim()
        .split('\n')
        .map(
          (line) =>
            JSON.parse(line) as {
              client: string;
              case: string;
              outcome: string;
              body: unknown;
              error: string;
              timeout: number;
              seconds: number;
              peakMB: number;
            },
        );
      const memory = lines.pop() as unknown as { baselineMB: number; peakMB: number };
      const outcomes = new Map(lines.map((line) => [`${line.client} ${line.case}`, line]));
      const want: Record<string, string> = {
        zeros: 'ResponseTooLargeError',
        empty: 'ResponseTooLargeError',
        'empty:unbounded': 'CallTimeoutError',
        deflate: 'ok',
        'raw-deflate': 'ok',
        'gzip-identity': 'ok',
        cut: 'ConnectionFailedError',
        three: 'ResponseBodyError',
        br: 'ResponseBodyError',
        'br-error': 'InternalServerError',
      };
      expect(lines.filter((line) => line.case !== 'plain').length, 'a line a case').toBe(cases.length);
      for (const given of cases) {
        const [client, name] = given.startsWith('async/') ? ['async', given.slice('async/'.length)] : ['sync', given];
        const got = outcomes.get(`${client} ${name}`)!;
        expect(got.outcome, `${client} ${name}: ${got?.error}`).toBe(want[name]);
        // The deadline plus a second, at most.
        expect(got.seconds, `${client} ${name}`).toBeLessThanOrEqual(got.timeout + 1);
        if (want[name] === 'ok') expect(got.body).toEqual([{ id: 'wh_1' }]);
      }
      expect(outcomes.get('sync br-error')!.error).toContain("the content coding 'br', which the client does not decode");
      // The bound (64 MiB, 67 MB) and 64 MB more at most, over what the plain calls took.
      expect(memory.peakMB - memory.baselineMB, JSON.stringify([memory, ...lines.map((line) => [line.client, line.case, line.peakMB])])).toBeLessThanOrEqual(
        67 + 64,
      );
      expect([...accepted]).toEqual(['gzip, deflate']);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("errors by kind that pickle (a 404 in a process pool's worker), the SDK's own error after close(), with_options over the same connections, and the debug log", async () => {
    requireTools(missing);
    const seen: { path: string; trace?: string; agent?: string }[] = [];
    const server = http.createServer((request, response) => {
      seen.push({ path: request.url ?? '', trace: request.headers['x-trace'] as string | undefined, agent: request.headers['user-agent'] });
      const missingOne = request.url === '/v1/integrations/missing';
      response.writeHead(missingOne ? 404 : 200, {
        'content-type': 'application/json',
        'x-request-id': 'req_1',
        'x-port': String(request.socket.remotePort),
      });
      response.end(JSON.stringify(missingOne ? { message: 'no such integration' } : []));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ran = await mustRun(bin('python'), [path.join(programs, 'sdk_surface.py'), url], tier.work, {
        ...quiet,
        PYTHONPATH: path.join(committed, 'src'),
        EMAIL_DELIVERY_LOG: 'debug',
      });
      const said = new Map(
        ran.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { check: string; value: unknown })
          .map(({ check, value }) => [check, value]),
      );
      // The worker's NotFoundError comes back whole, and the pool works on.
      expect(said.get('pool')).toMatchObject({
        class: 'NotFoundError',
        isApiError: true,
        operation: 'getIntegration',
        status: 404,
        headers: { 'x-request-id': 'req_1' },
        body: { message: 'no such integration' },
      });
      expect(said.get('pool after')).toEqual([]);
      expect(said.get('pickled')).toEqual(
        [
          'NotFoundError',
          'ApiError',
          'CallTimeoutError',
          'ResponseTooLargeError',
          'CrossOriginRedirectError',
          'UnsafePathParameterError',
          'ConnectionFailedError',
          'ResponseBodyError',
          'ClientClosedError',
        ].map((name) => [name, true]),
      );
      // A client from with_options: its own options, the same connection as the client it came from.
      expect(said.get('repr')).toBe(`Client(base_url='${url}', headers=['X-Api-Key', 'X-Trace'], timeout=5.0, max_response_bytes=67108864, max_retries=0)`);
      const [first, second] = said.get('shared') as string[];
      expect(first).toBe(second);
      expect(seen.filter((request) => request.path === '/v1/webhooks').map((request) => request.trace)).toEqual([undefined, 'derived', undefined]);
      const version = JSON.parse(await fs.readFile(path.join(root, 'generated', 'openapi.json'), 'utf8')).info.version as string;
      expect(new Set(seen.map((request) => request.agent))).toEqual(new Set([`email-delivery-api-python/${version}`]));
      for (const name of ['closed', 'derived closed']) expect((said.get(name) as string[])[0], name).toBe('ClientClosedError');
      // The debug log: a line an attempt, no header's value.
      const log = ran.stderr;
      expect(log).toMatch(/email_delivery_api DEBUG GET \/v1\/integrations\/\{id\}: 404, attempt 1$/m);
      expect(log).toMatch(/email_delivery_api DEBUG GET \/v1\/webhooks: 200, attempt 1$/m);
      expect(log).not.toContain('sk-surface-secret');
      expect(log).not.toContain('missing');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('builds a wheel and an sdist (build, setuptools, no isolation) that twine passes, and installs with no network into a fresh venv', async () => {
    requireTools(missing);
    const { built, python } = await install();
    const version = JSON.parse(await fs.readFile(path.join(root, 'generated', 'openapi.json'), 'utf8')).info.version as string;
    expect(built).toEqual([`email_delivery_api-${version}-py3-none-any.whl`, `email_delivery_api-${version}.tar.gz`]);
    const imported = await mustRun(
      python,
      [
        '-c',
        'import importlib.resources, email_delivery_api as sdk; print(sdk.__version__, importlib.resources.files(sdk).joinpath("py.typed").is_file(), sdk.Client("http://127.0.0.1:9", headers={"X-Api-Key": "sk-1"}))',
      ],
      tier.work,
      quiet,
    );
    expect(imported.stdout.trim()).toBe(
      `${version} True Client(base_url='http://127.0.0.1:9', headers=['X-Api-Key'], timeout=60.0, max_response_bytes=67108864, max_retries=2)`,
    );
  });

  it('a consumer program type-checks against the installed package and calls every operation against the Prism mock, sync and async', async () => {
    requireTools(missing);
    const { built, python } = await install();
    const { dir } = await consumer('call_sdk.py', 'consumer');
    // The installed package's own types (py.typed), as a user's mypy finds them: for 3.10 (its
    // sources type-check for 3.11 too, above). The wheel is part of the verdict's key.
    const wheel = path.join(
      tier.work,
      'package',
      'dist',
      built.find((file) => file.endsWith('.whl'))!,
    );
    const verdict = await mypyVerdict(['--strict', '--python-version', '3.10', '--python-executable', python, 'call_sdk.py'], dir, dir, [wheel]);
    expect(verdict.code, verdict.output).toBe(0);
    const bundle = path.join(root, 'generated', 'openapi.json');
    mock = await startMockServer({ bundleFile: bundle, port: await freeLoopbackPort() });
    const ran = await mustRun(python, ['call_sdk.py', mock.url], dir, quiet);
    const document = JSON.parse(await fs.readFile(bundle, 'utf8'));
    const operations = listOperations(document);
    expect(operations).toHaveLength(statedOperations.length);
    // Prism answers a request that breaks the description with an error, which the program would raise.
    const lines = ran.stdout.trim().split('\n');
    expect(lines.map((line) => line.split(' ').slice(0, 2).join(' '))).toEqual(
      ['sync', 'async'].flatMap((kind) => operations.map((operation) => `${kind} ${operation.operationId}`)),
    );
    // Where the description says the body is a JSON object, a dict came back.
    for (const line of lines) {
      const [, operationId, kind] = line.split(' ');
      const operation = operations.find((o) => o.operationId === operationId)!;
      if (bodyType(document, operation.success.schema).kind === 'object') expect(kind, line).toBe('dict');
    }
  });

  it('with the example overlays: the fields, parameters and credentials are typed, a misspelt one is a mypy error, the calls send what the description says, and the README names the credentials', async () => {
    requireTools(missing);
    const out = await overlaidSdk();
    const { dir } = await consumer('check_sdk_fields.py', 'fields', [
      ['status.state ==', 'status.stat =='],
      ['subject="Hello"', 'subjet="Hello"'],
      ['page.nextCursor', 'page.next_cursor'],
      ['idempotency_key="key-1"', 'idempotency="key-1"'],
    ]);
    await consumer('check_sdk_credentials.py', 'fields', [['"ExampleApiKey": "given-key-1234"}', '"ExampleApiKy": "given-key-1234"}']]);
    const src = path.join(out, 'src');
    // The docs of the same overlays show each operation's sample with its typed body and parameters.
    const overlaid = await overlaidDescription(checkout, { overlays: exampleOverlays.map((file) => path.join(root, file)), out: '' }, await loadBundle());
    const samples = await writeSamples(dir, overlaid.document);
    await typedAndRefused(
      dir,
      src,
      ['check_sdk_fields.py', 'check_sdk_credentials.py'],
      [
        '"GetMessageStatusResponseBody" has no attribute "stat"',
        'Unexpected keyword argument "subjet" for "SendBatchRequestBody"',
        '"ListWebhooksResponseBody" has no attribute "next_cursor"',
        'Unexpected keyword argument "idempotency" for "send_batch" of "Client"',
        'Argument "credentials" to "Client" has incompatible type',
      ],
      samples,
    );
    const server = await startTestServer();
    server.reply = (request) =>
      request.path === '/v1/webhooks'
        ? jsonReply(200, { items: [{ url: 'https://hooks.example/a' }], nextCursor: 'c_2' })
        : request.method === 'POST'
          ? jsonReply(201, {})
          : jsonReply(200, { state: 'delivered' });
    try {
      const ran = await mustRun(bin('python'), ['check_sdk_fields.py', server.url], dir, { ...quiet, ...noCredentials, PYTHONPATH: src });
      expect(ran.stdout.trim().split('\n')).toEqual(["page ['https://hooks.example/a'] c_2", 'sent {}', 'state 200 application/json delivered True']);
      // As the description says (unlike the generators' clients, docs/generators.md): %20, not +; tags not exploded; the cookie encoded.
      expect(server.requests.map((r) => [`${r.method} ${r.target}`, r.headers['idempotency-key'], r.headers.cookie, r.body])).toEqual([
        ['GET /v1/webhooks?cursor=page%202%2F%C3%A9&tags=red,a%2Cb', undefined, 'session=s%201%3Bx', ''],
        ['POST /v1/batches/b1/send', 'key-1', undefined, '{"subject":"Hello","sendAt":"2026-11-22T10:00:00Z"}'],
        ['GET /v1/messages/status?id=m1', undefined, undefined, ''],
      ]);
      // No credential given and none in the environment: none sent.
      expect(server.requests.map((r) => [r.headers['x-example-api-key'], r.headers.authorization])).toEqual(server.requests.map(() => [undefined, undefined]));
    } finally {
      await server.close();
    }
    // The README's first call passes the overlay's credential by its scheme, and names each header and variable, not X-Api-Key.
    const readme = await fs.readFile(path.join(out, 'README.md'), 'utf8');
    expect(readme).toContain('with Client("https://your-service.example", credentials={"ExampleApiKey": "..."}) as client:');
    expect(readme).toContain('`ExampleApiKey`, sent in the `X-Example-Api-Key` header (`EMAIL_DELIVERY_EXAMPLE_API_KEY`)');
    expect(readme).toContain('`ExampleBearer`, sent in the `Authorization` header after `Bearer ` (`EMAIL_DELIVERY_EXAMPLE_BEARER`)');
    expect(readme).not.toContain('X-Api-Key');
  });

  it("with the example overlays: each scheme's credential by name or from its variable, a header given instead, none in a text; a keyed POST retried with one key", async () => {
    requireTools(missing);
    const src = path.join(await overlaidSdk(), 'src');
    const { dir } = await consumer('check_sdk_credentials.py', 'credentials');
    const key = 'echo-Key/+1234';
    const token = 'echo-Token/+567890';
    const sent = new Map<string, number>();
    const server = await startTestServer();
    server.reply = (request): ReturnType<Reply> => {
      sent.set(request.path, (sent.get(request.path) ?? 0) + 1);
      if (request.path.startsWith('/v1/batches/'))
        return sent.get(request.path) === 1
          ? { status: 503, body: '{}', headers: { 'retry-after': '0', 'content-type': 'application/json' } }
          : jsonReply(201, { sent: true });
      if (request.path !== '/v1/integrations/echo') return jsonReply(200, { items: [] });
      // Each credential echoed in another case, in lower-case hex, JSON-escaped, in base64url, and as it is.
      const echoes = [key.toUpperCase(), encodeURIComponent(key).toLowerCase(), 'echo-Token\\/\\u002b567890', Buffer.from(token).toString('base64url')];
      return {
        status: 401,
        body: `{"echoes": [${echoes.map((echo) => `"${echo}"`).join(', ')}], "raw": "${key} ${token}"}`,
        headers: { 'content-type': 'application/json', 'www-authenticate': `Bearer error="${token.toUpperCase()}"` },
      };
    };
    try {
      const ran = await mustRun(bin('python'), ['check_sdk_credentials.py', server.url], dir, { ...quiet, ...noCredentials, PYTHONPATH: src });
      const said = new Map(
        ran.stdout
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line) as { check: string; value: unknown })
          .map(({ check, value }) => [check, value]),
      );
      const byCase = (name: string) => server.requests.find((r) => r.headers['x-case'] === name)!;
      const credentials = (r: { headers: Record<string, unknown> }) => [r.headers['x-example-api-key'], r.headers.authorization];
      expect(credentials(byCase('environment')), 'read from the variables').toEqual(['env-key-1234', 'Bearer env-token-5678']);
      expect(credentials(byCase('given')), 'the credential passed, the header given').toEqual(['given-key-1234', 'Token header-token-9']);
      expect(credentials(byCase('header')), 'the header given, the credential passed').toEqual(['header-key-9', 'Bearer given-token-5678']);
      expect(said.get('printed')).toBe(
        `Client(base_url='${server.url}', headers=['Authorization', 'X-Example-Api-Key'], timeout=60.0, max_response_bytes=67108864, max_retries=2)`,
      );
      expect(said.get('unknown scheme')).toBe(
        "credentials: 'ExampleApiKy' not a security scheme's name (the security schemes are ExampleApiKey, ExampleBearer)",
      );
      // What the client and its error show: every echo redacted, no form of either credential.
      const echoed = said.get('echoed') as { error: string; excerpt: string; headers: Record<string, string>; body: unknown; printed: string };
      expect(echoed.excerpt).toBe('{"echoes": ["[redacted]", "[redacted]", "[redacted]", "[redacted]"], "raw": "[redacted] [redacted]"}');
      expect(echoed.headers['www-authenticate']).toBe('Bearer error="[redacted]"');
      expect(echoed.body).toEqual({ echoes: Array(4).fill('[redacted]'), raw: '[redacted] [redacted]' });
      const shown = [echoed.error, echoed.printed, ran.stdout].join('\n').toLowerCase();
      for (const secret of [key, token, 'env-key-1234', 'env-token-5678', 'misnamed-secret-1'])
        for (const form of [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64url')])
          expect(shown, form).not.toContain(form.toLowerCase());
      // An idempotency key: one UUID4 a call, on each of its attempts, or the caller's; a POST sent once with no retry left.
      expect(['made key', 'given key', 'async made key'].map((check) => said.get(check))).toEqual(Array(3).fill({ sent: true }));
      expect(said.get('one attempt')).toBe(503);
      const keys = (name: string) => server.requests.filter((r) => r.path === `/v1/batches/${name}/send`).map((r) => r.headers['idempotency-key']);
      const uuid4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
      for (const name of ['made', 'async']) {
        expect(keys(name), name).toHaveLength(2);
        expect(keys(name)[0], name).toMatch(uuid4);
        expect(keys(name)[1], name).toBe(keys(name)[0]);
      }
      expect(keys('made')[0]).not.toBe(keys('async')[0]);
      expect(keys('given')).toEqual(['my-key-1', 'my-key-1']);
      expect(keys('once')).toEqual([expect.stringMatching(uuid4)]);
    } finally {
      await server.close();
    }
  });

  it('with an overlay `npm run learn` wrote from traffic: the learned fields and parameter are typed, and a misspelt one is a mypy error', async () => {
    requireTools(missing);
    const traffic = path.join(tier.work, 'traffic.har');
    await fs.writeFile(
      traffic,
      harText([
        { url: '/v1/integrations/int_7', response: { id: 'int_7', name: 'Zapier', count: 3 }, headers: { 'X-Api-Key': 'key-secret' } },
        { url: '/v1/integrations/int_8', response: { id: 'int_8', name: 'Slack', count: 5 }, headers: { 'X-Api-Key': 'key-secret' } },
        { url: '/v1/webhooks?limit=10', response: { items: [{ url: 'https://hooks.example/a', enabled: true }], nextCursor: 'c_2' } },
      ]),
    );
    const learned = path.join(tier.work, 'learned.yaml');
    const learning = await runCommand('learn', ['--traffic', traffic, '--out', learned]);
    expect(learning.code, learning.output).toBe(0);
    const out = path.join(tier.work, 'learned-sdk');
    await writeSdk(out, [learned]);
    const { dir } = await consumer('check_sdk_learned.py', 'learned', [
      ['integration.count', 'integration.cuont'],
      ['limit=10', 'limt=10'],
    ]);
    const src = path.join(out, 'src');
    await typedAndRefused(
      dir,
      src,
      ['check_sdk_learned.py'],
      ['"GetIntegrationResponseBody" has no attribute "cuont"', 'Unexpected keyword argument "limt" for "list_webhooks" of "Client"'],
    );
    const server = await startTestServer();
    server.reply = (request) =>
      request.path.startsWith('/v1/integrations/')
        ? jsonReply(200, { id: 'int_7', name: 'Zapier', count: 3 })
        : jsonReply(200, { items: [{ url: 'https://hooks.example/a', enabled: true }], nextCursor: 'c_2' });
    try {
      const ran = await mustRun(bin('python'), ['check_sdk_learned.py', server.url], dir, { ...quiet, PYTHONPATH: src });
      expect(ran.stdout.trim().split('\n')).toEqual(['integration Zapier 3', "webhooks [('https://hooks.example/a', True)] c_2"]);
      expect(server.requests.map((r) => `${r.method} ${r.target} ${r.headers['x-api-key']}`)).toEqual([
        'GET /v1/integrations/int_7 key-1',
        'GET /v1/webhooks?limit=10 key-1',
      ]);
    } finally {
      await server.close();
    }
  });
});
