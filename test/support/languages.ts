// The languages tier's tools, as .ci/install-languages installs them (versions in
// test/languages/pins.env and python/requirements.lock), and the one call program each generated
// client runs: one operation of each request-part kind, checked against the description on the wire.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Json, loadBundle, root } from './helpers.ts';
import { startTestServer } from './http-server.ts';
import { run, type RunResult } from './run-command.ts';
import { type CallArguments, operationAt, successStatus, wireRequest } from './wire-format.ts';

export const languagesDir = path.join(root, 'test', 'languages');
const toolsHome = process.env.EMAIL_DELIVERY_TOOLS ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'email-delivery-api');
const installHint = 'run `npm run install:languages`';

const pins: Record<string, string> = Object.fromEntries(
  fs
    .readFileSync(path.join(languagesDir, 'pins.env'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z_0-9]+=/.test(line))
    .map((line) => line.split('=', 2) as [string, string]),
);

function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && fs.existsSync(path.join(dir, command)));
}

export const jar = path.join(toolsHome, `openapi-generator-cli-${pins.OPENAPI_GENERATOR_VERSION}.jar`);
const lockHash = createHash('sha256')
  .update(fs.readFileSync(path.join(languagesDir, 'python', 'requirements.lock')))
  .digest('hex')
  .slice(0, 12);
export const venv = path.join(toolsHome, `python-${lockHash}`);
export const oapiCodegen = path.join(toolsHome, 'bin', `oapi-codegen-${pins.OAPI_CODEGEN_VERSION}`);

/** What a part of the tier needs and lacks, or undefined when it has everything. */
export function missingFor(needs: ('java' | 'python' | 'go' | 'oapi-codegen')[]): string | undefined {
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
    if (need === 'oapi-codegen') {
      if (!fs.existsSync(oapiCodegen)) missing.push(`oapi-codegen (${installHint})`);
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

/** Runs a command that must succeed; its output is the failure message otherwise. */
export async function mustRun(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<RunResult> {
  const result = await run(command, args, cwd, env);
  expect(result.code, `${path.basename(command)} ${args.join(' ')}\n${result.output.slice(-4000)}`).toBe(0);
  return result;
}

/** A fresh temporary folder for generated code; never inside the repository. */
export const scratch = (name: string) => fs.promises.mkdtemp(path.join(os.tmpdir(), `email-delivery-${name}-`));

/**
 * Generates a client with OpenAPI Generator, its spec validation on, into `output`. Its WARN lines,
 * but for the 3.1 beta notice, must be `knownWarnings` exactly (the README's generator table lists them).
 */
export async function openApiGenerator(generator: string, variant: string, output: string, options: string[], knownWarnings: string[] = []): Promise<void> {
  const noTestsOrDocs = ['--global-property', 'apiTests=false,modelTests=false,apiDocs=false,modelDocs=false'];
  const input = path.join(root, 'generated', variant);
  const result = await mustRun(
    'java',
    ['-jar', jar, 'generate', '-i', input, '-g', generator, '-o', output, ...options, ...noTestsOrDocs],
    path.dirname(output),
  );
  const warnings = result.output.split('\n').filter((line) => line.includes(' WARN ') && !line.includes('OpenAPI 3.1 support is still in beta'));
  expect(warnings, 'warnings other than the 3.1 beta notice').toEqual(knownWarnings);
}

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
  let work = '';
  let document: Json;
  beforeAll(async () => {
    work = await scratch(name);
    document = await loadBundle();
  });
  afterAll(async () => {
    if (work) await fs.promises.rm(work, { recursive: true, force: true });
  });
  return {
    get work() {
      return work;
    },
    get document() {
      return document;
    },
  };
}

/** What a generated tree holds that only copies the input or caches a tool's work: its copy of the description, its README. */
export const copiesOfTheInput = /(^|\/)(api\/openapi\.yaml|README\.md)$|(^|\/)(\.ruff_cache|\.openapi-generator)\//;

/**
 * The files that differ between two generated trees, but for what only copies or caches the input
 * (`ignored`): the same sources from both variants are one client, built once.
 */
export async function differingFiles(a: string, b: string, ignored: RegExp): Promise<string[]> {
  const list = async (dir: string) =>
    (await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .filter((file) => !ignored.test(file));
  const [left, right] = await Promise.all([list(a), list(b)]);
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
