// Compares two bundles: which operations were added, removed or changed, and which changes break
// callers, each named by kind. api-smart-diff finds and classifies the changes; this file maps them
// onto operations and house policy (an operationId rename is breaking: generated clients name
// functions after it). Kept over the pinned Redocly CLI's `redocly diff` (diff-recommended): on the
// gate's own cases (test/unit/diff.test.ts) it agreed on 13 of 14 but rated a response schema
// closed (additionalProperties true -> false) a patch, where a generated client loses the fields
// a caller read: the gate must call that breaking.
import { apiDiff, type Diff } from 'api-smart-diff';
import { eachOperation, httpMethods, nodeAt, type OpenApiDocument } from '../openapi-document.ts';
import { operationChange } from './operation-changes.ts';

export type BreakingKind =
  | 'operation removed'
  | 'operationId renamed'
  | 'path or path parameter renamed'
  | 'parameter newly required'
  | 'request body newly required'
  | 'success status removed or changed'
  | 'media type removed'
  | 'response schema narrowed'
  | 'request schema narrowed'
  | 'other breaking change';

export interface BreakingChange {
  kind: BreakingKind;
  operationId: string;
  operation: string;
  detail: string;
}

export interface Comparison {
  added: string[];
  removed: string[];
  changed: string[];
  breaking: BreakingChange[];
  /** What changed in each changed operation, by operationId, in words (operation-changes.ts). */
  details: Record<string, string[]>;
  /** Every difference api-smart-diff found, in and outside the operations (its one run). */
  diffs: Diff[];
}

interface OperationRef {
  key: string; // "GET /v1/webhooks"
  operationId: string;
}

function operationsOf(bundle: OpenApiDocument): Map<string, OperationRef> {
  const found = new Map<string, OperationRef>();
  for (const { path, method, operation } of eachOperation(bundle)) {
    const key = `${method.toUpperCase()} ${path}`;
    found.set(key, { key, operationId: String(operation.operationId) });
  }
  return found;
}

/** The operation a diff path belongs to, or undefined for a path-item-level or document-level diff. */
function operationKey(path: (string | number)[]): string | undefined {
  if (path[0] !== 'paths' || path.length < 3) return undefined;
  const method = String(path[2]);
  return (httpMethods as readonly string[]).includes(method) ? `${method.toUpperCase()} ${path[1]}` : undefined;
}

const addsRequired = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(addsRequired) : typeof value === 'object' && value !== null && (value as { required?: unknown }).required === true;

/**
 * Changes api-smart-diff 1.0.6 calls non-breaking that break callers: a required parameter added
 * where there were none (a whole `parameters` list added), and a request body schema closed with
 * `additionalProperties: false` (bodies that were accepted are refused).
 */
function breaksCallers(diff: Diff): boolean {
  if (diff.type === 'breaking') return true;
  const path = diff.path.map(String);
  const last = path[path.length - 1];
  if (last === 'operationId') return true;
  if (last === 'parameters' && diff.action === 'add' && addsRequired(diff.after)) return true;
  if (path.includes('requestBody') && path.includes('schema') && last === 'additionalProperties' && diff.after === false) return true;
  return false;
}

function kindOf(diff: Diff): BreakingKind {
  const path = diff.path.map(String);
  const at = (name: string) => path.indexOf(name);
  const last = path[path.length - 1];
  if (path.length === 3 && diff.action === 'remove') return 'operation removed';
  if (last === 'operationId') return 'operationId renamed';
  if (at('parameters') >= 0 && (last === 'required' || (diff.action === 'add' && addsRequired(diff.after)))) return 'parameter newly required';
  if (at('requestBody') >= 0 && (last === 'required' || (last === 'requestBody' && diff.action === 'add'))) return 'request body newly required';
  const content = at('content');
  if (content >= 0 && path.length === content + 2 && diff.action === 'remove') return 'media type removed';
  if (at('responses') >= 0 && path.length === at('responses') + 2 && /^2\d\d$/.test(last)) return 'success status removed or changed';
  if (at('responses') >= 0 && at('schema') >= 0) return 'response schema narrowed';
  if (at('requestBody') >= 0 && at('schema') >= 0) return 'request schema narrowed';
  return 'other breaking change';
}

/**
 * `base` and `head` without the path items both hold alike, with everything they reference alike
 * too: api-smart-diff finds no difference in those, and walking them (every operation with the
 * schemas it references resolved) was most of its time: 30 ms for this description against
 * itself, 5 without its paths. It finds the same differences in the rest: a shared schema or
 * parameter that changed differs in each path that references it, which therefore stays, and a
 * change outside the paths (security, servers, components) it names where it is, as before.
 */
function withoutAlikePaths(base: OpenApiDocument, head: OpenApiDocument): [OpenApiDocument, OpenApiDocument] {
  const [before, after] = [base.paths ?? {}, head.paths ?? {}];
  const alike = Object.keys(before).filter((path) => Object.hasOwn(after, path) && sameWithReferences(base, head, before[path], after[path], new Set()));
  if (alike.length === 0) return [base, head];
  const without = (paths: NonNullable<OpenApiDocument['paths']>) => Object.fromEntries(Object.entries(paths).filter(([path]) => !alike.includes(path)));
  return [
    { ...base, paths: without(before) },
    { ...head, paths: without(after) },
  ];
}

/** Whether `a` (in `base`) and `b` (in `head`) are the same JSON, and so is what each `$ref` in them points to, to the end (`seen`: the references checked already). */
function sameWithReferences(base: OpenApiDocument, head: OpenApiDocument, a: unknown, b: unknown, seen: Set<string>): boolean {
  if (JSON.stringify(a) !== JSON.stringify(b)) return false;
  for (const ref of referencesIn(a)) {
    if (seen.has(ref)) continue;
    seen.add(ref);
    // Only a reference into the document itself is followed: any other keeps the path compared.
    if (!ref.startsWith('#') || !sameWithReferences(base, head, nodeAt(base, ref), nodeAt(head, ref), seen)) return false;
  }
  return true;
}

/** Every `$ref` inside `node`. */
function referencesIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) referencesIn(item, found);
  else if (typeof node === 'object' && node !== null)
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else referencesIn(value, found);
    }
  return found;
}

/** What changed inside the operations both sides have: the breaking changes, the operations changed, and each one's lines. */
function changesWithin(base: OpenApiDocument, head: OpenApiDocument, before: Map<string, OperationRef>, after: Map<string, OperationRef>) {
  const breaking: BreakingChange[] = [];
  const changed = new Set<string>();
  const details: Record<string, string[]> = {};
  // api-smart-diff normalizes its inputs in place (path-item parameters moved into each operation).
  const [compared, comparedWith] = withoutAlikePaths(base, head);
  const diffs = apiDiff(structuredClone(compared), structuredClone(comparedWith));
  for (const diff of diffs) {
    const key = operationKey(diff.path);
    if (diff.path[0] === 'paths' && diff.path.length === 2) continue; // whole path items: handled as operations
    if (!key || !before.has(key) || !after.has(key)) continue;
    changed.add(key);
    const operationId = before.get(key)!.operationId;
    const line = operationChange(diff, base, head);
    details[operationId] = [...new Set([...(details[operationId] ?? []), line])];
    if (breaksCallers(diff)) {
      breaking.push({
        kind: kindOf(diff),
        operationId,
        operation: key,
        // In this project's words: api-smart-diff 1.0.6 calls every removed parameter "required".
        detail: diff.path[diff.path.length - 1] === 'operationId' ? `operationId ${String(diff.before)} is now ${String(diff.after)}` : line,
      });
    }
  }
  // A schema whose constraints changed is one line: its description or example changing with it is no news.
  for (const [operationId, lines] of Object.entries(details)) {
    const changedSchemas = new Set(lines.filter((line) => line.endsWith(' schema changed')).map((line) => line.slice(0, -' changed'.length)));
    details[operationId] = lines.filter((line) => ![...changedSchemas].some((schema) => line.startsWith(`${schema} `) && line !== `${schema} changed`));
  }
  return { breaking, changed, details, diffs };
}

export function compareBundles(base: OpenApiDocument, head: OpenApiDocument): Comparison {
  const before = operationsOf(base);
  const after = operationsOf(head);
  const removedKeys = [...before.keys()].filter((key) => !after.has(key));
  const addedKeys = [...after.keys()].filter((key) => !before.has(key));
  // An operation that left one path and reappeared, same operationId, at another was moved.
  const moved = new Map<string, string>();
  for (const key of removedKeys) {
    const target = addedKeys.find((candidate) => after.get(candidate)!.operationId === before.get(key)!.operationId);
    if (target) moved.set(key, target);
  }
  const { breaking, changed, details, diffs } = changesWithin(base, head, before, after);
  for (const key of removedKeys) {
    const target = moved.get(key);
    breaking.push({
      kind: target ? 'path or path parameter renamed' : 'operation removed',
      operationId: before.get(key)!.operationId,
      operation: key,
      detail: target ? `${key} is now ${target}` : `${key} is gone`,
    });
  }
  const unique = breaking.filter(
    (change, index) =>
      breaking.findIndex((other) => other.kind === change.kind && other.operation === change.operation && other.detail === change.detail) === index,
  );
  const byOperationId = (keys: Iterable<string>, from: Map<string, OperationRef>) => [...keys].map((key) => from.get(key)!.operationId).sort();
  return {
    added: byOperationId(
      addedKeys.filter((key) => ![...moved.values()].includes(key)),
      after,
    ),
    removed: byOperationId(
      removedKeys.filter((key) => !moved.has(key)),
      before,
    ),
    changed: byOperationId([...changed, ...moved.keys()], before),
    breaking: unique,
    details,
    diffs,
  };
}
