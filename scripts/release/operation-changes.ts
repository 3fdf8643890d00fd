// What changed in one operation, in words, from one api-smart-diff difference under
// `paths.<path>.<method>`: a parameter (by name and location), the request body, a response (by
// status), or the operation's own fields, each with what happened to it.
import type { Diff } from 'api-smart-diff';
import { deref, type OpenApiDocument, type Operation, operationAt, type Parameter, pathItemAt, type Referenced } from '../openapi-document.ts';

/** A schema's words for readers, not constraints: "schema description changed" says which. */
const annotations = new Set(['description', 'title', 'example', 'examples', '$comment']);

const done = (action: string) => ({ add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' })[action] ?? 'changed';

/** "now required" / "no longer required" for a `required` flag, else what happened to the part. */
function what(diff: Diff, rest: string[]): string {
  if (rest.length === 1 && rest[0] === 'required') return diff.after === true ? 'now required' : 'no longer required';
  if (rest.length === 0) return done(diff.action);
  const [first, ...more] = rest;
  // A schema's inner changes are one line: the breaking list names each that breaks callers.
  // The keyword, not a property of that name: `properties.description` is a field.
  const keyword =
    more.length > 0 && annotations.has(more[more.length - 1]) && !/^(?:properties|patternProperties|\$defs|definitions)$/.test(more[more.length - 2] ?? '');
  if (first === 'schema' && keyword) return `schema ${more[more.length - 1]} ${done(diff.action)}`;
  if (first === 'schema') return more.length > 0 ? 'schema changed' : `schema ${done(diff.action)}`;
  if (first === 'content' && more.length === 1) return `media type ${more[0]} ${done(diff.action)}`;
  if (first === 'content') return `${more[0]} ${what(diff, more.slice(1))}`;
  return `${rest.join('.')} ${done(diff.action)}`;
}

/**
 * The parameter a diff under `parameters.<index>` is about: `cursor (query)`. api-smart-diff
 * counts the operation's parameters and then its path item's (it moves those into each operation).
 */
function parameterName(document: OpenApiDocument, path: string, operation: Operation | undefined, index: string): string {
  const merged = [...(operation?.parameters ?? []), ...(pathItemAt(document, path)?.parameters ?? [])];
  const parameter = deref(document, merged[Number(index)]);
  return parameter?.name ? `${String(parameter.name)} (${String(parameter.in)})` : `#${index}`;
}

/** Each parameter of a whole `parameters` list added or removed. */
function parameterList(value: unknown, document: OpenApiDocument, action: string): string {
  const names = (Array.isArray(value) ? value : []).map((p: Referenced<Parameter>) => deref(document, p)).map((p) => `${String(p?.name)} (${String(p?.in)})`);
  return `parameter${names.length === 1 ? '' : 's'} ${names.join(', ')} ${done(action)}`;
}

/** One line for `diff`, an api-smart-diff difference inside the operation at `path` and `method`. */
export function operationChange(diff: Diff, base: OpenApiDocument, head: OpenApiDocument): string {
  const [, path, method, part, ...rest] = diff.path.map(String);
  const document = diff.action === 'remove' ? base : head;
  const operation = operationAt(document, path, method);
  if (part === 'parameters' && rest.length === 0) return parameterList(diff.action === 'remove' ? diff.before : diff.after, document, diff.action);
  if (part === 'parameters') return `parameter ${parameterName(document, path, operation, rest[0])} ${what(diff, rest.slice(1))}`;
  if (part === 'requestBody') return `request body ${what(diff, rest)}`;
  if (part === 'responses' && rest.length > 0) return `response ${rest[0]} ${what(diff, rest.slice(1))}`;
  if (part === 'operationId') return `operationId ${String(diff.before)} renamed ${String(diff.after)}`;
  return `${[part, ...rest].join('.')} ${done(diff.action)}`;
}
