// Variants of the bundle for consumers whose tools need them, made from the bundle (never from the
// split source): an OpenAPI 3.0 conversion and a dereferenced copy with no `$ref` at all.
import { Converter } from '@apiture/openapi-down-convert';
import { bundleFromString, createConfig, type Oas3Definition } from '@redocly/openapi-core';
import type { Info, OpenApiDocument } from '../openapi-document.ts';
import { ReportedError } from '../project.ts';

/** OpenAPI 3.0.3 for generators that do not read 3.1 (@apiture/openapi-down-convert). */
export function toOpenApi30(bundle: OpenApiDocument): Oas3Definition {
  const converted = new Converter(structuredClone(bundle), { verbose: false }).convert() as Oas3Definition;
  // 3.1 added info.summary; 3.0 has no place for it, and the description already says it.
  delete (converted.info as Info).summary;
  return converted;
}

/** The bundle with every `$ref` replaced by what it points to (Redocly's bundler). */
export async function dereferenced(bundle: OpenApiDocument): Promise<OpenApiDocument> {
  const result = await bundleFromString({ source: JSON.stringify(bundle), absoluteRef: 'openapi.json', config: await createConfig({}), dereference: true });
  const errors = result.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) throw new ReportedError(`dereferencing the bundle failed: ${errors.map((problem) => problem.message).join('; ')}`);
  return result.bundle.parsed as OpenApiDocument;
}
