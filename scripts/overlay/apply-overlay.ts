// Applies overlays to a bundled description, strictly: an action whose target selects nothing, an
// invalid JSONPath (RFC 9535, by jsonpath-rfc9535) or an update of the wrong shape fails the run,
// naming the overlay file, the action's line and its target. The Overlay Specification lets an
// action that matches nothing pass silently; here a typo in a target would lose the user's fact.
//
// What an action does to each node its target selects:
// - update: an object is merged in (objects recursively, lists appended, other values replaced); a
//   list gets the update appended (each item of a list update); a plain value is replaced.
// - copy (1.1): the same, with the one node the `copy` expression selects as the update.
// - remove: the node leaves the object or list it is in.
// After each action, the description is held to its bounds (overlay-limits.ts): its size, and how
// deep it nests, refused at the line of the key that goes too deep where the update has one.
import { escapePointerSegment, isRef, nodeAt, type OpenApiDocument, pointer, pointerSegments } from '../openapi-document.ts';
import { jsonSize, measureJson, overlayLimits } from './overlay-limits.ts';
import { isRecord } from '../openapi-document.ts';
import { type Overlay, type OverlayAction, OverlayError } from './read-overlay.ts';
import { type Path, selectTargets as select } from './select-targets.ts';
import { nothingSelectedHint } from './target-hints.ts';

/** An action as applied: the nodes it added, changed or removed, as JSON pointers. */
export interface AppliedAction {
  overlay: Overlay;
  action: OverlayAction;
  pointers: string[];
}

/** Applies `overlays` in order to a copy of `document`; returns the result and what each action touched. */
export function applyOverlays(document: OpenApiDocument, overlays: Overlay[]): { document: OpenApiDocument; applied: AppliedAction[] } {
  const result = structuredClone(document);
  const applied: AppliedAction[] = [];
  let size = jsonSize(result, overlayLimits.documentBytes);
  for (const overlay of overlays)
    for (const action of overlay.actions) {
      const fail = (message: string): never => {
        throw new OverlayError(overlay.file, action.line, `action ${action.index + 1} (target ${action.target}): ${message}`);
      };
      const done: AppliedAction = { overlay, action, pointers: applyAction(result, action, size, fail) };
      applied.push(done);
      const measured = measureJson(result, overlayLimits.documentBytes, overlayLimits.depth);
      size = measured.bytes;
      if (size === Infinity) fail(tooLarge);
      if (measured.tooDeep) {
        const at = pointer(...measured.tooDeep);
        throw new OverlayError(
          overlay.file,
          keyLine(done, at) ?? action.line,
          `action ${action.index + 1} (target ${action.target}): the description would nest objects and lists deeper than ${overlayLimits.depth} levels (at ${at}), more than its linters and generators read; flatten it, or name the inner schema as a component and \`$ref\` it`,
        );
      }
    }
  return { document: result, applied };
}

const tooLarge = `the description would grow past ${overlayLimits.documentBytes} bytes, more than an overlay may make it`;

/**
 * The line of the key in an update's value that a problem at `at` is about: the longest path of
 * keys in the value that ends the problem's pointer (or a node above it), where the rest of the
 * pointer is the node the action merged into; undefined when none is.
 */
export function keyLine(applied: AppliedAction, at: string): number | undefined {
  const lines = applied.action.valueLines;
  if (!lines) return undefined;
  const keys = [...lines.keys()].sort((a, b) => b.length - a.length);
  for (let node = at; node.includes('/'); node = node.slice(0, node.lastIndexOf('/')))
    for (const key of keys) {
      if (!node.endsWith(key)) continue;
      const mergedInto = node.slice(0, node.length - key.length);
      if (applied.pointers.some((touched) => touched === mergedInto || touched.startsWith(`${mergedInto}/`))) return lines.get(key);
    }
  return undefined;
}

function applyAction(document: unknown, action: OverlayAction, size: number, fail: (message: string) => never): string[] {
  const targets = select(document, action.target, fail);
  if (targets.length === 0) fail(nothingSelectedHint(document, action.target));
  if (action.kind === 'remove') return remove(document, targets, fail);
  let update = action.value;
  if (action.kind === 'copy') {
    const sources = select(document, action.copyFrom!, fail);
    if (sources.length !== 1) fail(`\`copy\` ${action.copyFrom} must select exactly one node; it selects ${sources.length}`);
    update = valueAt(document, sources[0]);
  }
  // Each target gets a copy of the update: refused before it is made if the copies would be too large.
  if (size + jsonSize(update, overlayLimits.documentBytes) * targets.length > overlayLimits.documentBytes) fail(tooLarge);
  update = structuredClone(update);
  // What each target gets: the keys merged into an object, the items appended to a list, the value replaced.
  const pointers: string[] = [];
  for (const path of targets) {
    const where = pointer(...path);
    const node = valueAt(document, path);
    if (Array.isArray(node)) {
      const mistaken = listMistake(node, update, action.target);
      if (mistaken) fail(mistaken);
      const items = structuredClone(Array.isArray(update) ? update : [update]);
      pointers.push(...items.map((_, i) => pointer(...path, node.length + i)));
      node.push(...items);
    } else if (isRecord(node)) {
      if (!isRecord(update)) fail(`the target ${where} is an object, so the ${action.kind} must be an object`);
      const conflict = merge(node, update as Record<string, unknown>, where);
      if (conflict) fail(conflict);
      pointers.push(...Object.keys(update as Record<string, unknown>).map((key) => pointer(...path, key)));
    } else if (path.length === 0 || isRecord(update) || Array.isArray(update)) {
      fail(`the target ${where} is ${describe(node)}; only a plain value can replace it`);
    } else {
      (valueAt(document, path.slice(0, -1)) as Record<string | number, unknown>)[path[path.length - 1]] = update;
      pointers.push(where);
    }
  }
  return pointers;
}

/**
 * Removes the nodes at `targets`: a node inside another removed node goes with it; items of one
 * list go last first, so that removing one does not shift the others.
 */
function remove(document: unknown, targets: Path[], fail: (message: string) => never): string[] {
  if (targets.some((path) => path.length === 0)) fail('the whole description cannot be removed');
  const essential = targets.find((path) => path.length === 1 && ['openapi', 'info', 'paths'].includes(String(path[0])));
  if (essential) fail(`it removes #/${essential[0]}, without which there is no description; target the nodes inside it you mean`);
  const keys = new Set(targets.map((path) => JSON.stringify(path)));
  const outermost = targets.filter((path) => !path.some((_, i) => i > 0 && keys.has(JSON.stringify(path.slice(0, i)))));
  // A removed node's references count as touched too: a component it alone used is now unused.
  const pointers = outermost.flatMap((path) => [pointer(...path), ...localRefs(valueAt(document, path))]);
  for (const path of outermost.sort(lastFirst)) {
    const parent = valueAt(document, path.slice(0, -1));
    const key = path[path.length - 1];
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else if (isRecord(parent)) delete parent[key];
  }
  return pointers;
}

/** Paths in reverse order, segment by segment (list indices as numbers). */
function lastFirst(a: Path, b: Path): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] === b[i]) continue;
    return typeof a[i] === 'number' && typeof b[i] === 'number' ? (b[i] as number) - (a[i] as number) : String(b[i]) < String(a[i]) ? -1 : 1;
  }
  return b.length - a.length;
}

/**
 * Why an object update of the list `list` is most likely meant for one of its items, not as a new
 * item: an item with the same `name` (and `in`) is there already, or its items all have a `name`
 * and the update has none.
 */
function listMistake(list: unknown[], update: unknown, target: string): string | undefined {
  if (!isRecord(update) || list.length === 0 || !list.every((item) => isRecord(item) && typeof item.name === 'string')) return undefined;
  const items = list as Record<string, unknown>[];
  const same = items.find((item) => item.name === update.name && (item.in === undefined || item.in === update.in));
  const first = same ?? items[0];
  const select = `${target}[?@.name==${JSON.stringify(first.name).replaceAll('"', "'")}${first.in === undefined ? '' : ` && @.in=='${String(first.in)}'`}]`;
  const teach = `the target is a list, and an update of a list is appended to it as a new item; to change one item, select it, e.g. \`${select}\`, or \`${target}[*]\` for every item`;
  if (same) return `${teach} (an item named ${JSON.stringify(same.name)} is there already)`;
  if (update.name === undefined) return `${teach} (every item has a \`name\`, and the update has none)`;
  return undefined;
}

/** Merges `update` into `node`; the message of the first conflict (an object meeting a list or a value), if any. */
function merge(node: Record<string, unknown>, update: Record<string, unknown>, where: string): string | undefined {
  for (const [key, value] of Object.entries(update)) {
    const at = `${where}/${escapePointerSegment(key)}`;
    const current = node[key];
    if (!Object.hasOwn(node, key)) node[key] = structuredClone(value);
    else if (isRecord(current) && isRecord(value)) {
      const conflict = merge(current, value, at);
      if (conflict) return conflict;
    } else if (Array.isArray(current) && Array.isArray(value)) node[key] = [...current, ...structuredClone(value)];
    else if (!isRecord(current) && !Array.isArray(current) && !isRecord(value) && !Array.isArray(value)) node[key] = value;
    else return `${at} is ${describe(current)} in the description, and the update gives ${describe(value)}`;
  }
  return undefined;
}

/** The local `$ref`s inside `node`. */
function localRefs(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(localRefs);
  if (!isRecord(node)) return [];
  return Object.entries(node).flatMap(([key, value]) => (key === '$ref' && typeof value === 'string' && value.startsWith('#') ? [value] : localRefs(value)));
}

function valueAt(document: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], document);
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** Whether pointer `a` is `b` or inside it, segment by segment. */
const within = (a: string[], b: string[]) => b.every((segment, i) => a[i] === segment);

/** The last action that touched the node at `at`, something inside it or around it, or what a `$ref` there points to. */
export function actionAbout(document: OpenApiDocument, at: string, applied: AppliedAction[]): AppliedAction | undefined {
  const segments = pointerSegments(at);
  const node = nodeAt(document, at);
  const referenced = isRef(node) ? pointerSegments(node.$ref) : typeof node === 'string' && node.startsWith('#/') ? pointerSegments(node) : undefined;
  for (const candidate of [...applied].reverse()) {
    for (const touched of candidate.pointers.map(pointerSegments)) {
      if (within(segments, touched) || (segments.length > 0 && within(touched, segments))) return candidate;
      // What the `$ref` there points to: the action touched it, around it or inside it.
      if (referenced && (within(referenced, touched) || within(touched, referenced))) return candidate;
    }
  }
  return undefined;
}
