// The operations of a bundled description, in document order, in the shape the generators need
// (client functions, code samples). Fails on a parameter kind the generators do not support.
import { deref, eachOperation, type Json } from '../openapi-document.ts';
import { ReportedError } from '../project.ts';

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  /** Names of the path parameters, in the order they appear in the path. */
  pathParameters: string[];
  /** Whether the operation takes open name=value query pairs (a form-exploded object parameter). */
  openQuery: boolean;
  /** The request body's named schema, and whether the body is required. */
  body?: { schema: string; required: boolean };
  /** The success status and the named schema of its JSON body. */
  success: { status: string; schema: string };
}

function schemaName(where: string, media: Json | undefined): string {
  const ref = media?.['application/json']?.schema?.$ref;
  if (typeof ref !== 'string') throw new ReportedError(`${where}: the JSON payload must be a $ref to a named schema`);
  return ref.split('/').pop()!;
}

/** The operation named `operationId`, with its path, method and path item; throws when there is none. */
export function operationById(document: Json, operationId: string): { path: string; method: string; pathItem: Json; operation: Json } {
  for (const found of eachOperation(document)) if (found.operation.operationId === operationId) return found;
  throw new ReportedError(`no operation ${operationId} in the description`);
}

export function listOperations(document: Json): Operation[] {
  const operations: Operation[] = [];
  for (const { path, method, pathItem, operation } of eachOperation(document)) {
    const where = `${method.toUpperCase()} ${path}`;
    const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) => deref(document, p));
    const query = parameters.filter((p) => p.in === 'query');
    const unsupported = parameters.filter(
      (p) => p.in !== 'path' && !(p.in === 'query' && p.style === 'form' && p.explode === true && p.schema?.type === 'object'),
    );
    if (unsupported.length > 0 || query.length > 1) {
      throw new ReportedError(`${where}: parameter '${(unsupported[0] ?? query[1]).name}' is of a kind the client generator does not support`);
    }
    const successStatus = Object.keys(operation.responses).find((status) => /^2\d\d$/.test(status));
    if (!successStatus) throw new ReportedError(`${where}: no success response`);
    const body = deref(document, operation.requestBody);
    operations.push({
      operationId: operation.operationId,
      method,
      path,
      summary: operation.summary,
      tag: operation.tags[0],
      pathParameters: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]),
      openQuery: query.length === 1,
      body: body ? { schema: schemaName(`${where} request body`, body.content), required: body.required === true } : undefined,
      success: { status: successStatus, schema: schemaName(`${where} ${successStatus} response`, deref(document, operation.responses[successStatus]).content) },
    });
  }
  return operations;
}

export interface HeaderScheme {
  /** The security scheme's name in components.securitySchemes. */
  scheme: string;
  header: string;
  /** Whether the value goes after `Bearer ` (http bearer) or as it is (apiKey). */
  bearer: boolean;
}

/**
 * The security schemes that send one header (apiKey in a header, http bearer). The description
 * declares none (the interface document states no auth scheme); an overlay may add them.
 */
export function headerSchemes(bundle: Json): HeaderScheme[] {
  return Object.entries<Json>(bundle.components?.securitySchemes ?? {}).flatMap(([scheme, s]): HeaderScheme[] => {
    if (s.type === 'apiKey' && s.in === 'header' && typeof s.name === 'string') return [{ scheme, header: s.name, bearer: false }];
    if (s.type === 'http' && String(s.scheme).toLowerCase() === 'bearer') return [{ scheme, header: 'Authorization', bearer: true }];
    return [];
  });
}

/** A required field of a request body's schema, with its JSON type when the schema states one. */
export interface BodyField {
  name: string;
  type?: string;
}

/**
 * The fields of an operation's request body schema, when it declares any (the description's
 * declare none: the interface document states no field; an overlay may add some).
 */
export function bodyFields(document: Json, operation: Operation): { declared: boolean; required: BodyField[] } {
  const schema = operation.body ? document.components?.schemas?.[operation.body.schema] : undefined;
  const properties: Record<string, Json> = schema?.properties ?? {};
  const required: string[] = Array.isArray(schema?.required) ? schema.required : [];
  return {
    declared: Object.keys(properties).length > 0,
    required: required.map((name) => {
      const type = deref(document, properties[name])?.type;
      return { name, type: typeof type === 'string' ? type : undefined };
    }),
  };
}
