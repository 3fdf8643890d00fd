// OpenAPI Generator (the pinned jar, spec validation on) generates a Java client (library native)
// from each variant: it compiles with Maven, and a Java program calls one operation of each
// request-part kind against a recording server on 127.0.0.1. The generated code goes to a temporary folder.
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { loadBundle, type Json } from '../support/helpers.ts';
import {
  callAndCompare,
  type Deviation,
  languagesDir,
  missingFor,
  mustRun,
  openApiGenerator,
  requireTools,
  runsHere,
  scratch,
  variants,
} from '../support/languages.ts';

// Pinned: what the generated client sends where the description says otherwise. No OpenAPI
// Generator client sends an exploded form object as bare name=value pairs: each names the pairs
// after the description's `params` object, which the description says never appears on the wire.
const openQuery = (request: string, why: string): Deviation[] => [{ operationId: 'getApiKey', request, why }];
const javaDeviations = openQuery(
  'GET /v1/api-key?params=%7Bname%3Dvalue%2C%20two%20words%3Da%26b%7D',
  "the java (native) generator sends the object as one `params` parameter holding Java's Map.toString()",
);
let work: string;
let document: Json;

beforeAll(async () => {
  work = await scratch('openapi-generator-java');
  document = await loadBundle();
});
afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true });
});

const java = missingFor(['java']);
describe.runIf(runsHere('OpenAPI Generator (java)', java))('OpenAPI Generator: java', () => {
  it.each(variants)('generates from generated/%s a client that compiles (Maven) and sends what the description says', async (variant) => {
    requireTools(java);
    const out = path.join(work, `java-${variant}`);
    await openApiGenerator('java', variant, out, ['--library', 'native']);
    await mustRun('mvn', ['-B', '-q', 'compile', 'dependency:build-classpath', '-Dmdep.outputFile=classpath.txt'], out);
    const classpath = `${path.join(out, 'target', 'classes')}:${(await fs.readFile(path.join(out, 'classpath.txt'), 'utf8')).trim()}`;
    await mustRun('javac', ['-d', 'caller', '-cp', classpath, path.join(languagesDir, 'java', 'CallEmailDelivery.java')], out);
    const run = ['-cp', `caller:${classpath}`, 'CallEmailDelivery'];
    await callAndCompare(document, async (baseUrl) => (await mustRun('java', [...run, baseUrl], out)).stdout, javaDeviations);
  });
});
