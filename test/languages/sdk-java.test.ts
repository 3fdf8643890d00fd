// The Java SDK (`npm run sdk -- --lang java`): the committed generated/sdk/java is what the command
// writes; its sources pass `javac -Xlint:all -Werror` with the programs that use it (one javac for
// the SDK, the guarantees' driver, the consumer and every operation's sample, reused while they are
// the same); `.ci/pack-java-sdk` (`mvn -o package`) makes its jar, sources jar and POM (reused while
// the SDK and the script are the same);
// a consumer calls every operation with that jar against a recording server that checks each
// request with the description (the Prism mock's check is the same, and costs seconds to start);
// with the example overlays the typed classes carry the fields, and a misspelt one fails javac.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headerSchemes, listOperations } from '../../scripts/bundle-operations.ts';
import { javaSample } from '../../scripts/languages/java/java-sample.ts';
import { placeholderModule } from '../../scripts/languages/go/go-sdk.ts';
import { operations, type RequestPart } from '../../scripts/stated/operations.ts';
import { loadBundle, root } from '../support/helpers.ts';
import { jsonReply, startTestServer } from '../support/http-server.ts';
import { differingFiles, missingFor, mustRun, requireTools, reusedWhenSame, runsHere } from '../support/languages.ts';
import { run, runCommand } from '../support/run-command.ts';
import { scratchFolderPerFile } from '../support/scratch-folder.ts';
import { type CallArguments, operationAt, successStatus, wireRequest } from '../support/wire-format.ts';
import { compiledPrograms, javac, javaFiles, javaSdkDir, jacksonJars, jdkRelease, programClasspath, quickJvm } from './java/sdk/java-build.ts';

const missing = missingFor(['java-sdk']);
const scratch = scratchFolderPerFile('sdk-java');
const remake = 'npm run sdk -- --lang java --out generated/sdk/java';

/** `npm run sdk -- --lang java` of the description, with `overlays` applied, into `out` (in this process). */
async function writeJavaSdk(out: string, overlays: string[] = []): Promise<void> {
  const result = await runCommand('sdk', ['--lang', 'java', ...overlays.flatMap((file) => ['--overlay', path.join(root, file)]), '--out', out]);
  expect(result.code, result.output).toBe(0);
}

/** Each operation's Java sample (javaSample, for the description) as `samples/<operationId>/Example.java` under `dir`, in a package of its own; how many. */
async function writeSamples(dir: string): Promise<number> {
  const document = await loadBundle();
  const found = listOperations(document);
  for (const operation of found) {
    const source = javaSample(document, operation, 'https://your-service.example', {
      schemes: headerSchemes(document),
      body: { declared: false, required: [] },
      goModule: placeholderModule,
    });
    await fs.mkdir(path.join(dir, 'samples', operation.operationId), { recursive: true });
    await fs.writeFile(path.join(dir, 'samples', operation.operationId, 'Example.java'), `package samples.${operation.operationId};\n\n${source}`);
  }
  return found.length;
}

/**
 * The Java blocks of docs/sdks.md's Java section, each as a method of a class of its own under
 * `dir` (its import lines at the top, with those the section takes as known); how many.
 */
async function writeDocsBlocks(dir: string): Promise<number> {
  const docs = await fs.readFile(path.join(root, 'docs', 'sdks.md'), 'utf8');
  const start = docs.indexOf('\n## Java\n');
  const section = docs.slice(start, docs.indexOf('\n## ', start + 1));
  const blocks = [...section.matchAll(/```java\n([\s\S]*?)```/g)].map((match) => match[1]);
  const known = [
    'com.fasterxml.jackson.databind.JsonNode',
    'com.fasterxml.jackson.databind.node.ObjectNode',
    'java.time.Duration',
    'java.util.Map',
    'local.emaildelivery.*',
  ];
  await fs.mkdir(path.join(dir, 'docs'), { recursive: true });
  for (const [index, block] of blocks.entries()) {
    const lines = block.split('\n');
    const imports = new Set([...known.map((name) => `import ${name};`), ...lines.filter((line) => line.startsWith('import '))]);
    const body = lines.filter((line) => !line.startsWith('import ')).map((line) => `    ${line}`);
    const source = [
      'package docs;',
      '',
      ...imports,
      '',
      `final class Block${index} {`,
      `  static void run(${/EmailDeliveryClient client =/.test(block) ? '' : 'EmailDeliveryClient client'}) {`,
      ...body,
      '  }',
      '}',
      '',
    ];
    await fs.writeFile(path.join(dir, 'docs', `Block${index}.java`), source.join('\n'));
  }
  return blocks.length;
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

/** The arguments SdkConsumer gives each operation, by its request part. */
const argumentsOf: Record<RequestPart, CallArguments> = {
  none: {},
  id: { id: 'id 1/é' },
  query: { query: { name: 'value', 'two words': 'a&b' } },
  'id+optional-body': { id: 'id 1/é', body: { any: 1 } },
  'required-body': { body: { any: 1 } },
};

describe.runIf(runsHere('the Java SDK', missing))('the Java SDK', () => {
  /** The programs and the SDK compiled by one javac (with every operation's sample). */
  let compiled: Promise<{ classes: string; seconds: number }> | undefined;
  const compile = () =>
    (compiled ??= (async () => {
      const extra = path.join(scratch.dir, 'extra');
      expect(await writeSamples(extra)).toBe(operations.length);
      expect(await writeDocsBlocks(extra), 'Java blocks in the Java section of docs/sdks.md').toBeGreaterThanOrEqual(2);
      return compiledPrograms(scratch.dir, 'java-sdk-programs', extra);
    })());
  /** The jar `mvn -o package` made of the committed SDK, and the consumer's own classes. */
  let packaged: Promise<{ jar: string; pom: string; consumer: string; classes: string[]; sources: string[] }> | undefined;
  const pack = () =>
    (packaged ??= (async () => {
      const work = path.join(scratch.dir, 'package');
      const script = path.join(root, '.ci', 'pack-java-sdk');
      const key = [...(await mavenVersion()), { tree: javaSdkDir }, { file: script }, 'pack-java-sdk; jar tf'];
      // The release asset's script makes the package (mvn -o -q package on a copy): the jar, the sources jar and the POM.
      const built = await reusedWhenSame('java-sdk-package', key, work, ['target'], async () => {
        await fs.mkdir(work, { recursive: true });
        const printed = (await mustRun('bash', [script, path.join(work, 'target')], work, { MAVEN_OPTS: '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC' })).stdout;
        const files = printed
          .trim()
          .split('\n')
          .map((line) => path.basename(line))
          .sort();
        const listings: Record<string, string[]> = {};
        for (const file of files)
          listings[file] = file.endsWith('.jar') ? (await mustRun('jar', ['tf', path.join(work, 'target', file)], work)).stdout.trim().split('\n') : [];
        return listings;
      });
      const version = (await loadBundle()).info.version as string;
      expect(Object.keys(built)).toEqual([
        `email-delivery-api-${version}-sources.jar`,
        `email-delivery-api-${version}.jar`,
        `email-delivery-api-${version}.pom`,
      ]);
      // The consumer's classes alone beside the jar: the SDK comes from the jar.
      const { classes } = await compile();
      const consumer = path.join(work, 'consumer');
      await fs.mkdir(consumer, { recursive: true });
      for (const file of await fs.readdir(classes)) if (file.startsWith('SdkConsumer')) await fs.copyFile(path.join(classes, file), path.join(consumer, file));
      return {
        jar: path.join(work, 'target', `email-delivery-api-${version}.jar`),
        pom: path.join(work, 'target', `email-delivery-api-${version}.pom`),
        consumer,
        classes: built[`email-delivery-api-${version}.jar`],
        sources: built[`email-delivery-api-${version}-sources.jar`],
      };
    })());

  it(`the committed generated/sdk/java is what \`${remake}\` writes`, async () => {
    requireTools(missing);
    const out = path.join(scratch.dir, 'remade');
    await writeJavaSdk(out);
    expect(await differingFiles(out, javaSdkDir, /^$/), `generated/sdk/java is not what the description makes: run \`${remake}\` and commit it`).toEqual([]);
  });

  it("passes javac -Xlint:all -Werror with the driver, the consumer, every operation's sample and the Java of docs/sdks.md, in one run", async () => {
    requireTools(missing);
    const { classes } = await compile();
    const names = await fs.readdir(path.join(classes, 'samples'));
    expect(names.sort()).toEqual(operations.map((row) => row.operationId).sort());
  });

  it('.ci/pack-java-sdk (mvn -o package) makes the jar (its classes and POM), a sources jar and the POM, named as Maven Central names them, and needs Jackson alone', async () => {
    requireTools(missing);
    const { classes: listing, sources: sourcesJar, pom: packedPom } = await pack();
    const sources = (await javaFiles(path.join(javaSdkDir, 'src'))).map((file) => path.basename(file, '.java'));
    for (const name of sources)
      expect(
        listing.some((entry) => entry.endsWith(`/${name}.class`)),
        `${name}.class in the jar`,
      ).toBe(true);
    expect(listing).toContain('META-INF/maven/local/email-delivery-api/pom.xml');
    expect(sourcesJar).toContain('local/emaildelivery/EmailDeliveryClient.java');
    const pom = await fs.readFile(path.join(javaSdkDir, 'pom.xml'), 'utf8');
    expect(await fs.readFile(packedPom, 'utf8'), 'the POM beside the jars').toBe(pom);
    expect([...pom.matchAll(/<dependency>[\s\S]*?<artifactId>([^<]+)<\/artifactId>/g)].map((match) => match[1])).toEqual(['jackson-databind']);
  });

  describe('a consumer calls every operation, with the jar', () => {
    const consumerRun = async (url: string) => {
      const { jar, consumer } = await pack();
      return mustRun('java', [...quickJvm, '-cp', programClasspath(consumer, [jar]), 'SdkConsumer', url], scratch.dir);
    };

    it('against a recording server: each request is what the description says, with the User-Agent of the SDK', async () => {
      requireTools(missing);
      const document = await loadBundle();
      const server = await startTestServer();
      server.reply = (request) => {
        const operationId = operationAt(document, request.method, request.path);
        return operationId ? jsonReply(successStatus(document, operationId), { ok: true }) : jsonReply(404, {});
      };
      try {
        const result = await consumerRun(server.url);
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
        expect(new Set(server.requests.map((request) => request.headers['user-agent']))).toEqual(new Set([`email-delivery-api-java/${document.info.version}`]));
      } finally {
        await server.close();
      }
    });
  });

  it('with the example overlays: the bodies and parameters are typed, the calls send what they say, a misspelt field fails javac, credentials go by scheme', async () => {
    requireTools(missing);
    const out = path.join(scratch.dir, 'overlaid');
    await writeJavaSdk(out, [
      'examples/overlays/fields.yaml',
      'examples/overlays/paging.yaml',
      'examples/overlays/idempotency.yaml',
      'test/fixtures/overlays/parameters.yaml',
      'examples/overlays/auth.yaml',
      'examples/overlays/bearer.yaml',
    ]);
    const program = path.join(root, 'test', 'languages', 'java', 'sdk-fields', 'CheckFields.java');
    const credentials = path.join(root, 'test', 'languages', 'java', 'sdk-fields', 'CheckCredentials.java');
    const classes = path.join(scratch.dir, 'overlaid-classes');
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
    const misspelt = path.join(scratch.dir, 'misspelt', 'CheckFieldsMisspelt.java');
    await fs.mkdir(path.dirname(misspelt), { recursive: true });
    await fs.writeFile(misspelt, wrong);
    // Both javac runs reused while the overlaid SDK, the programs, the jars and javac are the same.
    const key = [
      ...(await jdkRelease()),
      ...jacksonJars.map((file) => ({ file })),
      { tree: path.join(out, 'src') },
      { file: program },
      { file: credentials },
      { file: misspelt },
    ];
    const refused = await reusedWhenSame('java-sdk-overlaid', key, scratch.dir, ['overlaid-classes'], async () => {
      await javac([...(await javaFiles(path.join(out, 'src'))), program, credentials], classes, scratch.dir);
      const verdict = await run(
        'javac',
        ['-J-XX:TieredStopAtLevel=1', '-d', path.join(scratch.dir, 'misspelt'), '-cp', [classes, ...jacksonJars].join(path.delimiter), misspelt],
        scratch.dir,
      );
      return { code: verdict.code, output: verdict.output };
    });
    expect(refused.code, refused.output).toBe(1);
    for (const name of ['subjet', 'stat', 'next_cursor', 'idempotency'])
      expect(refused.output, `javac names ${name}`).toMatch(new RegExp(`symbol: +method ${name}\\(`));
    const server = await startTestServer();
    // The fields' calls, then the credentials' (CheckFields runs CheckCredentials last, in the same JVM): a 401 that echoes both credentials.
    server.reply = (request) =>
      request.path.startsWith('/v1/integrations/')
        ? {
            status: 401,
            body: JSON.stringify({ echoed: [request.headers['x-example-api-key'], request.headers.authorization] }),
            headers: { 'content-type': 'application/json', 'x-echo': String(request.headers['x-example-api-key']) },
          }
        : request.path === '/v1/webhooks'
          ? jsonReply(200, { items: [{ url: 'https://hooks.example/a' }], nextCursor: 'c_2' })
          : request.method === 'POST'
            ? jsonReply(201, {})
            : jsonReply(200, { state: 'delivered' });
    try {
      // One credential from its variable (EMAIL_DELIVERY_EXAMPLE_BEARER), and the debug log on stderr.
      const ran = await mustRun('java', [...quickJvm, '-cp', programClasspath(classes), 'CheckFields', server.url], scratch.dir, {
        EMAIL_DELIVERY_EXAMPLE_BEARER: 'tok-env-2',
        EMAIL_DELIVERY_LOG: 'debug',
      });
      const printed = ran.stdout.trim().split('\n');
      expect(printed.slice(0, 3)).toEqual(['page https://hooks.example/a c_2', 'sent Hello', 'state delivered true']);
      expect(server.requests.map((r) => [`${r.method} ${r.target}`, r.headers['idempotency-key'], r.headers.cookie, r.body])).toEqual([
        ['GET /v1/webhooks?cursor=page%202%2F%C3%A9&tags=red,a%2Cb', undefined, 'session=s%201%3Bx', ''],
        ['POST /v1/batches/b1/send', 'key-1', undefined, '{"subject":"Hello","sendAt":"2026-11-22T10:00:00Z"}'],
        ['GET /v1/messages/status?id=m1', undefined, undefined, ''],
        ['GET /v1/integrations/int_1', undefined, undefined, ''],
      ]);
      // Credentials by scheme: one given, one from its variable; both redacted where the service echoes them; the debug log names neither.
      expect(server.requests.map((r) => r.headers.authorization)).toEqual(server.requests.map(() => 'Bearer tok-env-2'));
      expect(server.requests[3].headers['x-example-api-key']).toBe('key-given-1');
      expect(printed[3]).toContain('headers=[X-Example-Api-Key, Authorization]');
      expect(printed[4]).toMatch(/^401 getIntegration: the service answered 401: .*\[redacted\].*\[redacted\].* \[\[redacted\]\]$/);
      expect(printed[5]).toBe(
        'refused credential("NoSuchScheme", ...): the description declares no such security scheme; it declares ExampleApiKey, ExampleBearer',
      );
      expect(ran.stderr).toContain('email_delivery_api: GET /v1/integrations/{id} attempt 1: 401');
      for (const secret of ['key-given-1', 'tok-env-2']) expect(ran.output, 'what the program printed').not.toContain(secret);
    } finally {
      await server.close();
    }
  });
});
