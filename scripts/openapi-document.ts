// Reading a bundled OpenAPI document: JSON pointers (RFC 6901) into it, its local `$ref`s, the
// HTTP methods a path item may hold, and its operations in document order. One home for each, so
// the lint, the build, the diff and the tests read a document the same way.

export type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed OpenAPI

/** The keys of a path item that are operations, in the order the OpenAPI specification lists them. */
export const httpMethods = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** A JSON pointer to `path` in a document: `pointer('paths', '/v1/quotas')` is `#/paths/~1v1~1quotas`. */
export function pointer(...path: (string | number)[]): string {
  return ['#', ...path.map((part) => String(part).replaceAll('~', '~0').replaceAll('/', '~1'))].join('/');
}

/** The segments of a JSON pointer, unescaped: `#/a/b~1c` is `['a', 'b/c']`. */
export function pointerSegments(at: string): string[] {
  const rest = at.replace(/^#\/?/, '');
  return rest === '' ? [] : rest.split('/').map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** Follows a local `$ref` once; returns other nodes as they are (undefined where it dangles). */
export function deref(document: Json, node: Json): Json {
  if (!node || typeof node.$ref !== 'string' || !node.$ref.startsWith('#')) return node;
  return pointerSegments(node.$ref).reduce((at: Json, key: string) => at?.[key], document);
}

/** Every operation of `document` with its path, method and path item, in document order. */
export function* eachOperation(document: Json): Generator<{ path: string; method: string; pathItem: Json; operation: Json }> {
  for (const [path, pathItem] of Object.entries((document?.paths ?? {}) as Record<string, Json>)) {
    if (!pathItem || typeof pathItem !== 'object') continue;
    for (const method of httpMethods) {
      if (pathItem[method]) yield { path, method, pathItem, operation: pathItem[method] };
    }
  }
}
