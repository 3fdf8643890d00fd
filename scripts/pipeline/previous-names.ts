// The schema names before 1.0.0, when they were renamed so that no generator trips on them
// (`ListScopesResponse` -> `ListScopesResponseBody`, `Error` -> `ErrorBody`; docs/generators.md,
// "Names"). The TypeScript client keeps each old name as a deprecated alias of `Schemas` for one
// major version: delete this file, and its use in generate-client.ts, for 2.0.0.

/** The major version that renamed them. */
export const renamedIn = '1.0.0';

/** A schema's name before 1.0.0, or undefined when it had no other. */
export function previousSchemaName(name: string): string | undefined {
  if (name === 'ErrorBody') return 'Error';
  return /^[A-Z][A-Za-z]*(Request|Response)Body$/.test(name) ? name.slice(0, -'Body'.length) : undefined;
}
