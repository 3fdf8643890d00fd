// Which open parts of the interface document the overlays fill in, operation by operation, from
// what each change is (its kind, not its words): credentials fill in authentication, a request or
// response field fills in that body's fields, an error response fills in the errors, a typed path
// parameter the type of `id`. The wordings (scripts/stated/open-wordings.ts) say which of
// these parts each of their sentences speaks for.
import { eachOperation, type OpenApiDocument, type Operation, operationParameters, type PathItem } from '../openapi-document.ts';
import type { OpenPart } from '../stated/open-wordings.ts';
import type { DocumentPart } from '../stated/overview.ts';
import type { CallerChange } from './caller-changes.ts';

/** The open parts one change of the overlays fills in, by the kind of change its `what` names. */
export function partsFilledBy(change: Pick<CallerChange, 'what'>): Set<OpenPart> {
  const { what } = change;
  if (what === 'credentials') return new Set(['authentication']);
  if (what.startsWith('request field ')) return new Set(['request fields']);
  if (/^2\d\d response field /.test(what)) return new Set(['response fields']);
  if (/^(?:default|[1345]\d\d) response field /.test(what)) return new Set(['error fields']);
  if (/^(?:default|[45]\d\d) response$/.test(what)) return new Set(['errors']);
  return new Set();
}

/** The path parameters whose schema states more than the description's does: a format, a pattern, values or bounds. */
export function typedPathParameters(document: OpenApiDocument, pathItem: PathItem | undefined, operation: Operation): string[] {
  return operationParameters(document, pathItem, operation)
    .filter((parameter) => parameter.in === 'path')
    .filter((parameter) => ['format', 'pattern', 'enum', 'const', 'maxLength', 'minimum', 'maximum'].some((key) => key in (parameter.schema ?? {})))
    .map((parameter) => String(parameter.name));
}

/** The open parts the overlays fill in, for each operation (by operationId), from their changes. */
export function filledParts(overlaid: OpenApiDocument, changes: CallerChange[]): Map<string, Set<OpenPart>> {
  const filled = new Map<string, Set<OpenPart>>();
  for (const { pathItem, operation } of eachOperation(overlaid)) {
    const parts = new Set<OpenPart>();
    if (typedPathParameters(overlaid, pathItem, operation).length > 0) parts.add('id type');
    filled.set(String(operation.operationId), parts);
  }
  for (const change of changes) for (const part of partsFilledBy(change)) filled.get(change.operationId)?.add(part);
  return filled;
}

/** Whether an open part concerns an operation: the fields of its request if it has a request body, the type of a path parameter if it has one, the rest always. */
function concerns(part: OpenPart, document: OpenApiDocument, pathItem: PathItem | undefined, operation: Operation): boolean {
  if (part === 'request fields') return operation.requestBody !== undefined;
  if (part === 'id type') return operationParameters(document, pathItem, operation).some((parameter) => parameter.in === 'path');
  return true;
}

/**
 * The open parts the overlays fill in for every operation they concern (`all`), and those they fill
 * in for only some (`some`): the overview may drop a sentence for the first, and says the second
 * are still open for the rest.
 */
export function filledAcross(overlaid: OpenApiDocument, filled: Map<string, Set<OpenPart>>): { all: Set<OpenPart>; some: Set<OpenPart> } {
  const all = new Set<OpenPart>();
  const some = new Set<OpenPart>();
  for (const part of new Set([...filled.values()].flatMap((parts) => [...parts]))) {
    const everywhere = [...eachOperation(overlaid)].every(
      ({ pathItem, operation }) => !concerns(part, overlaid, pathItem, operation) || filled.get(String(operation.operationId))?.has(part),
    );
    (everywhere ? all : some).add(part);
  }
  return { all, some };
}

/** The row of the overview table each open part belongs to. */
export const overviewRow: Record<OpenPart, DocumentPart> = {
  authentication: 'Authentication',
  errors: 'Errors',
  'error fields': 'Errors',
  'request fields': 'Resources and their fields',
  'response fields': 'Resources and their fields',
  'id type': 'Resources and their fields',
};
