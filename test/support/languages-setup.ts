// The languages project's globalSetup (test/vitest.config.ts): starts, before the tier's first file,
// the one JVM that makes every OpenAPI Generator client the run's test files need
// (openapi-generator-<name>.test.ts: a pull-request leg runs some of them) and the reuse cache does
// not hold, in the background, so that the tier's other files run meanwhile; each test takes its
// client when the JVM has ended (openapi-generator.ts). Ends the JVM and removes its folder after
// the run. Where Java or the jar is missing, it makes nothing: the tests skip, or fail under CI=true.
import fs from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { clients, type ClientName, type Generation, idOf, notReused, startBatch } from './openapi-generator.ts';
import { missingFor, variants } from './languages.ts';
import { makeScratchFolder } from './scratch-folder.ts';

/** The clients whose test files are among `files` (the run's). */
export function clientsOf(files: string[]): ClientName[] {
  return (Object.keys(clients) as ClientName[]).filter((client) => files.some((file) => file.endsWith(`/test/languages/openapi-generator-${client}.test.ts`)));
}

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const wanted: Generation[] = clientsOf(project.vitest.state.getPaths()).flatMap((client) => variants.map((variant) => ({ client, variant })));
  const generations = wanted.length > 0 && !missingFor(['java']) ? await notReused(wanted) : [];
  project.provide('openApiGenerator', undefined);
  if (generations.length === 0) return undefined;
  const dir = await makeScratchFolder('openapi-generator');
  const batch = await startBatch(dir, generations);
  project.provide('openApiGenerator', { dir, ids: generations.map(idOf) });
  return async () => {
    batch.stop();
    await batch.ended;
    await fs.rm(dir, { recursive: true, force: true });
  };
}
