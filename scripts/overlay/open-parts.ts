// Which open parts of the interface document a text speaks of, and which of them the overlays
// fill in, operation by operation. The words of each part are the faithfulness contract's
// (`silentParts` of scripts/lint/contract/prose.ts: in the description, a sentence that uses a
// silent part's words says that part is open); to them this adds the fields of a payload, which
// the contract keeps apart (its payload rules), split by where the payload travels: the request,
// the success response, or an error response.
import { eachOperation, type OpenApiDocument, type Operation, operationParameters, type PathItem } from '../openapi-document.ts';
import { documentParts } from '../lint/contract/overview.ts';
import { silentParts } from '../lint/contract/prose.ts';
import type { CallerChange } from './caller-changes.ts';

export type FieldPart = 'request fields' | 'response fields' | 'error fields';
/** A silent part of prose.ts (by its `part`), or the fields of a payload. */
export type OpenPart = string;

const fieldWords = /\b(?:fields?|payloads?|shape|any JSON (?:value|object|body))\b/i;
const errorWords = /\b(?:errors?|[45]\d\d|[45]xx)\b/i;

/** Where a text is: an operation's own text, a payload of a known direction, or the document as a whole. */
export type TextPlace = 'operation' | FieldPart | 'document';

const singular = (word: string) => word.toLowerCase().replace(/ies$/, 'y').replace(/s$/, '');

/** The words of the paths of `operations` (`/v1/api-key`: api, key): a resource's own name is not a claim, as in the contract. */
export function ownWords(document: OpenApiDocument, operations: Iterable<string>): Set<string> {
  const ids = new Set(operations);
  const words = [...eachOperation(document)].filter(({ operation }) => ids.has(String(operation.operationId))).flatMap(({ path }) => path.split(/[^A-Za-z]+/));
  return new Set(words.filter(Boolean).map(singular));
}

/** The open parts `text` speaks of, in `place`; code spans and the words in `own` do not count. */
export function partsOf(rawText: string, place: TextPlace, own: Set<string> = new Set()): Set<OpenPart> {
  const text = rawText.replace(/`[^`]*`/g, ' ').replace(/[A-Za-z]+/g, (word) => (own.has(singular(word)) ? ' ' : word));
  const parts = new Set<OpenPart>();
  for (const { part, words } of silentParts) if (new RegExp(words.source, 'i').test(text)) parts.add(part);
  if (!fieldWords.test(text)) return parts;
  if (place === 'request fields' || place === 'response fields' || place === 'error fields') {
    parts.add(place);
    if (place === 'error fields') parts.delete('errors');
  } else if (errorWords.test(text)) {
    parts.add('error fields');
    parts.delete('errors');
  } else if (/\b(?:request|responses?)\b/i.test(text)) {
    if (/\brequest\b/i.test(text)) parts.add('request fields');
    if (/\bresponses?\b/i.test(text)) parts.add('response fields');
  } else if (place === 'document') ['request fields', 'response fields', 'error fields'].forEach((part) => parts.add(part));
  return parts;
}

/** The open parts one change of the overlays fills in. */
export function partsFilledBy(change: Pick<CallerChange, 'what' | 'caller'>): Set<OpenPart> {
  const parts = partsOf(`${change.what} ${change.caller}`, 'operation');
  // A field's type is its own: the description's sentences on types speak of `id` (typedPathParameters).
  for (const part of ['request fields', 'response fields', 'error fields', 'the type and format of values']) parts.delete(part);
  if (change.what === 'credentials') parts.add('authentication');
  else if (/^request field/.test(change.what)) parts.add('request fields');
  else if (/^default response field/.test(change.what)) parts.add('error fields');
  else if (/^\d\w* response field/.test(change.what)) parts.add('response fields');
  return parts;
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
    if (typedPathParameters(overlaid, pathItem, operation).length > 0) parts.add('the type and format of values');
    filled.set(String(operation.operationId), parts);
  }
  for (const change of changes) for (const part of partsFilledBy(change)) filled.get(change.operationId)?.add(part);
  return filled;
}

/** The row of the overview table each open part belongs to. */
export function overviewRow(part: OpenPart): (typeof documentParts)[number] {
  const rows: Record<string, (typeof documentParts)[number]> = {
    authentication: 'Authentication',
    limits: 'Limits',
    errors: 'Errors',
    'error fields': 'Errors',
    versioning: 'Versioning',
    events: 'Events',
    'states and transitions': 'States and transitions',
    "the service's purpose": 'What the service does',
    'request fields': 'Resources and their fields',
    'response fields': 'Resources and their fields',
    'the type and format of values': 'Resources and their fields',
  };
  return rows[part] ?? 'Endpoints';
}
