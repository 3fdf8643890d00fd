// OpenAPI Generator's clients of the languages tier (Python, Java, Kotlin, Go, TypeScript fetch),
// each from each variant, made by one JVM for the whole run: the tier's globalSetup
// (languages-setup.ts) runs the generator's `batch` command once, in the background, for every
// client the run's test files need that the reuse cache does not hold; a test takes its client
// from there (openApiGenerator), or from a batch of its own when the run's does not hold it.
// Each client's warnings are its generating thread's, checked by its test.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect, inject } from 'vitest';
import { root } from './helpers.ts';
import { isReused, jar, type KeyPart, pins, quickJvm, reusedWhenSame, toolVersion } from './languages.ts';
import { withScratchFolder } from './scratch-folder.ts';

/**
 * The clients, by the name of their test file (openapi-generator-<name>.test.ts): each generator
 * and its settings, as `batch` reads them from a config file (`generate`'s options).
 */
export const clients = {
  python: { generatorName: 'python', packageName: 'email_delivery' },
  // Without the generation time in every file, two runs of the same input are byte for byte the same.
  java: { generatorName: 'java', library: 'native', additionalProperties: { hideGenerationTimestamp: 'true' } },
  kotlin: { generatorName: 'kotlin' },
  go: { generatorName: 'go', packageName: 'openapigenerator' },
  'typescript-fetch': { generatorName: 'typescript-fetch' },
} satisfies Record<string, { generatorName: string } & Record<string, unknown>>;
export type ClientName = keyof typeof clients;

/** No tests or docs: the tier builds and calls each client. Spec validation stays on (the default). */
const globalProperties = { apiTests: 'false', modelTests: 'false', apiDocs: 'false', modelDocs: 'false' };

/** One client from one variant: the unit of generation, reuse and warnings. */
export interface Generation {
  client: ClientName;
  variant: string;
}
export const idOf = ({ client, variant }: Generation) => `${client}-${variant}`;

/**
 * `batch` sets io.swagger and org.openapitools to ERROR for the whole JVM, so the log levels
 * `generate` has are given to their packages one by one (the pinned jar's, as `unzip -l` lists
 * them), in the jar's own format, which names the thread that logged.
 */
const logback = `<configuration>
  <statusListener class="ch.qos.logback.core.status.NopStatusListener" />
  <appender name="STDOUT" class="ch.qos.logback.core.ConsoleAppender">
    <target>System.out</target>
    <encoder><pattern>[%thread] %-5level %logger{36} - %msg%n</pattern></encoder>
  </appender>
  <logger name="org.openapitools.codegen" level="warn" />
${[
  'annotations',
  'config',
  'converter',
  'core',
  'deserializer',
  'io',
  'jackson',
  'model',
  'models',
  'parser',
  'reader',
  'report',
  'transform',
  'util',
  'v3',
  'validate',
]
  .map((name) => `  <logger name="io.swagger.${name}" level="warn" />`)
  .join('\n')}
  <root level="error"><appender-ref ref="STDOUT" /></root>
</configuration>
`;
/**
 * No OnceLogger: it keeps a message from the log for 2 s after any thread logged it, so in one JVM
 * one client's warning would hide another's. Each client's warnings are then counted once each.
 */
const onceLoggerOff = '-Dorg.openapitools.codegen.utils.oncelogger.enabled=false';

/** What a generation's result is made of, for the reuse cache: the variant's bytes, the client's settings, the jar and the JVM, how it is run. */
export async function generationKey({ client, variant }: Generation): Promise<KeyPart[]> {
  return [
    pins.OPENAPI_GENERATOR_SHA256,
    await toolVersion('java', ['-version']),
    JSON.stringify({ ...clients[client], globalProperties }),
    logback,
    onceLoggerOff,
    { file: path.join(root, 'generated', variant) },
  ];
}
const reuseName = ({ client, variant }: Generation) => `openapi-generator-${client}-${variant}`;

/** Of `wanted`, the generations the reuse cache does not hold. */
export async function notReused(wanted: Generation[]): Promise<Generation[]> {
  const reused = await Promise.all(wanted.map(async (generation) => isReused(reuseName(generation), await generationKey(generation))));
  return wanted.filter((_generation, index) => !reused[index]);
}

/** A generation's result in a batch's folder: its files in `<id>/`, and `<id>.json`, once the JVM has ended. */
type Outcome = { warnings: string[] } | { error: string };

/**
 * Runs `batch` for `generations` in one JVM, into `dir`, and writes each one's outcome there when it
 * ends. Returns the JVM and its end; `stop()` ends it early (the run's teardown).
 */
export async function startBatch(dir: string, generations: Generation[]): Promise<{ ended: Promise<void>; stop(): void }> {
  const logbackFile = path.join(dir, 'logback.xml');
  await fs.writeFile(logbackFile, logback);
  const configs = await Promise.all(
    generations.map(async (generation) => {
      const file = path.join(dir, `${idOf(generation)}.config.json`);
      const config = {
        ...clients[generation.client],
        inputSpec: path.join(root, 'generated', generation.variant),
        outputDir: path.join(dir, idOf(generation)),
        globalProperties,
      };
      await fs.writeFile(file, JSON.stringify(config, null, 2));
      return file;
    }),
  );
  const args = [...quickJvm, `-Dlogback.configurationFile=${logbackFile}`, onceLoggerOff, '-jar', jar, 'batch', ...configs];
  const child = spawn('java', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  // A promise settles once: 'error' (java did not start) may come with or without 'close'.
  const exit = new Promise<string>((resolve) => {
    child.on('error', (error) => resolve(error.message));
    child.on('close', (code, signal) => resolve(`exit ${code ?? signal}`));
  });
  const ended = exit.then(async (how) => {
    const warnings = warningsByOutput(stdout);
    for (const generation of generations) {
      const outputDir = path.join(dir, idOf(generation));
      // A generation that finished is a success, whatever became of the others in the JVM.
      const outcome: Outcome = warnings.has(outputDir)
        ? { warnings: warnings.get(outputDir)! }
        : { error: `java -jar ${path.basename(jar)} batch: ${how}, ${idOf(generation)} not generated\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}` };
      // Written whole under its name (a rename): takeOutcome, polling, never reads half of one.
      const file = path.join(dir, `${idOf(generation)}.json`);
      await fs.writeFile(`${file}.partial`, JSON.stringify(outcome));
      await fs.rename(`${file}.partial`, file);
    }
  });
  return { ended, stop: () => child.kill() };
}

/**
 * Each generation's WARN lines (unique, in order, the thread's name left out), by its output
 * folder, from batch's output: a thread's lines from the end of its last generation to the end
 * of this one ("Generating <name> (outputs to <folder>)…" among them) are this one's; the main
 * thread's are every generation's. The 3.1 beta notice is left out (docs/generators.md's table
 * names it).
 */
export function warningsByOutput(output: string): Map<string, string[]> {
  const pending = new Map<string, { folder?: string; warnings: string[] }>();
  const done = new Map<string, string[]>();
  const main: string[] = [];
  for (const line of output.split('\n')) {
    const match = /^\[([^\]]+)\] (.*)$/.exec(line);
    if (!match) continue;
    const [, thread, text] = match;
    if (thread === 'main') {
      if (text.startsWith('WARN ')) main.push(text);
      continue;
    }
    const current = pending.get(thread) ?? { warnings: [] };
    pending.set(thread, current);
    const generating = /^Generating \S+ \(outputs to (.+)\)…$/.exec(text);
    if (generating) current.folder = generating[1];
    else if (text.startsWith('WARN ') && !text.includes('OpenAPI 3.1 support is still in beta')) current.warnings.push(text);
    else if (text.startsWith('Finished generating ') && current.folder) {
      done.set(current.folder, current.warnings);
      pending.delete(thread);
    }
  }
  return new Map([...done].map(([folder, warnings]) => [folder, [...new Set([...main, ...warnings])]]));
}

/** What the run's globalSetup hands the tests: the folder of its batch, and which generations it makes. */
export interface RunBatch {
  dir: string;
  ids: string[];
}

declare module 'vitest' {
  interface ProvidedContext {
    openApiGenerator: RunBatch | undefined;
  }
}

/**
 * `generation`'s files copied from the batch in `dir` into `output`, and its warnings, once the
 * batch has written its outcome (the test's own timeout bounds the wait).
 */
async function takeOutcome(dir: string, generation: Generation, output: string): Promise<string[]> {
  const file = path.join(dir, `${idOf(generation)}.json`);
  let text: string | undefined;
  while ((text = await fs.readFile(file, 'utf8').catch(() => undefined)) === undefined) await new Promise((resolve) => setTimeout(resolve, 200));
  const outcome = JSON.parse(text) as Outcome;
  if ('error' in outcome) throw new Error(outcome.error);
  await fs.cp(path.join(dir, idOf(generation)), output, { recursive: true });
  return outcome.warnings;
}

/**
 * `client` generated from `variant` into `output` (spec validation on). Its WARN lines, but for the
 * 3.1 beta notice, must be `knownWarnings` exactly (docs/generators.md's table lists them). Reused
 * (reusedWhenSame) when the variant's bytes, the client's settings, the pinned jar and the JVM are
 * the same: the warnings are kept with the files and checked again.
 */
export async function openApiGenerator(client: ClientName, variant: string, output: string, knownWarnings: string[] = []): Promise<void> {
  const generation = { client, variant };
  // The warnings are checked before the result is kept: one not known (a generator's flaky line) fails this run, never every later one.
  const checked = (warnings: string[]) => {
    expect(warnings, 'warnings other than the 3.1 beta notice').toEqual(knownWarnings);
    return warnings;
  };
  const warnings = await reusedWhenSame(reuseName(generation), await generationKey(generation), output, ['.'], async () => {
    const batch = inject('openApiGenerator');
    if (batch?.ids.includes(idOf(generation))) return checked(await takeOutcome(batch.dir, generation, output));
    // Not in the run's batch (its cache entry gone since the run began): a batch of its own.
    return withScratchFolder('openapi-generator', async (dir) => {
      await (
        await startBatch(dir, [generation])
      ).ended;
      return checked(await takeOutcome(dir, generation, output));
    });
  });
  expect(warnings, 'warnings other than the 3.1 beta notice').toEqual(knownWarnings);
}
