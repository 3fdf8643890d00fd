// OpenAPI Generator (the pinned jar, spec validation on) generates a Kotlin client (library
// jvm-okhttp4) from each variant: it compiles with Maven (test/languages/kotlin/pom.xml, the
// versions of the generator's own Gradle build), and a Kotlin program calls one operation of each
// request-part kind against a recording server on 127.0.0.1. The generated code goes to a temporary folder;
// generation and compilation (the Kotlin compiler in Maven's process: no daemon) are reused when every
// input is the same (reusedWhenSame).
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  callAndCompare,
  copiesOfTheInput,
  differingFiles,
  languagesDir,
  missingFor,
  mustRun,
  quickJvm,
  quickMaven,
  openQueryDeviation,
  renamedTypes,
  requireTools,
  reusedWhenSame,
  runsHere,
  tierWorkspace,
  toolVersion,
  variants,
} from '../support/languages.ts';
import { openApiGenerator } from '../support/openapi-generator.ts';

// Pinned: what the generated client sends for the open query pairs (see openQueryDeviation).
const kotlinDeviations = openQueryDeviation(
  'GET /v1/api-key?pairs=%28name%2C%20value%29%28two%20words%2C%20a%26b%29',
  'the kotlin generator sends the map as one `pairs` parameter holding its entries as (name, value) pairs',
);
const tier = tierWorkspace('openapi-generator-kotlin');

const java = missingFor(['java']);
describe.runIf(runsHere('OpenAPI Generator (kotlin)', java))('OpenAPI Generator: kotlin', () => {
  const outOf = (variant: string) => path.join(tier.work, `kotlin-${variant}`);

  it("generates the same client from both variants, and keeps the description's names", async () => {
    requireTools(java);
    for (const variant of variants) await openApiGenerator('kotlin', variant, outOf(variant));
    expect(await differingFiles(outOf(variants[0]), outOf(variants[1]), copiesOfTheInput)).toEqual([]);
    expect(await renamedTypes(tier.document, outOf(variants[0])), 'types renamed by the generator').toEqual([]);
  });

  it('the client compiles (Maven, Kotlin) and sends what the description says', async () => {
    requireTools(java);
    const out = outOf(variants[0]);
    await fs.copyFile(path.join(languagesDir, 'kotlin', 'pom.xml'), path.join(out, 'pom.xml'));
    await fs.copyFile(path.join(languagesDir, 'kotlin', 'CallEmailDelivery.kt'), path.join(out, 'src', 'main', 'kotlin', 'CallEmailDelivery.kt'));
    // The compiled client and caller, reused when the sources, the pom, the caller and the tools are the same.
    const key = [await toolVersion('mvn', ['--version']), { tree: out, ignored: copiesOfTheInput }];
    await reusedWhenSame('maven-kotlin-client', key, out, ['target/classes', 'classpath.txt'], () =>
      mustRun('mvn', ['-B', '-q', '-Dstyle.color=never', 'compile', 'dependency:build-classpath', '-Dmdep.outputFile=classpath.txt'], out, quickMaven),
    );
    const classpath = `${path.join(out, 'target', 'classes')}:${(await fs.readFile(path.join(out, 'classpath.txt'), 'utf8')).trim()}`;
    await callAndCompare(
      tier.document,
      async (baseUrl) => (await mustRun('java', [...quickJvm, '-cp', classpath, 'CallEmailDeliveryKt', baseUrl], out)).stdout,
      kotlinDeviations,
    );
  });
});
