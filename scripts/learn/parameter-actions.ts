// The query and header parameters an operation was seen to take, as parameter objects its action
// appends: by name (field-names.ts decides which names may be written), with the one type their
// values had (a whole number, a number, true or false, else a string; a list where one request
// repeated the name), never required (no traffic shows that a parameter must be sent). A
// parameter the description (with the user's overlays) states already is kept; one whose name
// another input of the operation has (`id` of the path, `body`) is not written: the client and
// the MCP tools take each input by one name.
import { type OpenApiDocument, type Operation, operationAt, operationParameters, type PathItem, pathItemAt } from '../openapi-document.ts';
import { shownName } from './field-names.ts';
import { type OperationSeen, type ParameterSeen } from './observations.ts';
import { compare, jsonType, scalarKind, scalarType } from './shape.ts';
import { learnLimits } from './learn-limits.ts';
import type { StatedSource } from './schema-additions.ts';

/** The spelling of a header name seen most often (the first in code-unit order among equals). */
function spellingOf(seen: ParameterSeen, fallback: string): string {
  return (seen.spellings?.sorted() ?? []).sort(([a, m], [b, n]) => n - m || compare(a, b))[0]?.[0] ?? fallback;
}

/** The parameter object of one observed parameter. */
function parameterObject(name: string, location: 'query' | 'header', seen: ParameterSeen, exchanges: number): Record<string, unknown> {
  const type = scalarType(seen.kinds);
  return {
    name,
    in: location,
    required: false,
    description: `Observed in ${seen.count} of ${exchanges} recorded ${exchanges === 1 ? 'request' : 'requests'} (\`npm run learn\`); whether it is required, and what its values mean, is not known.`,
    schema: seen.repeated ? { type: 'array', items: { type } } : { type },
  };
}

/** The type a stated parameter's schema gives, for comparing with what was seen. */
function statedType(schema: unknown): string | undefined {
  const node = schema as { type?: unknown; items?: { type?: unknown } } | undefined;
  return node?.type === 'array' ? `array of ${String(node.items?.type)}` : node?.type === undefined ? undefined : String(node.type);
}

/** The parameter objects to append to the operation at `at`, and what was kept or not written, as notes. */
export function parameterActions(
  document: OpenApiDocument,
  at: { path: string; method: string; pathItem: PathItem; operation: Operation },
  seen: OperationSeen,
  inputs: Set<string>,
  notes: string[],
  source: StatedSource,
): Record<string, unknown>[] {
  const operationId = String(at.operation.operationId);
  const stated = operationParameters(document, at.pathItem, at.operation);
  const added: Record<string, unknown>[] = [];
  const taken = new Set(inputs);
  const candidates = [
    ...[...seen.query.kept].map(([name, value]) => ({ name, location: 'query' as const, value })),
    ...[...seen.headers.kept].map(([key, value]) => ({ name: spellingOf(value, key), location: 'header' as const, value })),
  ].sort((a, b) => compare(a.location, b.location) || compare(a.name.toLowerCase(), b.name.toLowerCase()) || compare(a.name, b.name));
  for (const { name, location, value } of candidates) {
    const matches = (p: { in?: unknown; name?: unknown }) =>
      p.in === location && (location === 'header' ? String(p.name).toLowerCase() === name.toLowerCase() : p.name === name);
    const same = stated.find(matches);
    if (same) {
      const type = statedType(same.schema);
      const observed = value.repeated ? `array of ${scalarType(value.kinds)}` : scalarType(value.kinds);
      const fits = type === undefined || type === observed || type === 'string' || type === 'array of string' || (type === 'number' && observed === 'integer');
      if (!fits) {
        const by = source((doc) => {
          const operation = operationAt(doc, at.path, at.method);
          return operation && statedType(operationParameters(doc, pathItemAt(doc, at.path), operation).find(matches)?.schema);
        });
        notes.push(`${operationId}: ${location} parameter ${shownName(name)}: the traffic shows ${observed}, ${by} states ${type}: kept as stated`);
      }
      continue;
    }
    if (taken.has(name)) {
      notes.push(`${operationId}: ${location} parameter ${shownName(name)} not written: another input of the operation has that name`);
      continue;
    }
    taken.add(name);
    added.push(parameterObject(name, location, value, seen.exchanges));
  }
  for (const [why, count] of seen.droppedNames.sorted()) notes.push(`${operationId}: ${why} (${count}×)`);
  if (seen.droppedNames.others > 0) notes.push(`${operationId}: ${seen.droppedNames.others} more query or header names not written (never shown)`);
  for (const [location, kept] of [
    ['query', seen.query],
    ['header', seen.headers],
  ] as const)
    if (kept.others > 0)
      notes.push(
        `${operationId}: ${location} names past the first ${learnLimits.operationParameters} in name order not written (${kept.others}×; never shown)`,
      );
  return added;
}

/** Whether a value of `kinds` fits a stated scalar type: for verify --traffic's check of parameters. */
export function kindFits(value: string, type: string): boolean {
  const kind = scalarKind(value);
  if (type === 'string') return true;
  if (type === 'number') return kind === jsonType.integer || kind === jsonType.number;
  if (type === 'integer') return kind === jsonType.integer;
  if (type === 'boolean') return kind === jsonType.boolean;
  return true;
}
