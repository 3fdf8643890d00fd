// What a request must look like on the wire, derived from the description itself (not from the
// hand-written operations table): the path template, each parameter's location, style, explode,
// allowReserved and required, and the request body's media type. Any serialization this module does
// not know throws, so a description that starts using one fails the tests that call it.
import { operationById } from '../../scripts/bundle-operations.ts';
import { deref, type Json } from './helpers.ts';

/** The arguments of one call: the `id`, the open query pairs, the JSON body. */
export interface CallArguments {
  id?: string;
  query?: Record<string, string>;
  body?: unknown;
}

export interface WireRequest {
  method: string;
  /** The request target as sent: path and query, percent-encoded. */
  target: string;
  contentType: string | undefined;
  body: string;
}

/**
 * RFC 3986 unreserved characters stay; everything else is percent-encoded (allowReserved: false).
 * Written here again on purpose: the client's own encoder is what this module checks.
 */
const encodeStrict = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The request `operationId` must send for `args`, by the description's own serialization rules. */
export function wireRequest(document: Json, operationId: string, args: CallArguments): WireRequest {
  const { path, method, operation, pathItem } = operationById(document, operationId);
  const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map((p: Json) => deref(document, p));
  let target = path;
  const query: string[] = [];
  for (const parameter of parameters) {
    const where = `${operationId} parameter ${parameter.name} (in ${parameter.in})`;
    if (parameter.allowReserved) throw new Error(`${where}: allowReserved is not a serialization this test knows`);
    const schema = deref(document, parameter.schema ?? {});
    if (parameter.in === 'path') {
      if ((parameter.style ?? 'simple') !== 'simple' || parameter.explode || parameter.required !== true || schema.type !== 'string')
        throw new Error(`${where}: only a required string in style simple is known`);
      if (args.id === undefined) throw new Error(`${where}: the call has no id`);
      target = target.replace(`{${parameter.name}}`, encodeStrict(args.id));
    } else if (parameter.in === 'query') {
      if ((parameter.style ?? 'form') !== 'form' || parameter.explode === false || schema.type !== 'object' || parameter.required)
        throw new Error(`${where}: only an optional object in style form, exploded, is known`);
      for (const [name, value] of Object.entries(args.query ?? {})) query.push(`${encodeStrict(name)}=${encodeStrict(value)}`);
    } else throw new Error(`${where}: parameters in ${parameter.in} are not a location this test knows`);
  }
  if (/\{[^}]+\}/.test(target)) throw new Error(`${operationId}: ${path} has a template variable no parameter fills`);
  const body = operation.requestBody ? deref(document, operation.requestBody) : undefined;
  if (body && Object.keys(body.content ?? {}).join() !== 'application/json') throw new Error(`${operationId}: only an application/json body is known`);
  if (body?.required && args.body === undefined) throw new Error(`${operationId}: the body is required`);
  if (!body && args.body !== undefined) throw new Error(`${operationId}: takes no body`);
  return {
    method: method.toUpperCase(),
    target: target + (query.length ? `?${query.join('&')}` : ''),
    contentType: args.body === undefined ? undefined : 'application/json',
    body: args.body === undefined ? '' : JSON.stringify(args.body),
  };
}

/** The success status the description gives `operationId`: its one 2XX response. */
export function successStatus(document: Json, operationId: string): number {
  const codes = Object.keys(operationById(document, operationId).operation.responses).filter((code) => /^2\d\d$/.test(code));
  if (codes.length !== 1) throw new Error(`${operationId}: ${codes.length} success responses`);
  return Number(codes[0]);
}

/** The operationId of the description's operation that `method` and the request path `path` match. */
export function operationAt(document: Json, method: string, path: string): string | undefined {
  for (const [template, pathItem] of Object.entries<Json>(document.paths ?? {})) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const operation = pathItem[method.toLowerCase()];
    if (operation?.operationId && pattern.test(path)) return operation.operationId;
  }
  return undefined;
}
