// Checks a response body against the schema the description names for it, with Ajv for JSON Schema
// 2020-12 (the dialect of OpenAPI 3.1's schemas) and its formats. The whole bundle is added as one
// schema resource, so a schema's `$ref`s into `components` resolve as they do in the description.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { OpenApiDocument } from '../openapi-document.ts';

export type BodyCheck = (schemaName: string, body: unknown) => string | undefined;

const resource = 'urn:email-delivery:openapi';

/** A checker over `document`'s named schemas: what is wrong with a body, in words, or undefined when it matches. */
export function bodyChecker(document: OpenApiDocument): BodyCheck {
  // strict off: OpenAPI's own keywords (`example`, `x-...`) stand beside JSON Schema's.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: resource, components: { schemas: document.components?.schemas ?? {} } });
  return (schemaName, body) => {
    const validate = ajv.getSchema(`${resource}#/components/schemas/${schemaName}`);
    if (!validate) return `the description has no schema ${schemaName}`;
    if (validate(body)) return undefined;
    const problems = (validate.errors ?? []).map((error) => {
      const at = error.instancePath === '' ? 'the body' : `field ${error.instancePath.slice(1).replaceAll('/', '.')}`;
      const allowed =
        error.keyword === 'enum' ? ` (${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')})` : '';
      return `${at} ${error.message}${allowed}`;
    });
    return `the body does not match ${schemaName}: ${[...new Set(problems)].join('; ')}`;
  };
}
