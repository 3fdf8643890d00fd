// The Java SDK's package checks (the one package test, test/languages/sdk-packages.test.ts): one
// javac (-Xlint:all -Werror) over the committed SDK, the guarantees' driver, the consumer, every
// operation's sample and the Java of docs/sdks.md, reused while they are the same; .ci/pack-java-sdk
// (`mvn -o package`, as the release packs it) once while the SDK and the script are the same, its
// jar then the consumer's only SDK; a sample run in the source launcher (one JVM compiles and runs
// it); with the example overlays, typed fields and parameters, credentials by scheme, and a keyed
// POST retried with one key.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { operations } from '../../../scripts/stated/operations.ts';
import { root } from '../../support/helpers.ts';
import { jsonReply, type Reply, startTestServer } from '../../support/http-server.ts';
import { mustRun, quickJvm, reusedWhenSame } from '../../support/languages.ts';
import { run } from '../../support/run-command.ts';
import { docsBlocks, operationSamples, type PackageChecks, type PackageContext } from '../../support/sdk-package.ts';
import { jarEntries } from './jar-entries.ts';
import { compiledPrograms, javac, javaFiles, javaSdkDir, jacksonJars, jdkRelease, programClasspath } from './sdk/java-build.ts';

/** The example overlays the overlaid SDK is written with. */
const overlays = [
  'examples/overlays/fields.yaml',
  'examples/overlays/paging.yaml',
  'examples/overlays/idempotency.yaml',
  'test/fixtures/overlays/parameters.yaml',
  'examples/overlays/auth.yaml',
  'examples/overlays/bearer.yaml',
].map((file) => path.join(root, file));

/** What the docs' Java blocks take as imported (the section's own text says so around them). */
const knownImports = [
  'com.fasterxml.jackson.databind.JsonNode',
  'com.fasterxml.jackson.databind.node.ObjectNode',
  'java.time.Duration',
  'java.util.Map',
  'local.emaildelivery.*',
];

/**
 * The handed samples (`<operationId>.java`, each a class `Example`) and docs blocks (`docs_<n>.java`,
 * statements) as sources javac takes together, by path: each sample in a package of its own, each
 * block the body of a method of a class of its own, its import lines at the top.
 */
function javacSources(files: Map<string, string>): Map<string, string> {
  const sources = new Map<string, string>();
  for (const [file, text] of files) {
    const block = /^docs_(\d+)\.java$/.exec(file);
    if (!block) {
      const operationId = path.basename(file, '.java');
      sources.set(path.join('samples', operationId, 'Example.java'), `package samples.${operationId};\n\n${text}`);
      continue;
    }
    const lines = text.split('\n');
    const imports = new Set([...knownImports.map((name) => `import ${name};`), ...lines.filter((line) => line.startsWith('import '))]);
    const body = lines.filter((line) => !line.startsWith('import ')).map((line) => `    ${line}`);
    const parameter = /EmailDeliveryClient client =/.test(text) ? '' : 'EmailDeliveryClient client';
    sources.set(
      path.join('docs', `Block${block[1]}.java`),
      ['package docs;', '', ...imports, '', `final class Block${block[1]} {`, `  static void run(${parameter}) {`, ...body, '  }', '}', ''].join('\n'),
    );
  }
  return sources;
}

/** The samples and docs blocks as the package test hands them, by file name. */
async function handedFiles(context: PackageContext): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const [operationId, source] of operationSamples(context.document, 'java')) files.set(`${operationId}.java`, source);
  for (const [index, block] of (await docsBlocks('Java', 'java')).entries()) files.set(`docs_${index}.java`, block);
  return files;
}

/** The one javac of a context: the committed SDK, the driver, the consumer, the samples and the docs blocks; its classes and what it compiled of the samples. */
const compiles = new WeakMap<PackageContext, Promise<{ classes: string; sources: Map<string, string> }>>();
function compiled(context: PackageContext): Promise<{ classes: string; sources: Map<string, string> }> {
  let compile = compiles.get(context);
  if (!compile) {
    compile = (async () => {
      const sources = javacSources(await handedFiles(context));
      const extra = path.join(context.scratch, 'extra');
      for (const [file, text] of sources) {
        await fs.mkdir(path.dirname(path.join(extra, file)), { recursive: true });
        await fs.writeFile(path.join(extra, file), text);
      }
      const { classes } = await compiledPrograms(context.scratch, 'java-package-classes', extra);
      return { classes, sources };
    })();
    compiles.set(context, compile);
  }
  return compile;
}

/** What names the Maven on PATH, for a reuse key, without starting a JVM: its lib folder's jars (maven-core-3.8.7.jar...). */
async function mavenVersion(): Promise<string[]> {
  const mvn = (process.env.PATH ?? '')
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'mvn'))
    .find((file) => existsSync(file));
  if (!mvn) return ['no mvn'];
  const lib = path.join(path.dirname(path.dirname(await fs.realpath(mvn))), 'lib');
  return [lib, ...(await fs.readdir(lib).catch(() => [])).sort()];
}

interface Packed {
  jar: string;
  pom: string;
  /** Each file's entries (a jar's), by the file's name. */
  listings: Record<string, string[]>;
}

/** What .ci/pack-java-sdk made of the committed SDK (mvn -o package on a copy), reused while the SDK, the script and Maven are the same. */
const packs = new WeakMap<PackageContext, Promise<Packed>>();
function packed(context: PackageContext): Promise<Packed> {
  let pack = packs.get(context);
  if (!pack) {
    pack = (async () => {
      const work = path.join(context.scratch, 'package');
      const script = path.join(root, '.ci', 'pack-java-sdk');
      const key = [...(await mavenVersion()), { tree: javaSdkDir }, { file: script }, 'pack-java-sdk; the jars listed'];
      const listings = await reusedWhenSame('java-package-packed', key, work, ['target'], async () => {
        await fs.mkdir(work, { recursive: true });
        const printed = (await mustRun('bash', [script, path.join(work, 'target')], work, { MAVEN_OPTS: quickJvm.join(' ') })).stdout;
        const made: Record<string, string[]> = {};
        for (const file of printed
          .trim()
          .split('\n')
          .map((line) => path.basename(line))
          .sort())
          made[file] = file.endsWith('.jar') ? await jarEntries(path.join(work, 'target', file)) : [];
        return made;
      });
      const version = String(context.document.info.version);
      return {
        jar: path.join(work, 'target', `email-delivery-api-${version}.jar`),
        pom: path.join(work, 'target', `email-delivery-api-${version}.pom`),
        listings,
      };
    })();
    packs.set(context, pack);
  }
  return pack;
}

/** The overlaid SDK's answers: the fields' calls, a 401 echoing both credentials, each keyed send 503 and then 201, exportContacts 503. */
function overlaidReply(): Reply {
  const sends = new Set<string>();
  return (request): ReturnType<Reply> => {
    if (request.path.startsWith('/v1/integrations/'))
      return {
        status: 401,
        body: JSON.stringify({ echoed: [request.headers['x-example-api-key'], request.headers.authorization] }),
        headers: { 'content-type': 'application/json', 'x-echo': String(request.headers['x-example-api-key']) },
      };
    if (request.path === '/v1/webhooks') return jsonReply(200, { items: [{ url: 'https://hooks.example/a' }], nextCursor: 'c_2' });
    if (request.path === '/v2/contacts/export/filter') return { ...jsonReply(503, {}), headers: { 'content-type': 'application/json', 'retry-after': '0' } };
    if (/^\/v1\/batches\/b[2-5]\/send$/.test(request.path) && !sends.has(request.path)) {
      sends.add(request.path);
      return { ...jsonReply(503, {}), headers: { 'content-type': 'application/json', 'retry-after': '0' } };
    }
    return request.method === 'POST' ? jsonReply(201, {}) : jsonReply(200, { state: 'delivered' });
  };
}

const checks: PackageChecks = {
  needs: ['java-sdk'],

  checkers: {
    title:
      "the committed SDK passes javac -Xlint:all -Werror with the guarantees' driver, the consumer, every operation's sample and the Java of docs/sdks.md, in one run",
    async run(context) {
      const { classes } = await compiled(context);
      expect((await fs.readdir(path.join(classes, 'samples'))).sort()).toEqual(operations.map((row) => row.operationId).sort());
      for (const name of ['SdkDriver.class', 'SdkConsumer.class', 'docs']) expect(existsSync(path.join(classes, name)), name).toBe(true);
    },
  },

  packageTitle: '.ci/pack-java-sdk (mvn -o package) packs the jar; with it and the Jackson jars its POM names alone on the class path (no network)',
  async installAndConsume(context, baseUrl) {
    const [{ jar }, { classes }] = await Promise.all([packed(context), compiled(context)]);
    // The jar in a fresh folder, and the consumer's classes alone beside it: the SDK comes from the jar.
    const installed = path.join(context.scratch, 'installed');
    const consumer = path.join(installed, 'consumer');
    await fs.mkdir(consumer, { recursive: true });
    await fs.copyFile(jar, path.join(installed, path.basename(jar)));
    for (const file of await fs.readdir(classes)) if (file.startsWith('SdkConsumer')) await fs.copyFile(path.join(classes, file), path.join(consumer, file));
    const ran = await mustRun(
      'java',
      [...quickJvm, '-cp', programClasspath(consumer, [path.join(installed, path.basename(jar))]), 'SdkConsumer', baseUrl],
      installed,
    );
    return { lines: ran.stdout.trim().split('\n'), rounds: 1 };
  },

  samplesTitle: 'pass javac -Xlint:all -Werror (in the one javac of the SDK and its programs)',
  sampleExtension: '.java',
  async checkSamples(context, dir, files) {
    const handed = new Map<string, string>();
    for (const file of files) handed.set(file, await fs.readFile(path.join(dir, file), 'utf8'));
    const { sources } = await compiled(context);
    // What javac passed is what the test handed: the same files, wrapped the same way.
    expect(Object.fromEntries(javacSources(handed)), 'the samples and blocks the one javac compiled').toEqual(Object.fromEntries(sources));
  },
  async runSample(context, dir, file) {
    const { classes } = await compiled(context);
    // The source launcher: one JVM compiles the sample in memory and runs it.
    return (await mustRun('java', [...quickJvm, '-cp', programClasspath(classes), path.join(dir, file)], dir)).stdout;
  },

  overlaid: {
    title:
      'with the example overlays: the bodies and parameters are typed, the calls send what they say, a misspelt field fails javac, credentials go by scheme, a keyed POST is retried with one key',
    async run(context) {
      const out = await context.writeSdk('overlaid', overlays);
      const programs = path.join(root, 'test', 'languages', 'java', 'sdk-fields');
      const program = path.join(programs, 'CheckFields.java');
      const work = path.join(context.scratch, 'overlaid-work');
      const classes = path.join(work, 'classes');
      // The same program with each typo, a class of its own, compiled against those classes: javac names each.
      const typos: [string, string][] = [
        ['.subject("Hello")', '.subjet("Hello")'],
        ['status.state() ==', 'status.stat() =='],
        ['page.nextCursor()', 'page.next_cursor()'],
        ['.idempotencyKey("key-1")', '.idempotency("key-1")'],
      ];
      let wrong = (await fs.readFile(program, 'utf8')).replaceAll('CheckFields', 'CheckFieldsMisspelt');
      for (const [right, typo] of typos) {
        expect(wrong, `the program names ${right}`).toContain(right);
        wrong = wrong.replace(right, typo);
      }
      const misspelt = path.join(work, 'misspelt', 'CheckFieldsMisspelt.java');
      await fs.mkdir(path.dirname(misspelt), { recursive: true });
      await fs.writeFile(misspelt, wrong);
      // Both javac runs reused while the overlaid SDK, the programs, the jars and javac are the same.
      const key = [...(await jdkRelease()), ...jacksonJars.map((file) => ({ file })), { tree: path.join(out, 'src') }, { tree: programs }, { file: misspelt }];
      const refused = await reusedWhenSame('java-package-overlaid', key, work, ['classes'], async () => {
        await javac([...(await javaFiles(path.join(out, 'src'))), ...(await javaFiles(programs))], classes, work);
        const verdict = await run(
          'javac',
          ['-J-XX:TieredStopAtLevel=1', '-J-XX:+UseSerialGC', '-d', path.join(work, 'misspelt'), '-cp', programClasspath(classes), misspelt],
          work,
        );
        return { code: verdict.code, output: verdict.output };
      });
      expect(refused.code, refused.output).toBe(1);
      for (const name of ['subjet', 'stat', 'next_cursor', 'idempotency'])
        expect(refused.output, `javac names ${name}`).toMatch(new RegExp(`symbol: +method ${name}\\(`));
      const server = await startTestServer();
      server.reply = overlaidReply();
      try {
        // One credential from its variable (EMAIL_DELIVERY_EXAMPLE_BEARER), and the debug log on stderr.
        const ran = await mustRun('java', [...quickJvm, '-cp', programClasspath(classes), 'CheckFields', server.url], work, {
          EMAIL_DELIVERY_EXAMPLE_BEARER: 'tok-env-2',
          EMAIL_DELIVERY_LOG: 'debug',
        });
        const printed = ran.stdout.trim().split('\n');
        expect(printed.slice(0, 3)).toEqual(['page https://hooks.example/a c_2', 'sent Hello', 'state delivered true']);
        const [fields, keyed] = [server.requests.slice(0, 4), server.requests.slice(4)];
        expect(fields.map((r) => [`${r.method} ${r.target}`, r.headers['idempotency-key'], r.headers.cookie, r.body])).toEqual([
          ['GET /v1/webhooks?cursor=page%202%2F%C3%A9&tags=red,a%2Cb', undefined, 'session=s%201%3Bx', ''],
          ['POST /v1/batches/b1/send', 'key-1', undefined, '{"subject":"Hello","sendAt":"2026-11-22T10:00:00Z"}'],
          ['GET /v1/messages/status?id=m1', undefined, undefined, ''],
          ['GET /v1/integrations/int_1', undefined, undefined, ''],
        ]);
        // Credentials by scheme: one given, one from its variable; both redacted where the service echoes them; the debug log names neither.
        expect(server.requests.map((r) => r.headers.authorization)).toEqual(server.requests.map(() => 'Bearer tok-env-2'));
        expect(fields[3].headers['x-example-api-key']).toBe('key-given-1');
        expect(printed[3]).toContain('headers=[X-Example-Api-Key, Authorization]');
        expect(printed[4]).toMatch(/^401 getIntegration: the service answered 401: .*\[redacted\].*\[redacted\].* \[\[redacted\]\]$/);
        expect(printed[5]).toBe(
          'refused credential("NoSuchScheme", ...): the description declares no such security scheme; it declares ExampleApiKey, ExampleBearer',
        );
        expect(ran.stderr).toContain('email_delivery_api: GET /v1/integrations/{id} attempt 1: 401');
        for (const secret of ['key-given-1', 'tok-env-2']) expect(ran.output, 'what the program printed').not.toContain(secret);
        // The keyed POST: answered 503, sent again with the key of its first attempt (one the call made, a UUID, or the caller's); exportContacts, keyed by no overlay, once.
        expect(printed.slice(6)).toEqual([
          'made a key, sent',
          "kept the parameter's key, sent",
          "kept the header's key, sent",
          'made a key for an empty one, sent',
          'unkeyed InternalServerException 503',
        ]);
        expect(keyed.map((r) => `${r.method} ${r.target}`)).toEqual([
          ...['b2', 'b2', 'b3', 'b3', 'b4', 'b4', 'b5', 'b5'].map((id) => `POST /v1/batches/${id}/send`),
          'POST /v2/contacts/export/filter',
        ]);
        const keys = keyed.map((r) => r.headers['idempotency-key']);
        expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(keys[6]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
        expect(keys).toEqual([keys[0], keys[0], 'key-2', 'key-2', 'key-3', 'key-3', keys[6], keys[6], undefined]);
      } finally {
        await server.close();
      }
    },
  },

  own: [
    {
      title:
        '.ci/pack-java-sdk (mvn -o package) makes the jar (its classes and POM), a sources jar and the POM, named as Maven Central names them, and needs Jackson alone',
      async run(context) {
        const { listings, pom: packedPom } = await packed(context);
        const version = String(context.document.info.version);
        expect(Object.keys(listings)).toEqual([
          `email-delivery-api-${version}-sources.jar`,
          `email-delivery-api-${version}.jar`,
          `email-delivery-api-${version}.pom`,
        ]);
        const listing = listings[`email-delivery-api-${version}.jar`];
        for (const name of (await javaFiles(path.join(javaSdkDir, 'src'))).map((file) => path.basename(file, '.java')))
          expect(
            listing.some((entry) => entry.endsWith(`/${name}.class`)),
            `${name}.class in the jar`,
          ).toBe(true);
        expect(listing).toContain('META-INF/maven/local/email-delivery-api/pom.xml');
        expect(listings[`email-delivery-api-${version}-sources.jar`]).toContain('local/emaildelivery/EmailDeliveryClient.java');
        const pom = await fs.readFile(path.join(javaSdkDir, 'pom.xml'), 'utf8');
        expect(await fs.readFile(packedPom, 'utf8'), 'the POM beside the jars').toBe(pom);
        expect([...pom.matchAll(/<dependency>[\s\S]*?<artifactId>([^<]+)<\/artifactId>/g)].map((match) => match[1])).toEqual(['jackson-databind']);
      },
    },
  ],
};

export default checks;
