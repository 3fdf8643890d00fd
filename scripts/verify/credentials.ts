// Whether the calls would go out without the credentials the (overlaid) description asks for: the
// description itself declares no security (the interface document states none); an overlay may.
import { eachOperation, type OpenApiDocument } from '../openapi-document.ts';
import { headerSchemes } from '../bundle-operations.ts';

/** The security requirements' scheme names, at the root and on each operation (where OpenAPI puts them). */
function requiredSchemes(document: OpenApiDocument): Set<string> {
  const names = new Set<string>();
  const add = (requirements: unknown) => {
    if (!Array.isArray(requirements)) return;
    for (const requirement of requirements) if (requirement && typeof requirement === 'object') for (const name of Object.keys(requirement)) names.add(name);
  };
  add(document.security);
  for (const { operation } of eachOperation(document)) add(operation.security);
  return names;
}

/** A warning when the description declares security and none of `headers` (--header's and --header-env's) carries it; undefined otherwise. */
export function missingCredentials(document: OpenApiDocument, headers: [string, string][]): string | undefined {
  const schemes = requiredSchemes(document);
  if (schemes.size === 0) return undefined;
  const given = new Set(headers.map(([name]) => name.toLowerCase()));
  const carried = headerSchemes(document).filter((scheme) => schemes.has(scheme.scheme));
  if (carried.some((scheme) => given.has(scheme.header.toLowerCase()))) return undefined;
  const [header, value] = carried[0] ? [carried[0].header, carried[0].bearer ? 'Bearer <token>' : '<key>'] : [];
  const hint = header ? `: add --header-env ${header}=<VAR>, the variable that holds "${value}" (or --header "${header}: ${value}")` : '';
  return `the description declares security (${[...schemes].join(', ')}) and no --header or --header-env carries it${hint}; the calls go out without credentials`;
}
