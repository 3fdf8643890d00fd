// Checks a response body against the schema the description names for it, with Ajv for JSON Schema
// 2020-12 (the dialect of OpenAPI 3.1's schemas) and its formats. The whole bundle is added as one
// schema resource, so a schema's `$ref`s into `components` resolve as they do in the description.
// A problem names a field by its plain names only (a map's keys and a list's places are `*`), and
// the type found where a type is wrong (scripts/schema-problem.ts, as the MCP server says it); a
// body's first three problems are named, the rest counted: the body is the service's, untrusted.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { nameVerdict } from '../learn/field-names.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import { bodyProblem } from '../schema-problem.ts';

export type BodyCheck = (schemaName: string, body: unknown) => string | undefined;

const resource = 'urn:email-delivery:openapi';

/** A checker over `document`'s named schemas: what is wrong with a body, in words, or undefined when it matches. */
export function bodyChecker(document: OpenApiDocument): BodyCheck {
  // strict off: OpenAPI's own keywords (`example`, `x-...`) stand beside JSON Schema's.
  // verbose: each error holds the value it is about, for the type found (scripts/schema-problem.ts); never shown.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, verbose: true });
  (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
  ajv.addSchema({ $id: resource, components: { schemas: document.components?.schemas ?? {} } });
  return (schemaName, body) => {
    const validate = ajv.getSchema(`${resource}#/components/schemas/${schemaName}`);
    if (!validate) return `the description has no schema ${schemaName}`;
    if (validate(body)) return undefined;
    const problems = [...new Set((validate.errors ?? []).map((error) => bodyProblem(error, shownPath)))];
    const more = problems.length > problemsShown ? `; and ${problems.length - problemsShown} more` : '';
    return `the body does not match ${schemaName}: ${problems.slice(0, problemsShown).join('; ')}${more}`;
  };
}

/** The problems of one body a message names: the rest are counted. */
const problemsShown = 3;

/**
 * A field's place in a body (a JSON pointer) as a message shows it, `a.b.c`: a segment that is not
 * a plain name (an array's index, a map's key: an address, an id, a token, invisible characters) is
 * `*`, so that no value of the service's answer reaches the report, and one problem of a map of
 * 100,000 keys is one line.
 */
function shownPath(pointer: string): string {
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .map((segment) => (nameVerdict(segment) === undefined ? segment : '*'))
    .join('.');
}
