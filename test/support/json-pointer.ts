// JSON pointers into a bundle: the contract names each breach by one, and the tests follow local
// `$ref`s with them.

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed OpenAPI

/** A JSON pointer (RFC 6901) to `path` in the bundle. */
export function pointer(...path: (string | number)[]): string {
  return ['#', ...path.map((part) => String(part).replaceAll('~', '~0').replaceAll('/', '~1'))].join('/');
}

/** Follows a local `$ref` once; returns other nodes as they are (undefined where it dangles). */
export function deref(document: Json, node: Json): Json {
  if (!node || typeof node.$ref !== 'string') return node;
  return node.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce((at: Json, key: string) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
}
