// OpenAPI Generator (the pinned jar, spec validation on) generates a Java client (library native)
// from each variant: it compiles with Maven, and a Java program calls one operation of each
// request-part kind against a recording server on 127.0.0.1. The generated code goes to a temporary folder;
// generation and compilation are reused when every input is the same (reusedWhenSame).
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  callAndCompare,
  copiesOfTheInput,
  differingFiles,
  languagesDir,
  missingFor,
  renamedTypes,
  mustRun,
  quickJvm,
  quickMaven,
  openQueryDeviation,
  requireTools,
  reusedWhenSame,
  runsHere,
  tierWorkspace,
  toolVersion,
  variants,
} from '../support/languages.ts';
import { openApiGenerator } from '../support/openapi-generator.ts';

// Pinned: what the generated client sends for the open query pairs (see openQueryDeviation).
const javaDeviations = openQueryDeviation(
  'GET /v1/api-key?pairs=%7Bname%3Dvalue%2C%20two%20words%3Da%26b%7D',
  "the java (native) generator sends the object as one `pairs` parameter holding Java's Map.toString()",
);
const tier = tierWorkspace('openapi-generator-java');

const java = missingFor(['java']);
describe.runIf(runsHere('OpenAPI Generator (java)', java))('OpenAPI Generator: java', () => {
  const outOf = (variant: string) => path.join(tier.work, `java-${variant}`);

  it('generates the same client from both variants', async () => {
    requireTools(java);
    for (const variant of variants) await openApiGenerator('java', variant, outOf(variant));
    expect(await differingFiles(outOf(variants[0]), outOf(variants[1]), copiesOfTheInput)).toEqual([]);
    expect(await renamedTypes(tier.document, outOf(variants[0])), 'types renamed by the generator').toEqual([]);
  });

  it('the client compiles (Maven) and sends what the description says', async () => {
    requireTools(java);
    const out = outOf(variants[0]);
    const caller = path.join(languagesDir, 'java', 'CallEmailDelivery.java');
    // The compiled client and caller, reused when the sources, the caller and the tools are the same.
    const key = [await toolVersion('mvn', ['--version']), await toolVersion('javac', ['-version']), { tree: out, ignored: copiesOfTheInput }, { file: caller }];
    await reusedWhenSame('maven-java-client', key, out, ['target/classes', 'classpath.txt', 'caller'], async () => {
      await mustRun('mvn', ['-B', '-q', '-Dstyle.color=never', 'compile', 'dependency:build-classpath', '-Dmdep.outputFile=classpath.txt'], out, quickMaven);
      const built = `${path.join(out, 'target', 'classes')}:${(await fs.readFile(path.join(out, 'classpath.txt'), 'utf8')).trim()}`;
      await mustRun('javac', ['-d', 'caller', '-cp', built, caller], out);
    });
    const classpath = `${path.join(out, 'target', 'classes')}:${(await fs.readFile(path.join(out, 'classpath.txt'), 'utf8')).trim()}`;
    const run = [...quickJvm, '-cp', `caller:${classpath}`, 'CallEmailDelivery'];
    await callAndCompare(tier.document, async (baseUrl) => (await mustRun('java', [...run, baseUrl], out)).stdout, javaDeviations);
  });
});
