// What the one package test (test/languages/sdk-packages.test.ts) asks of each SDK language, and
// what it hands each: a language's package checks are a `PackageChecks` in its folder of the tier
// (test/languages/<language>/package-checks.ts, its default export); the test loops over
// scripts/languages/languages.ts and imports each language's checks by its name, so a new language's
// checks are that one file.
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { operations, type RequestPart } from '../../scripts/stated/operations.ts';
import type { Json } from './helpers.ts';
import { root } from './helpers.ts';
import { sdkLanguages } from '../../scripts/languages/languages.ts';
import { userAgent } from '../../scripts/languages/runtime-spec.ts';
import { jsonReply, startTestServer, type TestServer } from './http-server.ts';
import { docsSamples, type missingFor, reusedWhenSame } from './languages.ts';
import { runCommand } from './run-command.ts';
import { type CallArguments, operationAt, successStatus, wireRequest } from './wire-format.ts';

/** What a language's checks are handed: the bundle, its own scratch folder, and the shared steps. */
export interface PackageContext {
  readonly language: string;
  readonly document: Json;
  /** A scratch folder of this language's own, removed after the file. */
  readonly scratch: string;
  /** generated/sdk/<language>. */
  readonly committed: string;
  /**
   * `npm run sdk -- --lang <language> [--overlay ...] --out <scratch>/<name>` in this process; its
   * folder. Written again only when what makes it changed (reusedWhenSame).
   */
  writeSdk(name: string, overlays?: string[]): Promise<string>;
  /** A server on 127.0.0.1 that answers each operation with its success status and `{"ok":true}`, recording each request. */
  describedServer(): Promise<TestServer>;
}

/** One test of a language's own (what only its idiom has), in its words. */
export interface OwnCheck {
  readonly title: string;
  run(context: PackageContext): Promise<void>;
}

/** A language's package checks. */
export interface PackageChecks {
  /** What the tier must have for it (test/support/languages.ts's `missingFor`). */
  readonly needs: Parameters<typeof missingFor>[0];
  /** Its checkers on the committed SDK and the tier's programs of the language (type checks, lints, vet): the title says which. */
  readonly checkers: OwnCheck;
  /**
   * Packs the committed SDK as the release does, installs it with no network, and runs the
   * consumer program (the tier's, in the language's folder) from the installed package against
   * `baseUrl`. The consumer calls every operation with `consumerArguments` of its request part and
   * prints one line `<operationId> ok` a call; `rounds` is how many times it calls each (a sync and
   * an async client: 2). The title says how it packs and installs.
   */
  readonly packageTitle: string;
  installAndConsume(context: PackageContext, baseUrl: string): Promise<{ lines: string[]; rounds: number }>;
  /**
   * Checks `files` in `dir` (each operation's sample as the docs show it, `<operationId><extension>`,
   * and each block of the language's section of docs/sdks.md, `docs_<n><extension>`) with the
   * language's tool, in as few runs as it can: `samplesTitle` says which tool ("pass javac").
   */
  readonly samplesTitle: string;
  readonly sampleExtension: string;
  checkSamples(context: PackageContext, dir: string, files: string[]): Promise<void>;
  /** Runs the sample `file` in `dir` with the committed SDK; what it prints on stdout. */
  runSample(context: PackageContext, dir: string, file: string): Promise<string>;
  /** Its SDK of the example overlays: typed fields, their parameters, credentials by scheme, a keyed POST retried with one key. */
  readonly overlaid: OwnCheck;
  /** What is the language's own (errors in its idiom, its printed forms, its tools' quirks). */
  readonly own: readonly OwnCheck[];
}

/** The arguments every consumer program gives an operation, by its request part (scripts/stated/operations.ts). */
export const consumerArguments: Record<RequestPart, CallArguments> = {
  none: {},
  id: { id: 'id 1/é' },
  query: { query: { name: 'value', 'two words': 'a&b' } },
  'id+optional-body': { id: 'id 1/é', body: { any: 1 } },
  'required-body': { body: { any: 1 } },
};

/** The credential header every consumer program sends (`X-Api-Key: consumer-key`). */
export const consumerKey = 'consumer-key';

/** The scripts and inputs an SDK `npm run sdk` writes is made from: its reuse key. */
export const sdkInputs = (overlays: string[]) => [
  { tree: path.join(root, 'scripts') },
  { tree: path.join(root, 'openapi') },
  ...['package.json', 'package-lock.json', 'generated/openapi.json', 'redocly.yaml', '.spectral.yaml', 'test/languages/pins.env'].map((file) => ({
    file: path.join(root, file),
  })),
  ...overlays.map((file) => ({ file })),
];

/** The context the package test hands `language`'s checks. */
export function packageContext(language: string, document: Json, scratch: string): PackageContext {
  return {
    language,
    document,
    scratch,
    committed: path.join(root, 'generated', 'sdk', language),
    async writeSdk(name, overlays = []) {
      const out = path.join(scratch, name);
      await reusedWhenSame(`${language}-sdk-written-${name}`, sdkInputs(overlays), scratch, [name], async () => {
        const result = await runCommand('sdk', ['--lang', language, ...overlays.flatMap((file) => ['--overlay', file]), '--out', out]);
        expect(result.code, result.output).toBe(0);
      });
      return out;
    },
    async describedServer() {
      // Idle connections kept past any pause of this thread (a command run in process beside the
      // consumer): a server closing one as a consumer sends a PATCH on it resets a call no SDK may retry.
      const server = await startTestServer({ keepAliveMs: 60_000 });
      server.reply = (request) => {
        const operationId = operationAt(document, request.method, request.path);
        return operationId ? jsonReply(successStatus(document, operationId), { ok: true }) : jsonReply(404, {});
      };
      return server;
    },
  };
}

/**
 * What a consumer's run must show: a line `<operationId> ok` for each call, every request as the
 * description says (its line, its body and the body's media type, none without a body, its
 * credential), each with the SDK's User-Agent.
 */
export function expectEveryOperation(context: PackageContext, server: TestServer, lines: string[], rounds: number): void {
  const { document, language } = context;
  const byRound = <T>(items: T[]) => Array.from({ length: rounds }, () => items).flat();
  expect(lines.map((line) => line.trim()).sort(), 'what the consumer says of each call').toEqual(
    byRound(operations.map((row) => `${row.operationId} ok`)).sort(),
  );
  const sent = server.requests.map((request) => ({
    operationId: operationAt(document, request.method, request.path) ?? `${request.method} ${request.target}`,
    request: `${request.method} ${request.target}`,
    body: request.body ? (JSON.parse(request.body) as unknown) : undefined,
    contentType: request.headers['content-type']?.split(';')[0].trim(),
    key: request.headers['x-api-key'],
  }));
  const expected = operations.map((row) => {
    const wire = wireRequest(document, row.operationId, consumerArguments[row.request]);
    return {
      operationId: row.operationId,
      request: `${wire.method} ${wire.target}`,
      body: wire.body ? (JSON.parse(wire.body) as unknown) : undefined,
      contentType: wire.contentType,
      key: consumerKey,
    };
  });
  const byOperation = (a: { operationId: string }, b: { operationId: string }) => a.operationId.localeCompare(b.operationId);
  expect(sent.sort(byOperation), 'each request as the description says').toEqual(byRound(expected).sort(byOperation));
  expect(
    server.requests.map((request) => request.headers['user-agent']),
    'the SDK names itself',
  ).toEqual(server.requests.map(() => userAgent(language, String(document.info.version))));
}

/** The fenced blocks of `fence` in docs/sdks.md's section `## <heading>`. */
export async function docsBlocks(heading: string, fence: string): Promise<string[]> {
  const docs = await fs.readFile(path.join(root, 'docs', 'sdks.md'), 'utf8');
  const start = docs.indexOf(`\n## ${heading}\n`);
  expect(start, `docs/sdks.md has a section "## ${heading}"`).toBeGreaterThan(-1);
  const end = docs.indexOf('\n## ', start + 1);
  return [...docs.slice(start, end === -1 ? undefined : end).matchAll(new RegExp(`\`\`\`${fence}\\n([\\s\\S]*?)\`\`\``, 'g'))].map((match) => match[1]);
}

/** Each operation's sample in `lang` as the rendered docs show it (their x-codeSamples), by operationId: one for each row of the table of operations. */
export function operationSamples(document: Json, lang: string): Map<string, string> {
  const samples = docsSamples(document, lang);
  expect([...samples.keys()].sort(), `every operation has a ${lang} sample`).toEqual(operations.map((row) => row.operationId).sort());
  return samples;
}

/**
 * The SDK languages this run tests: every one of scripts/languages/languages.ts, or those
 * EMAIL_DELIVERY_SDK_LANGUAGES names (comma-separated), as a CI leg that installs one language's
 * tools asks; a name that is no language is an error naming the languages.
 */
export function sdkLanguagesHere(): typeof sdkLanguages {
  const asked = (process.env.EMAIL_DELIVERY_SDK_LANGUAGES ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (asked.length === 0) return sdkLanguages;
  const names = sdkLanguages.map((language) => language.name);
  const unknown = asked.filter((name) => !names.includes(name));
  if (unknown.length > 0) throw new Error(`EMAIL_DELIVERY_SDK_LANGUAGES names ${unknown.join(', ')}: the SDK languages are ${names.join(', ')}`);
  return sdkLanguages.filter((language) => asked.includes(language.name));
}

/**
 * `test/languages/<language>/<file>`'s default export, or undefined when the language has no such
 * file; any other failure to load it (a syntax error, a missing import) is thrown as it is.
 */
export async function languagePart<T>(language: string, file: string): Promise<T | undefined> {
  const url = new URL(`../languages/${language}/${file}`, import.meta.url);
  try {
    await fs.access(url);
  } catch {
    return undefined;
  }
  return ((await import(url.href)) as { default: T }).default;
}

/**
 * Runs a language's per-call bench program (scripts/dev/sdk-bench/) for 20 calls against a server
 * of this process, given its URL: it prints the three sides' seconds and two rounds of each, and
 * sends the warm-up's 200 calls of each side, then 20 of each, every one a GET of /v1/webhooks.
 */
export async function expectBenchProgramRuns(runProgram: (baseUrl: string, calls: string) => Promise<{ stdout: string }>): Promise<void> {
  const server = await startTestServer();
  server.reply = () => jsonReply(200, [{ id: 'wh_1' }]);
  try {
    const result = await runProgram(server.url, '20');
    const printed = JSON.parse(result.stdout) as { rounds: Record<string, number[]> };
    const everyRound = expect.arrayContaining([expect.any(Number)]);
    expect(printed).toEqual({
      calls: 20,
      sdkSeconds: expect.any(Number),
      sdkInfoSeconds: expect.any(Number),
      plainSeconds: expect.any(Number),
      rounds: { sdk: everyRound, sdkInfo: everyRound, plain: everyRound },
    });
    expect(Object.values(printed.rounds).map((times) => times.length)).toEqual([2, 2, 2]);
    expect(server.requests.map((request) => `${request.method} ${request.target}`)).toEqual(Array(660).fill('GET /v1/webhooks'));
  } finally {
    await server.close();
  }
}
