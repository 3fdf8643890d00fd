// The package test of every SDK language `npm run sdk` writes (scripts/languages/languages.ts), one
// shape for all: the committed generated/sdk/<language> is what the command writes; the language's
// checkers pass it; packed as the release packs it and installed with no network, a consumer
// program calls every operation of the table against a recording server, each request as the
// description says, with the SDK's User-Agent; every operation's sample in the docs and the
// language's code in docs/sdks.md pass the language's tool, and one sample runs; the SDK of the
// example overlays carries their fields, parameters and credentials. What is a language's own is
// in its checks (test/languages/<language>/package-checks.ts), which the test finds by the
// language's name. The guarantees table runs in sdk-guarantees.test.ts.
import fs from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sdkLanguages } from '../../scripts/languages/languages.ts';
import { type Json, loadBundle } from '../support/helpers.ts';
import { differingFiles, missingFor, requireTools, runsHere } from '../support/languages.ts';
import { makeScratchFolder } from '../support/scratch-folder.ts';
import {
  docsBlocks,
  expectEveryOperation,
  languagePart,
  operationSamples,
  type PackageChecks,
  type PackageContext,
  packageContext,
  sdkLanguagesHere,
} from '../support/sdk-package.ts';

const checksOf = new Map<string, PackageChecks>();
for (const language of sdkLanguages) {
  const part = await languagePart<PackageChecks>(language.name, 'package-checks.ts');
  if (part) checksOf.set(language.name, part);
}

it('every language of scripts/languages/languages.ts has its package checks (test/languages/<language>/package-checks.ts)', () => {
  expect(sdkLanguages.filter((language) => !checksOf.has(language.name)).map((language) => language.name)).toEqual([]);
});

/** The bundle, read once for every language: its docs' samples are made once (docsSamples keeps them by the document). */
let bundleRead: Promise<Json> | undefined;
const bundle = () => (bundleRead ??= loadBundle());

/** The base URL the docs' samples call (the mock's). */
const sampleBaseUrl = 'http://127.0.0.1:4010';

// One language's tests after another's (the languages' tools at once would crowd two cores, and the
// guarantees' deadlines run beside them), each language's tests side by side (it.concurrent): most
// of a test is a wait on the language's own tools.
for (const language of sdkLanguagesHere()) {
  const checks = checksOf.get(language.name);
  if (!checks) continue;
  const missing = missingFor(checks.needs);
  const { label } = language;
  describe.runIf(runsHere(`the ${label} SDK`, missing))(`the ${label} SDK`, () => {
    let document: Json;
    let context: PackageContext;
    beforeAll(async () => {
      requireTools(missing);
      document = await bundle();
      const scratch = await makeScratchFolder(`sdk-${language.name}`);
      context = packageContext(language.name, document, scratch);
      return () => fs.rm(scratch, { recursive: true, force: true });
    });

    const remake = `npm run sdk -- --lang ${language.name} --out generated/sdk/${language.name}`;
    it.concurrent(`the committed generated/sdk/${language.name} is what \`${remake}\` writes`, async () => {
      const out = await context.writeSdk('remade');
      expect(
        await differingFiles(out, context.committed, language.leftovers ?? /^$/),
        `generated/sdk/${language.name} is not what the description makes: run \`${remake}\` and commit it`,
      ).toEqual([]);
    });

    it.concurrent(checks.checkers.title, () => checks.checkers.run(context));

    it.concurrent(`${checks.packageTitle}: a consumer calls every operation, each request as the description says, with the SDK's User-Agent`, async () => {
      const server = await context.describedServer();
      try {
        const { lines, rounds } = await checks.installAndConsume(context, server.url);
        expectEveryOperation(context, server, lines, rounds);
      } finally {
        await server.close();
      }
    });

    it.concurrent(`every operation's ${label} sample and the ${label} of docs/sdks.md ${checks.samplesTitle}, and a sample runs against a server`, async () => {
      const dir = path.join(context.scratch, 'samples');
      await fs.mkdir(dir, { recursive: true });
      const files: string[] = [];
      for (const [operationId, source] of operationSamples(document, language.name)) {
        files.push(`${operationId}${checks.sampleExtension}`);
        await fs.writeFile(path.join(dir, files.at(-1)!), source);
      }
      const blocks = await docsBlocks(label, language.name);
      expect(blocks.length, `${label} blocks in docs/sdks.md's ${label} section`).toBeGreaterThanOrEqual(2);
      for (const [index, block] of blocks.entries()) {
        files.push(`docs_${index}${checks.sampleExtension}`);
        await fs.writeFile(path.join(dir, files.at(-1)!), block);
      }
      await checks.checkSamples(context, dir, files);
      // The sample of getIntegration, its base URL (the mock's) put to a recording server's.
      const server = await context.describedServer();
      try {
        const file = `getIntegration${checks.sampleExtension}`;
        const source = await fs.readFile(path.join(dir, file), 'utf8');
        expect(source, 'the sample calls the mock').toContain(sampleBaseUrl);
        await fs.writeFile(path.join(dir, file), source.replace(sampleBaseUrl, server.url));
        const printed = await checks.runSample(context, dir, file);
        expect(server.requests.map((request) => `${request.method} ${request.target}`)).toEqual(['GET /v1/integrations/ID']);
        expect(printed, 'the sample prints the answer').toMatch(/ok/);
      } finally {
        await server.close();
      }
    });

    it.concurrent(checks.overlaid.title, () => checks.overlaid.run(context));

    for (const own of checks.own) it.concurrent(own.title, () => own.run(context));
  });
}
