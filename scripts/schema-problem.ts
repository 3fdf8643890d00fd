// A body's (or an argument's) problem with its JSON Schema, in the same words wherever it is told:
// verify's verdicts (scripts/verify/body-check.ts) and the MCP server's results
// (scripts/mcp/mcp-server.ts). Where a type is wrong, the type found is said beside the one wanted
// (`field score must be number, found string`): a type is not a value, and no value is shown.
import type { ErrorObject } from 'ajv/dist/2020.js';

/** The JSON type of `value` as JSON Schema names it: a whole number is an `integer`. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}

/**
 * What the schema wants of the place of `error` (an Ajv error made with `verbose`, so that it holds
 * the value it is about): `must be number, found string`; otherwise Ajv's words, and for `enum` the
 * values the schema allows (the schema's, not the answer's).
 */
export function schemaWants(error: ErrorObject): string {
  if (error.keyword === 'type') {
    const wanted = (error.params as { type: string | string[] }).type;
    return `must be ${[wanted].flat().join(' or ')}, found ${jsonTypeOf(error.data)}`;
  }
  const allowed = error.keyword === 'enum' ? ` (${(error.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')})` : '';
  return `${error.message ?? 'is not valid'}${allowed}`;
}

/** One problem of a body: `field a.b must be number, found string`, `the body must be object, found array`; `field` shows a JSON pointer's place. */
export const bodyProblem = (error: ErrorObject, field: (pointer: string) => string) =>
  `${error.instancePath === '' ? 'the body' : `field ${field(error.instancePath)}`} ${schemaWants(error)}`;
