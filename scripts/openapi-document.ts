// Reading a bundled OpenAPI 3.1 document, typed with @redocly/openapi-core's OpenAPI 3.1 types:
// JSON pointers (RFC 6901) into it, its local `$ref`s, the HTTP methods a path item may hold, its
// operations in document order, the operation at a path and method, an operation's parameters and
// its success status, and what a build with overlays adds to `info`. One home for each, so the
// lint, the build, the overlays, the diff, verify and the tests read a document the same way.
import type {
  Oas3_1Definition,
  Oas3_1Schema,
  Oas3Info,
  Oas3SecurityScheme,
  Oas3MediaType,
  Oas3Operation,
  Oas3Parameter,
  Oas3PathItem,
  Oas3RequestBody,
  Oas3Response,
  OasRef,
} from '@redocly/openapi-core';

/** A bundled OpenAPI 3.1 document, as the build writes it and the lint reads it. */
export type OpenApiDocument = Oas3_1Definition;
export type PathItem = Oas3PathItem<Oas3_1Schema>;
export type Operation = Oas3Operation<Oas3_1Schema>;
export type Parameter = Oas3Parameter<Oas3_1Schema>;
export type RequestBody = Oas3RequestBody<Oas3_1Schema>;
export type Response = Oas3Response<Oas3_1Schema>;
export type MediaType = Oas3MediaType<Oas3_1Schema>;
export type Schema = Oas3_1Schema;
/** `info`, with the `summary` OpenAPI 3.1 added. */
export type Info = Oas3Info & { summary?: string };
export type SecurityScheme = Oas3SecurityScheme;
/** A node that may be written as a `$ref` in its place. */
export type Referenced<T> = T | OasRef;

/** The keys of a path item that are operations, in the order the OpenAPI specification lists them. */
export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof httpMethods)[number];

/** Escapes one segment of a JSON pointer: `~` as `~0`, `/` as `~1`. */
export function escapePointerSegment(segment: string | number): string {
  return String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** A JSON pointer to `path` in a document: `pointer('paths', '/v1/quotas')` is `#/paths/~1v1~1quotas`. */
export function pointer(...path: (string | number)[]): string {
  return ['#', ...path.map(escapePointerSegment)].join('/');
}

/** The segments of a JSON pointer, unescaped: `#/a/b~1c` is `['a', 'b/c']`. */
export function pointerSegments(at: string): string[] {
  const rest = at.replace(/^#\/?/, '');
  return rest === '' ? [] : rest.split('/').map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** A JSON or YAML object (not a list, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `node` is a reference object (`{ $ref: "..." }`). */
export function isRef(node: unknown): node is OasRef {
  return typeof node === 'object' && node !== null && typeof (node as { $ref?: unknown }).$ref === 'string';
}

/** The node at `at` (a local JSON pointer) in `document`, or undefined. */
export function nodeAt(document: unknown, at: string): unknown {
  return pointerSegments(at).reduce<unknown>(
    (node, key) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined),
    document,
  );
}

/** Follows a local `$ref` once; returns other nodes as they are (undefined where it dangles). */
export function deref<T>(document: OpenApiDocument, node: Referenced<T> | undefined): T | undefined {
  if (!isRef(node)) return node;
  return node.$ref.startsWith('#') ? (nodeAt(document, node.$ref) as T | undefined) : undefined;
}

/** Every operation of `document` with its path, method and path item, in document order. */
export function* eachOperation(document: OpenApiDocument): Generator<{ path: string; method: HttpMethod; pathItem: PathItem; operation: Operation }> {
  for (const [path, item] of Object.entries(document?.paths ?? {})) {
    if (!item || typeof item !== 'object' || isRef(item)) continue;
    for (const method of httpMethods) {
      const operation = item[method];
      if (operation) yield { path, method, pathItem: item, operation };
    }
  }
}

/** The path item at `path` in `document` (not a `$ref`: a bundle has none there), or undefined. */
export function pathItemAt(document: OpenApiDocument, path: string): PathItem | undefined {
  const pathItem = document.paths?.[path];
  return pathItem && !isRef(pathItem) ? pathItem : undefined;
}

/** The operation at `path` and `method` (a path item's key, as `get`) in `document`, or undefined. */
export function operationAt(document: OpenApiDocument, path: string, method: string): Operation | undefined {
  return (httpMethods as readonly string[]).includes(method) ? pathItemAt(document, path)?.[method as HttpMethod] : undefined;
}

/**
 * An operation's parameters as written (each maybe a `$ref`), its path item's first: an operation's
 * parameter replaces the path item's of the same name and location, as OpenAPI says.
 */
export function operationParameterNodes(document: OpenApiDocument, pathItem: PathItem | undefined, operation: Operation): Referenced<Parameter>[] {
  const key = (node: Referenced<Parameter>) => `${deref(document, node)?.in} ${deref(document, node)?.name}`;
  const own = new Set((operation.parameters ?? []).map(key));
  return [...(pathItem?.parameters ?? []).filter((node) => !own.has(key(node))), ...(operation.parameters ?? [])];
}

/** An operation's parameters (operationParameterNodes), each `$ref` followed: what a caller sends. */
export function operationParameters(document: OpenApiDocument, pathItem: PathItem | undefined, operation: Operation): Parameter[] {
  return operationParameterNodes(document, pathItem, operation).flatMap((p) => deref(document, p) ?? []);
}

/** The status of an operation's success response (its first 2xx), or undefined. */
export function successStatus(operation: Operation): string | undefined {
  return Object.keys(operation.responses ?? {}).find((status) => /^2\d\d$/.test(status));
}

/** What a build with overlays writes in `info` (build-overlaid.ts): the overlays applied, and the package it ships in. */
export type OverlaidInfo = Info & {
  'x-overlays'?: { title?: unknown; version?: unknown }[];
  'x-package'?: { name: string; version: string };
};

/** `document`'s `info`, with what a build with overlays adds to it. */
export function overlaidInfo(document: OpenApiDocument | undefined): OverlaidInfo | undefined {
  return document?.info as OverlaidInfo | undefined;
}

/** The kind and name of the component a local `$ref` points at: `#/components/schemas/Foo` is schemas, Foo. */
export function componentOf(node: unknown): { kind: string; name: string } | undefined {
  const [, kind, name] = (isRef(node) && /^#\/components\/([^/]+)\/([^/]+)$/.exec(node.$ref)) || [];
  return kind && name ? { kind, name } : undefined;
}
