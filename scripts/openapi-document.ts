// Reading a bundled OpenAPI 3.1 document, typed with @redocly/openapi-core's OpenAPI 3.1 types:
// JSON pointers (RFC 6901) into it, its local `$ref`s, the HTTP methods a path item may hold, its
// operations in document order, an operation's parameters and its success status. One home for
// each, so the lint, the build, the diff and the tests read a document the same way.
import type {
  Oas3_1Definition,
  Oas3_1Schema,
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
/** A node that may be written as a `$ref` in its place. */
export type Referenced<T> = T | OasRef;

/**
 * @deprecated Untyped parsed OpenAPI: use `OpenApiDocument` and its parts. Kept so that code not
 * yet moved to the typed document compiles.
 */
export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the deprecated alias itself

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
export function deref<T>(document: OpenApiDocument, node: Referenced<T> | undefined): T | undefined;
/** @deprecated Untyped: pass an `OpenApiDocument`. */
export function deref(document: Json, node: Json): Json;
export function deref<T>(document: unknown, node: Referenced<T> | undefined): T | undefined {
  if (!isRef(node)) return node;
  return node.$ref.startsWith('#') ? (nodeAt(document, node.$ref) as T | undefined) : undefined;
}

/** What a helper yields for a typed document, and (deprecated) for an untyped one. */
type TypedFor<D, T> = D extends OpenApiDocument ? T : Json;

/** Every operation of `document` with its path, method and path item, in document order. */
export function* eachOperation<D extends OpenApiDocument | Json>(
  document: D,
): Generator<{ path: string; method: HttpMethod; pathItem: TypedFor<D, PathItem>; operation: TypedFor<D, Operation> }> {
  for (const [path, item] of Object.entries((document as OpenApiDocument)?.paths ?? {})) {
    if (!item || typeof item !== 'object' || isRef(item)) continue;
    const pathItem = item as PathItem;
    for (const method of httpMethods) {
      const operation = pathItem[method];
      if (operation) yield { path, method, pathItem: pathItem as TypedFor<D, PathItem>, operation: operation as TypedFor<D, Operation> };
    }
  }
}

/** An operation's parameters, its path item's first, each `$ref` followed (what a caller sends). */
export function operationParameters(document: OpenApiDocument, pathItem: PathItem | undefined, operation: Operation): Parameter[] {
  return [...(pathItem?.parameters ?? []), ...(operation.parameters ?? [])].flatMap((p) => deref(document, p) ?? []);
}

/** The status of an operation's success response (its first 2xx), or undefined. */
export function successStatus(operation: Operation): string | undefined {
  return Object.keys(operation.responses ?? {}).find((status) => /^2\d\d$/.test(status));
}

/** The name of a component a local `$ref` points at: `#/components/schemas/Foo` is `Foo`. */
export function componentName(ref: string | undefined): string | undefined {
  return ref === undefined ? undefined : /^#\/components\/[^/]+\/([^/]+)$/.exec(ref)?.[1];
}
