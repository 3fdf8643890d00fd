// What the overlays change for a caller, operation by operation: each parameter (by name and
// location), each field of a request or response body (by name and JSON path), and the credentials
// an operation needs, compared between the description and the description with the overlays,
// with what a caller must now do. Plus warnings where a fact cannot be enforced: a request body
// whose schema now has required fields while the body itself stays optional.
import {
  deref,
  eachOperation,
  isRef,
  type OpenApiDocument,
  type Operation,
  operationAt,
  operationParameters,
  type Parameter,
  type PathItem,
  pathItemAt,
  type Referenced,
  type Response,
  type Schema,
  type SecurityScheme,
} from '../openapi-document.ts';

export interface CallerChange {
  operationId: string;
  /** What changed: `query parameter \`cursor\``, `request field \`subject\` at $.subject`. */
  what: string;
  /** What a caller must now do, or may now do. */
  caller: string;
  /** Whether a caller that followed the description can now fail. */
  breaking: boolean;
}

interface Field {
  name: string;
  required: boolean;
  type: string;
}

/** Compares each operation of `overlaid` with the same operation (by path and method) of `base`. */
export function callerChanges(base: OpenApiDocument, overlaid: OpenApiDocument): { changes: CallerChange[]; warnings: string[] } {
  const changes: CallerChange[] = [];
  const warnings: string[] = [];
  for (const { path, method, pathItem, operation } of eachOperation(overlaid)) {
    const before = operationAt(base, path, method);
    const operationId = operation.operationId;
    if (!before || typeof operationId !== 'string') continue;
    const add = (what: string, caller: string, breaking: boolean) => changes.push({ operationId, what, caller, breaking });
    parameterChanges(parameters(base, pathItemAt(base, path), before), parameters(overlaid, pathItem, operation), add);
    securityChanges(base, before, overlaid, operation, add);
    const bodyBefore = deref(base, before.requestBody);
    const body = deref(overlaid, operation.requestBody);
    const requestFields = fields(overlaid, body?.content?.['application/json']?.schema);
    fieldChanges('request', fields(base, bodyBefore?.content?.['application/json']?.schema), requestFields, add);
    const required = [...requestFields.entries()].filter(([, field]) => field.required && !field.name.includes('[*]'));
    if (body && body.required !== true && required.length > 0) {
      const at = `$.paths['${path}'].${method}.requestBody`;
      warnings.push(
        `${operationId}: the request body is still optional (${at} is not \`required: true\`), so a call without a body is valid and its required ${required.map(([jsonPath]) => `\`${jsonPath}\``).join(', ')} cannot be enforced; to require the body, add \`required: true\` at ${at}`,
      );
    }
    for (const status of Object.keys(operation.responses ?? {}))
      if (!Object.hasOwn(before.responses ?? {}, status)) add(`${status} response`, 'may now get it, as described', false);
    for (const status of Object.keys(before.responses ?? {}))
      if (!Object.hasOwn(operation.responses ?? {}, status)) add(`${status} response`, 'no longer finds it described', status === 'default');
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const schemaOf = (document: OpenApiDocument, node: Referenced<Response> | undefined) => deref(document, node)?.content?.['application/json']?.schema;
      fieldChanges(`${status} response`, fields(base, schemaOf(base, before.responses?.[status])), fields(overlaid, schemaOf(overlaid, response)), add);
      headerChanges(status, deref(base, before.responses?.[status]), deref(overlaid, response), overlaid, add);
    }
  }
  return { changes, warnings };
}

type Add = (what: string, caller: string, breaking: boolean) => void;

/** The headers of a response the overlays add or remove: what a caller may now read, or no longer finds. */
function headerChanges(status: string, before: Response | undefined, after: Response | undefined, overlaid: OpenApiDocument, add: Add): void {
  const names = (response: Response | undefined) => new Set(Object.keys(response?.headers ?? {}).map((name) => name.toLowerCase()));
  const had = names(before);
  for (const [name, node] of Object.entries(after?.headers ?? {})) {
    if (had.has(name.toLowerCase())) continue;
    const header = deref(overlaid, node) as { schema?: Schema; required?: boolean } | undefined;
    add(`${status} response header \`${name}\``, `may now read it (${typeOf(header?.schema)}${header?.required ? ', always sent' : ''})`, false);
  }
  const has = names(after);
  for (const name of Object.keys(before?.headers ?? {}))
    if (!has.has(name.toLowerCase())) add(`${status} response header \`${name}\``, 'no longer finds it described', true);
}

function parameters(document: OpenApiDocument, pathItem: PathItem | undefined, operation: Operation): Map<string, Parameter> {
  const all = operationParameters(document, pathItem, operation);
  // Path parameters too: an overlay may type the shared `id` (its format, a pattern), which a caller must then follow.
  return new Map(all.map((p) => [`${p.in} parameter \`${p.name}\``, p]));
}

function parameterChanges(before: Map<string, Parameter>, after: Map<string, Parameter>, add: Add): void {
  for (const [what, parameter] of after) {
    const was = before.get(what);
    const type = typeOf(parameter.schema);
    if (!was) add(what, parameter.required ? `must now send it (${type})` : `may now send it (${type}, optional)`, parameter.required === true);
    else if (parameter.required && !was.required) add(what, `must now send it (${type}): it became required`, true);
    else if (type !== typeOf(was.schema)) add(what, `must send it as ${type} (it was ${typeOf(was.schema)})`, true);
  }
  for (const what of before.keys()) if (!after.has(what)) add(what, 'must no longer send it: the overlays removed it', true);
}

/**
 * The credentials an operation needs, where the overlays change them. A list of requirements that
 * holds an empty one (`{}`) requires nothing: its schemes may be sent, or none, which breaks no caller.
 */
function securityChanges(base: OpenApiDocument, before: Operation, overlaid: OpenApiDocument, operation: Operation, add: Add): void {
  const requirements = (list: unknown) => (Array.isArray(list) ? list : []).map((requirement: object | null | undefined) => Object.keys(requirement ?? {}));
  const schemes = (document: OpenApiDocument, list: string[][]) =>
    list
      .filter((names) => names.length > 0)
      .map((names) => names.map((name) => `${name} (${schemeText(document.components?.securitySchemes?.[name])})`).join(' and '))
      .join(', or ');
  const optional = (list: string[][]) => list.length === 0 || list.some((names) => names.length === 0);
  const was = requirements(before.security ?? base.security);
  const now = requirements(operation.security ?? overlaid.security);
  const [wasSchemes, nowSchemes] = [schemes(base, was), schemes(overlaid, now)];
  if (wasSchemes === nowSchemes && optional(was) === optional(now)) return;
  if (nowSchemes === '') add('credentials', 'need no longer send credentials', false);
  else if (optional(now)) add('credentials', `may now send ${nowSchemes}, or none`, false);
  else add('credentials', `must now send ${nowSchemes}`, true);
}

/** A security scheme in words: `the header X-Api-Key`, `HTTP bearer: \`Authorization: Bearer <token>\``. */
export function schemeText(scheme: Referenced<SecurityScheme> | undefined): string {
  if (!scheme || isRef(scheme)) return 'an undeclared scheme';
  if (scheme.type === 'apiKey') return `the ${scheme.in} ${scheme.name}`;
  if (scheme.type === 'http')
    return `HTTP ${scheme.scheme}: \`Authorization: ${String(scheme.scheme).toLowerCase() === 'bearer' ? 'Bearer <token>' : `${scheme.scheme} ...`}\``;
  return String(scheme.type);
}

function fieldChanges(where: string, before: Map<string, Field>, after: Map<string, Field>, add: Add): void {
  const request = where === 'request';
  for (const [jsonPath, field] of after) {
    const was = before.get(jsonPath);
    const what = `${where} field \`${field.name}\` at ${jsonPath}`;
    if (request) {
      if (!was || (field.required && !was.required))
        add(what, field.required ? `must now send it (${field.type})` : `may now send it (${field.type}, optional)`, field.required);
      else if (field.type !== was.type) add(what, `must send it as ${field.type} (it was ${was.type})`, true);
    } else if (!was || field.type !== was.type || (field.required && !was.required))
      add(what, field.required ? `can rely on it (${field.type}, always present)` : `may find it (${field.type}, optional)`, false);
  }
  for (const [jsonPath, field] of before)
    if (!after.has(jsonPath))
      add(`${where} field \`${field.name}\` at ${jsonPath}`, request ? 'must no longer send it' : 'must no longer rely on it', !request);
}

/** The fields of `schema` (its properties, of nested objects and of list items too), by JSON path. */
function fields(
  document: OpenApiDocument,
  schema: Referenced<Schema> | boolean | undefined,
  prefix = '$',
  depth = 0,
  found = new Map<string, Field>(),
): Map<string, Field> {
  const node = typeof schema === 'object' ? deref(document, schema) : undefined;
  if (!node || typeof node !== 'object' || depth > 8) return found;
  const required: unknown[] = Array.isArray(node.required) ? node.required : [];
  for (const [name, property] of Object.entries(node.properties ?? {})) {
    const at = /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `${prefix}.${name}` : `${prefix}['${name.replaceAll("'", "\\'")}']`;
    found.set(at, { name, required: required.includes(name), type: typeOf(deref(document, property)) });
    fields(document, property, at, depth + 1, found);
  }
  if (node.items) fields(document, node.items, `${prefix}[*]`, depth + 1, found);
  return found;
}

function typeOf(schema: Schema | undefined): string {
  if (!schema || typeof schema !== 'object') return 'any JSON value';
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any JSON value');
  const details = [schema.format, Array.isArray(schema.enum) ? `one of ${schema.enum.map(String).join(', ')}` : undefined].filter(Boolean);
  return details.length > 0 ? `${type}, ${details.join(', ')}` : String(type);
}
