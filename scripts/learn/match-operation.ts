// Which operation of the description an exchange is: by its method and the description's own path
// templates, whatever host it went to (a `{name}` segment matches any one non-empty segment, a
// literal one only itself); where two templates match, the one with more literal segments wins
// (`/v1/messages/status` before `/v1/messages/{id}`). Nothing is guessed: a path no template
// matches is no operation. A service behind a path prefix is matched under it (--base-url).
import { eachOperation, type OpenApiDocument } from '../openapi-document.ts';

export interface MatchedOperation {
  operationId: string;
  /** Lower case, as a path item's key. */
  method: string;
  path: string;
}

interface Template extends MatchedOperation {
  /** Each segment: its literal text, or undefined for a `{name}` segment. */
  segments: (string | undefined)[];
  literals: number;
}

/** A path's segments after the leading `/`, each percent-decoded where it decodes; a trailing `/` dropped. */
export function pathSegments(path: string): string[] {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed
    .split('/')
    .slice(1)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** The matcher of `document`'s operations: an exchange's method and path to its operation, or undefined. */
export function operationMatcher(document: OpenApiDocument, prefix = ''): (method: string, path: string) => MatchedOperation | undefined {
  const byMethod = new Map<string, Template[]>();
  for (const { path, method, operation } of eachOperation(document)) {
    const segments = path
      .split('/')
      .slice(1)
      .map((segment) => (/^\{[^}]+\}$/.test(segment) ? undefined : segment));
    const template: Template = { operationId: String(operation.operationId), method, path, segments, literals: segments.filter((s) => s !== undefined).length };
    byMethod.set(method, [...(byMethod.get(method) ?? []), template]);
  }
  // More literal segments first; the description's order among equals.
  for (const templates of byMethod.values()) templates.sort((a, b) => b.literals - a.literals);
  const base = prefix.replace(/\/+$/, '');
  return (method, path) => {
    if (base && !(path === base || path.startsWith(`${base}/`))) return undefined;
    const segments = pathSegments(path.slice(base.length) || '/');
    const found = (byMethod.get(method.toLowerCase()) ?? []).find(
      (template) =>
        template.segments.length === segments.length &&
        template.segments.every((literal, i) => (literal === undefined ? segments[i] !== '' : literal === segments[i])),
    );
    return found && { operationId: found.operationId, method: found.method, path: found.path };
  };
}
