// The languages tier's tools, as .ci/install-languages installs them (versions in
// test/languages/pins.env and python/requirements.lock), and the one call program each generated
// client runs: one operation of each request-part kind, checked against the description on the wire.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, expect } from 'vitest';
import { withCodeSamples } from '../../scripts/pipeline/code-samples.ts';
import { goModuleOf } from '../../scripts/pipeline/sdk-samples.ts';
import { pins as javaPins } from '../../scripts/languages/java/java-package.ts';
import { languageTools, onPath } from '../../scripts/languages/language-tools.ts';
import { checkout, type Json, loadBundle, root } from './helpers.ts';
import { startTestServer } from './http-server.ts';
import { run, type RunResult } from './run-command.ts';
import { type CallArguments, operationAt, successStatus, wireRequest } from './wire-format.ts';
import { scratchFolderPerFile } from './scratch-folder.ts';

export const languagesDir = path.join(root, 'test', 'languages');
const installHint = 'run `npm run install:languages`';
const tools = languageTools(root);
export const { jar, venv, oapiCodegen } = tools;
/** The pinned versions (pins.env). */
export const pins = tools.pins;

/** What a part of the tier needs and lacks, or undefined when it has everything. */
export function missingFor(needs: ('java' | 'java-sdk' | 'python' | 'go' | 'oapi-codegen' | 'php' | 'ruby')[]): string | undefined {
  const missing: string[] = [];
  for (const need of needs) {
    if (need === 'java') {
      if (!onPath('java') || !onPath('mvn')) missing.push('Java with Maven (java, mvn)');
      else if (!fs.existsSync(jar)) missing.push(`the OpenAPI Generator jar (${installHint})`);
    }
    if (need === 'python') {
      if (!onPath('python3')) missing.push('Python (python3)');
      else if (!fs.existsSync(path.join(venv, '.complete'))) missing.push(`the pinned Python tools (${installHint})`);
    }
    if (need === 'go') {
      if (!onPath('go')) missing.push('Go (go)');
    }
    if (need === 'php') {
      if (!onPath('php') || !onPath('composer') || !onPath('phpunit'))
        missing.push('PHP 8.1 or later with ext-curl, Composer and PHPUnit (php, composer, phpunit)');
      else if (spawnSync('php', ['-r', 'exit(stream_resolve_include_path("Psr/Log/autoload.php") ? 0 : 1);']).status !== 0)
        missing.push(`psr/log on PHP's include path, for the PSR-3 logger test (php-psr-log: ${installHint} -- php)`);
    }
    if (need === 'java-sdk') {
      if (!onPath('javac') || !onPath('mvn')) missing.push('a JDK 17 or later with Maven (javac, mvn)');
      else if (!fs.existsSync(path.join(os.homedir(), '.m2', 'repository', 'com', 'fasterxml', 'jackson', 'core', 'jackson-databind', javaPins.jackson)))
        missing.push(`jackson-databind ${javaPins.jackson} and the Java SDK's Maven plugins in ~/.m2 (${installHint} -- java)`);
    }
    if (need === 'oapi-codegen') {
      if (!fs.existsSync(oapiCodegen)) missing.push(`oapi-codegen (${installHint})`);
    }
    if (need === 'ruby') {
      if (!onPath('ruby') || !onPath('gem') || !onPath('rubocop'))
        missing.push(`Ruby 3.1 or later with gem, minitest and rubocop (ruby, gem, rubocop: ${installHint} -- ruby)`);
    }
  }
  return missing.length ? missing.join(', ') : undefined;
}

/**
 * Whether a part of the tier runs: a machine without its toolchain skips it with one line naming
 * what is missing, except under CI=true, where it runs and fails on `requireTools`.
 */
export function runsHere(part: string, missing: string | undefined): boolean {
  if (!missing) return true;
  if (process.env.CI === 'true') return true;
  console.warn(`languages tier: skipping ${part}: missing ${missing}`);
  return false;
}

export function requireTools(missing: string | undefined): void {
  if (missing) throw new Error(`CI=true and the languages tier lacks ${missing}`);
}

/** The calls every caller program makes, in order: one operation of each request-part kind. */
export const calls: { operationId: string; kind: string; args: CallArguments }[] = [
  { operationId: 'listScopes', kind: 'none', args: {} },
  { operationId: 'getUnsubscribeGroup', kind: 'id', args: { id: 'id 1/é' } },
  { operationId: 'getApiKey', kind: 'open query pairs', args: { query: { name: 'value', 'two words': 'a&b' } } },
  { operationId: 'sendBatch', kind: 'id and optional body', args: { id: 'id 1/é', body: { any: 1 } } },
  { operationId: 'updateUserPassword', kind: 'required body', args: { body: { any: 1 } } },
];

/** One recorded request as the tests compare it: the body parsed, the media type without parameters. */
function comparable(request: { method: string; target: string; contentType: string | undefined; body: string }) {
  return {
    request: `${request.method} ${request.target}`,
    contentType: request.contentType?.split(';')[0].trim(),
    body: request.body ? JSON.parse(request.body) : undefined,
  };
}

const pairsSorted = (request: string) => request.replace(/\?(.*)$/, (_, query: string) => `?${query.split('&').sort().join('&')}`);

/** What a generated client does instead of what the description says, for one call. */
export interface Deviation {
  operationId: string;
  /** The request line it sends, or null when it sends nothing. */
  request: string | null;
  /** What the program prints for the call instead of its success status. */
  output?: string;
  why: string;
}

/**
 * Runs a caller program against a recording server on 127.0.0.1 that answers each request with
 * its operation's success status, and checks the program's output and every request it sent
 * against the description; `deviations` are the calls the generator cannot express, pinned exactly.
 */
export async function callAndCompare(document: Json, runCaller: (baseUrl: string) => Promise<string>, deviations: Deviation[] = []): Promise<void> {
  const server = await startTestServer();
  server.reply = (request) => {
    const operationId = operationAt(document, request.method, request.path);
    return { status: operationId ? successStatus(document, operationId) : 404, body: '{"ok":true}', headers: { 'content-type': 'application/json' } };
  };
  const deviationOf = (operationId: string) => deviations.find((d) => d.operationId === operationId);
  try {
    const output = await runCaller(server.url);
    const expectedOutput = calls.map(({ operationId }) => deviationOf(operationId)?.output ?? `${operationId} ${successStatus(document, operationId)}`);
    expect(output.trim().split('\n'), 'what the program reports of each call').toEqual(expectedOutput);
    const sending = calls.filter((call) => deviationOf(call.operationId)?.request !== null);
    expect(server.requests.map((r) => `${r.method} ${r.target}`)).toHaveLength(sending.length);
    sending.forEach((call, index) => {
      const recorded = server.requests[index];
      const sent = comparable({ ...recorded, contentType: recorded.headers['content-type'] });
      const expected = comparable(wireRequest(document, call.operationId, call.args));
      const deviation = deviationOf(call.operationId);
      if (deviation?.request) {
        // Pairs in any order: Go's maps, for one, have none.
        expect(pairsSorted(sent.request), `${call.operationId} (${call.kind}) deviates exactly as recorded: ${deviation.why}`).toBe(
          pairsSorted(deviation.request),
        );
        expect(sent.request, `${call.operationId}: a recorded deviation that no longer deviates`).not.toBe(expected.request);
      } else expect(sent, `${call.operationId} (${call.kind}) as the description says`).toEqual(expected);
    });
  } finally {
    await server.close();
  }
}

/**
 * mypy's verdict on `cwd` (its exit code and output), reused (reusedWhenSame) when the pinned venv,
 * the arguments, the configuration files they name and every file below `cwd` and the MYPYPATH
 * folder are the same; the test checks the verdict either way. Where mypy runs, it starts from
 * the pinned venv's incremental cache (withMypyCache).
 */
export async function mypyVerdict(args: string[], cwd: string, mypyPath: string, configs: string[] = []): Promise<RunResult> {
  const notInputs = /(^|\/)(__pycache__|\.mypy|\.ruff_cache|[^/]+\.dist-info)\/|\.pyc$/;
  const key = [venv, ...args, ...configs.map((file) => ({ file })), { tree: cwd, ignored: notInputs }, { tree: mypyPath, ignored: notInputs }];
  return reusedWhenSame(`mypy-${[path.basename(cwd), ...args].map((arg) => path.basename(arg).replace(/[^\w.]+/g, '')).join('-')}`, key, cwd, [], () =>
    withMypyCache(cwd, (cacheDir) => run(path.join(venv, 'bin', 'mypy'), [...args, '--cache-dir', cacheDir], cwd, { MYPYPATH: mypyPath })),
  );
}

/**
 * `check` given a mypy cache folder in `cwd` that starts as a copy of the pinned venv's incremental
 * cache, which its run's copy then replaces whole: what mypy made of the standard library's stubs,
 * pydantic and httpx (most of a small program's check, some 5 s of each cold run) is made once,
 * not once per run. mypy rechecks whatever of it is stale (a file or an option that changed), so a
 * verdict is the same as a cold run's. One copy per run and a rename to publish it: runs side by
 * side (two test files, two checkouts) never write one cache at once, which mypy does not support.
 */
async function withMypyCache<T>(cwd: string, check: (cacheDir: string) => Promise<T>): Promise<T> {
  await privateResults();
  const shared = path.join(resultsHome, `mypy-cache-${path.basename(venv)}`);
  const own = path.join(cwd, '.mypy');
  // None yet, or being replaced this moment: this run starts cold.
  await fs.promises.cp(shared, own, { recursive: true }).catch(() => fs.promises.rm(own, { recursive: true, force: true }));
  const result = await check(own);
  const staging = await fs.promises.mkdtemp(path.join(resultsHome, '.staging-mypy-'));
  const old = `${staging}-old`;
  await fs.promises.cp(own, staging, { recursive: true, force: true });
  await fs.promises.rename(shared, old).catch(() => {});
  // Another run's copy may have taken its place meanwhile: as good as this one.
  await fs.promises.rename(staging, shared).catch(() => fs.promises.rm(staging, { recursive: true, force: true }));
  await fs.promises.rm(old, { recursive: true, force: true });
  return result;
}

/** Runs a command that must succeed; its output is the failure message otherwise. */
export async function mustRun(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  const result = await run(command, args, cwd, env);
  expect(result.code, `${path.basename(command)} ${args.join(' ')}\n${result.output.slice(-4000)}`).toBe(0);
  return result;
}

const versions = new Map<string, Promise<string>>();
/**
 * A tool's own version output (`java -version`, `mvn --version`), asked once per test file (and
 * once by the tier's globalSetup, outside any test: no `expect` here).
 */
export function toolVersion(command: string, args: string[]): Promise<string> {
  const id = [command, ...args].join(' ');
  if (!versions.has(id))
    versions.set(
      id,
      run(command, args, os.tmpdir()).then((result) => {
        if (result.code !== 0) throw new Error(`${id} exited ${result.code}\n${result.output.slice(-4000)}`);
        return `${id}: ${result.output.trim()}`;
      }),
    );
  return versions.get(id) as Promise<string>;
}

/** What a reuse key is made of: text, a file's bytes, or a folder's files (relative paths and bytes). */
export type KeyPart = string | { file: string } | { tree: string; ignored?: RegExp };

async function keyOf(parts: KeyPart[]): Promise<string> {
  const hash = createHash('sha256');
  for (const part of parts) {
    if (typeof part === 'string') hash.update(`text\0${part}\0`);
    else if ('file' in part)
      hash
        .update(`file\0`)
        .update(await fs.promises.readFile(part.file))
        .update('\0');
    else
      for (const file of await filesBelow(part.tree, part.ignored ?? /^$/))
        hash
          .update(`tree\0${file}\0`)
          .update(await fs.promises.readFile(path.join(part.tree, file)))
          .update('\0');
  }
  return hash.digest('hex');
}

const resultsHome = path.join(tools.home, 'results');
/** Where `name`'s result for `key` is kept. */
const entryOf = async (name: string, key: KeyPart[]) => path.join(resultsHome, `${name}-${(await keyOf(key)).slice(0, 32)}`);

/** Whether reusedWhenSame would reuse `name`'s result for `key` now (the tier's globalSetup asks before it generates). */
export async function isReused(name: string, key: KeyPart[]): Promise<boolean> {
  if (process.env.EMAIL_DELIVERY_NO_REUSE === '1') return false;
  return fs.promises.access(path.join(await entryOf(name, key), 'result.json')).then(
    () => true,
    () => false,
  );
}

/** The results folder, the user's alone (mode 0700), or an error saying why it is not. */
async function privateResults(): Promise<void> {
  await fs.promises.mkdir(resultsHome, { recursive: true, mode: 0o700 });
  const stat = await fs.promises.lstat(resultsHome);
  if (!stat.isDirectory() || stat.uid !== process.getuid?.() || (stat.mode & 0o077) !== 0)
    throw new Error(`${resultsHome} is not a folder only you can read and write (mode 0700): remove it`);
}

/**
 * A result of the tier's tools reused only when every input is byte for byte the same: the key
 * (text, files, folders) names them all: the input's bytes, the pins, the test's files, the tool
 * versions. On a miss `produce` writes `outputs` (paths relative to `dir`) and returns what the test
 * checks of its run (JSON); both are kept under the tools cache (mode 0700), one entry per `name`.
 * On a hit the files are copied into `dir` and the kept value returned, for the test to check
 * again. EMAIL_DELIVERY_NO_REUSE=1 always produces (the bench's cold figures).
 */
export async function reusedWhenSame<T>(name: string, key: KeyPart[], dir: string, outputs: string[], produce: () => Promise<T>): Promise<T> {
  if (process.env.EMAIL_DELIVERY_NO_REUSE === '1') return produce();
  await privateResults();
  const entry = await entryOf(name, key);
  const kept = await fs.promises.readFile(path.join(entry, 'result.json'), 'utf8').catch(() => undefined);
  if (kept !== undefined) {
    for (const output of outputs) await fs.promises.cp(path.join(entry, 'files', output), path.join(dir, output), { recursive: true });
    return JSON.parse(kept) as T;
  }
  const value = await produce();
  const staging = await fs.promises.mkdtemp(path.join(resultsHome, '.staging-'));
  for (const output of outputs) await fs.promises.cp(path.join(dir, output), path.join(staging, 'files', output), { recursive: true });
  await fs.promises.writeFile(path.join(staging, 'result.json'), JSON.stringify(value ?? null));
  for (const old of await fs.promises.readdir(resultsHome))
    if (old.startsWith(`${name}-`) && /^[0-9a-f]{32}$/.test(old.slice(name.length + 1)))
      await fs.promises.rm(path.join(resultsHome, old), { recursive: true, force: true });
  // Another test run may have kept the same entry meanwhile: its files are the same.
  await fs.promises.rename(staging, entry).catch(() => fs.promises.rm(staging, { recursive: true, force: true }));
  return value;
}

/** The folder of the committed Go SDK, which the tier's Go module maps its module path to. */
export const goSdkDir = path.join(root, 'generated', 'sdk', 'go');

/**
 * A copy of the tier's Go module in `to`, for a generator's client to join: without the programs
 * of the committed Go SDK (cmd/sdk-*, which the SDK's own tests build in place), its replace of the
 * SDK's module path made absolute, so that the copy resolves it from anywhere.
 */
export async function copyGoModule(to: string): Promise<void> {
  const from = path.join(languagesDir, 'go');
  await fs.promises.cp(from, to, { recursive: true, filter: (file) => !/^sdk-/.test(path.basename(file)) || path.dirname(file) !== path.join(from, 'cmd') });
  const goMod = path.join(to, 'go.mod');
  const text = await fs.promises.readFile(goMod, 'utf8');
  const replaced = text.replace(/^(replace \S+ => )\.\.\/\.\.\/\.\.\/generated\/sdk\/go$/m, `$1${goSdkDir}`);
  if (replaced === text) throw new Error(`${goMod}: no replace of the Go SDK's module path to ../../../generated/sdk/go`);
  await fs.promises.writeFile(goMod, replaced);
}

/**
 * A JVM that starts quickly: C1 alone and the serial collector. The tier's JVMs are short-lived
 * (a test's program, a Maven build, one batch of generations), where C2's compiling costs more CPU
 * than it earns: Maven's compile of the Kotlin client took 130 s of CPU cold with the defaults and
 * 76 s with these, `.ci/pack-java-sdk` 18 s and 8 s (measured on the 2-core VM).
 */
export const quickJvm = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-Xshare:auto'];

/** The environment of a Maven run of the tier: its JVM started as quickJvm says. */
export const quickMaven = { MAVEN_OPTS: quickJvm.join(' ') };

/** The variants every generator of the tier reads. */
export const variants = ['openapi.json', 'openapi-3.0.json'];

/**
 * What a generator sends for the open query pairs of getApiKey instead of bare name=value pairs.
 * No OpenAPI Generator client sends an exploded form object that way: each names the pairs after
 * the description's `params` object, which the description says never appears on the wire.
 */
export const openQueryDeviation = (request: string, why: string): Deviation[] => [{ operationId: 'getApiKey', request, why }];

/**
 * For a test file of the tier: a scratch folder (`work`) and the bundle (`document`), made before
 * its tests and removed after.
 */
export function tierWorkspace(name: string): { readonly work: string; readonly document: Json } {
  const scratch = scratchFolderPerFile(name);
  let document: Json;
  beforeAll(async () => {
    document = await loadBundle();
  });
  return {
    get work() {
      return scratch.dir;
    },
    get document() {
      return document;
    },
  };
}

/** What a generated tree holds that only copies the input or caches a tool's work: its copy of the description, its README. */
export const copiesOfTheInput = /(^|\/)(api\/openapi\.yaml|README\.md)$|(^|\/)(\.ruff_cache|\.openapi-generator)\//;

/** The files below `dir` (relative paths, sorted; links not followed), but for `ignored`. */
async function filesBelow(dir: string, ignored: RegExp): Promise<string[]> {
  return (await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter((file) => !ignored.test(file))
    .sort();
}

/**
 * The files that differ between two generated trees, but for what only copies or caches the input
 * (`ignored`): the same sources from both variants are one client, built once.
 */
export async function differingFiles(a: string, b: string, ignored: RegExp): Promise<string[]> {
  const [left, right] = await Promise.all([filesBelow(a, ignored), filesBelow(b, ignored)]);
  const differing: string[] = [];
  for (const file of [...new Set([...left, ...right])].sort()) {
    const [x, y] = await Promise.all([a, b].map((dir) => fs.promises.readFile(path.join(dir, file)).catch(() => undefined)));
    if (!x || !y || !x.equals(y)) differing.push(file);
  }
  return differing;
}

/**
 * The types in the generated code under `dir` named after one of the description's schemas but
 * not as it is (`ModelErrorBody`, `ErrorBody1`, `ErrorBody_`): how a generator renames a type
 * whose name collides with one of its own. The description's names are chosen so that none does.
 */
export async function renamedTypes(document: Json, dir: string): Promise<string[]> {
  const names = Object.keys(document.components?.schemas ?? {});
  const renamed = new RegExp(`\\b(?:Model(?:${names.join('|')})|(?:${names.join('|')})(?:\\d+|_))\\b`, 'g');
  const found = new Set<string>();
  for (const file of await fs.promises.readdir(dir, { recursive: true })) {
    if (!/\.(py|java|go|ts|kt|rs)$/.test(file)) continue;
    for (const match of (await fs.promises.readFile(path.join(dir, file), 'utf8')).matchAll(renamed)) found.add(match[0]);
  }
  return [...found].sort();
}

/**
 * Each operation's sample in `lang` (`python`, `go`) as the rendered docs of `document` show it
 * (their x-codeSamples, the Go one importing the SDK by the module path `npm run sdk` gives it), by operationId.
 */
export function docsSamples(document: Json, lang: string): Map<string, string> {
  // Every language's samples of a document made once (withCodeSamples writes them all), not once a language.
  let described = describedDocuments.get(document);
  if (!described) describedDocuments.set(document, (described = withCodeSamples(document, goModuleOf(checkout, document))));
  const samples = new Map<string, string>();
  for (const item of Object.values(described.paths as Record<string, Record<string, Json>>))
    for (const operation of Object.values(item))
      for (const sample of operation['x-codeSamples'] ?? []) if (sample.lang === lang) samples.set(operation.operationId, sample.source);
  return samples;
}
const describedDocuments = new WeakMap<object, Json>();
