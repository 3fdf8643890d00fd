// OpenAPI Generator (the pinned jar, spec validation on) generates a Java client (library native)
// from each variant: it compiles with Maven, and a Java program calls one operation of each
// request-part kind against a recording server on 127.0.0.1. The generated code goes to a temporary folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, it } from 'vitest';
import {
  callAndCompare,
  languagesDir,
  missingFor,
  mustRun,
  openApiGenerator,
  openQueryDeviation,
  requireTools,
  runsHere,
  tierWorkspace,
  variants,
} from '../support/languages.ts';

// Pinned: what the generated client sends for the open query pairs. No OpenAPI Generator client
// sends an exploded form object as bare name=value pairs: each names the pairs after the
// description's `params` object, which the description says never appears on the wire.
const javaDeviations = openQueryDeviation(
  'GET /v1/api-key?params=%7Bname%3Dvalue%2C%20two%20words%3Da%26b%7D',
  "the java (native) generator sends the object as one `params` parameter holding Java's Map.toString()",
);
const tier = tierWorkspace('openapi-generator-java');

const java = missingFor(['java']);
describe.runIf(runsHere('OpenAPI Generator (java)', java))('OpenAPI Generator: java', () => {
  it.each(variants)('generates from generated/%s a client that compiles (Maven) and sends what the description says', async (variant) => {
    requireTools(java);
    const out = path.join(tier.work, `java-${variant}`);
    await openApiGenerator('java', variant, out, ['--library', 'native']);
    await mustRun('mvn', ['-B', '-q', '-Dstyle.color=never', 'compile', 'dependency:build-classpath', '-Dmdep.outputFile=classpath.txt'], out);
    const classpath = `${path.join(out, 'target', 'classes')}:${(await fs.readFile(path.join(out, 'classpath.txt'), 'utf8')).trim()}`;
    await mustRun('javac', ['-d', 'caller', '-cp', classpath, path.join(languagesDir, 'java', 'CallEmailDelivery.java')], out);
    const run = ['-cp', `caller:${classpath}`, 'CallEmailDelivery'];
    await callAndCompare(tier.document, async (baseUrl) => (await mustRun('java', [...run, baseUrl], out)).stdout, javaDeviations);
  });
});
