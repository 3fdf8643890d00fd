// What the faithfulness rules (rules/) share as Redocly plugin rules: the operations a walk meets
// (with their path, method, row of the table and source location), following a `$ref` from where
// it is written (into another file of the split source, or within an in-memory bundle), telling
// which component a node is, and reporting at a node with the bundle pointer it has.
import path from 'node:path';
import type { Location, Oas3Rule, Oas3Visitor, UserContext } from '@redocly/openapi-core';
import { isRef, type OpenApiDocument, type Operation, type PathItem, pointer, pointerSegments } from '../../openapi-document.ts';
import { type OperationRow, rowOf } from './operations.ts';

/** A node (its `$ref` followed) and where it is written. */
export interface Located<T = unknown> {
  node: T | undefined;
  location: Location;
}

/** An operation the walk met under `paths`. */
export interface SeenOperation {
  path: string;
  method: string;
  /** Its row of the table, when the table has one for this method and path. */
  row?: OperationRow;
  operation: Operation;
  location: Location;
  pathItem: PathItem;
  pathItemLocation: Location;
  /** A JSON pointer into the bundle below this operation: `at('responses')`. */
  at(...keys: (string | number)[]): string;
}

/** What a walk of the description collected for a rule to judge at its end. */
export interface Facts {
  root: OpenApiDocument;
  rootLocation: Location;
  pathsLocation?: Location;
  /** Where each path item under `paths` is written, by path. */
  pathItems: Map<string, Location>;
  operations: SeenOperation[];
}

/** The options redocly.yaml or a variant's lint gives the rules. */
export interface FaithfulOptions {
  /** Which document is linted: the bundle (or its split source), or one of the variants built from it. */
  variant?: 'bundle' | '3.0' | 'dereferenced';
}

/** The node at `keys` below `from`, each `$ref` followed from the file it is written in. */
export function childOf<T = unknown>(ctx: UserContext, from: Located, ...keys: (string | number)[]): Located<T> {
  let node: unknown = from.node;
  let location = from.location;
  for (const key of keys) {
    const child = node !== null && typeof node === 'object' ? (node as Record<string | number, unknown>)[key] : undefined;
    location = location.child([key]);
    if (isRef(child)) {
      const resolved = ctx.resolve(child, location.source.absoluteRef);
      node = resolved.node;
      location = resolved.location ?? location;
    } else node = child;
  }
  return { node: node as T | undefined, location };
}

/** Whether `node` has `key` of its own. */
export const has = (node: unknown, key: string | number): boolean =>
  node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, key);

/**
 * The component a location is: `#/components/schemas/Foo` in a bundle, or the whole of
 * a file in `openapi/components/schemas/` in the split source (the bundle names it after its file).
 */
export function componentAt(location: Location): { kind: string; name: string } | undefined {
  const [components, kind, name, ...rest] = pointerSegments(location.pointer);
  if (components === 'components' && name !== undefined && rest.length === 0) return { kind, name };
  const file = location.source.absoluteRef;
  if (!['#/', '#', ''].includes(location.pointer) || path.basename(path.dirname(path.dirname(file))) !== 'components') return undefined;
  return { kind: path.basename(path.dirname(file)), name: path.basename(file, path.extname(file)) };
}

/** The local `$ref` a component would have in the bundle: `#/components/schemas/Foo`. */
export const componentRef = (component: { kind: string; name: string } | undefined): string | undefined =>
  component && pointer('components', component.kind, component.name);

/** Reports `message` at `location` (on its key, as the source shows it), with the bundle pointer it is about. */
export function reportAt(ctx: UserContext, location: Location, message: string, at?: string): void {
  ctx.report({ message: at === undefined ? message : `${message} (at ${at})`, location: location.pointer === '#/' ? location : location.key() });
}

/** Reports at the node at `keys` below `from` when it exists, else at the deepest that does. */
export function reportBelow(ctx: UserContext, from: Located, keys: (string | number)[], message: string, at?: string): void {
  let here: Located = from;
  for (const key of keys) {
    if (!has(here.node, key)) break;
    here = childOf(ctx, here, key);
  }
  reportAt(ctx, here.location, message, at);
}

/** A visitor that meets each operation under `paths` (with its path item) and hands it to `met`. */
function operationsVisitor(met: (seen: SeenOperation, ctx: UserContext) => void, pathItemMet?: (path: string, location: Location) => void): Oas3Visitor {
  const pathItems: { path: string; node: PathItem; location: Location }[] = [];
  let inPaths = false;
  return {
    Paths: { enter: () => void (inPaths = true), leave: () => void (inPaths = false) },
    PathItem: {
      enter(node, ctx: UserContext) {
        if (!inPaths) return;
        pathItems.push({ path: String(ctx.key), node: node as PathItem, location: ctx.location });
        pathItemMet?.(String(ctx.key), ctx.location);
      },
      leave() {
        if (inPaths) pathItems.pop();
      },
    },
    Operation(node, ctx: UserContext) {
      const item = pathItems.at(-1);
      if (!inPaths || !item) return;
      const method = String(ctx.key);
      met(
        {
          path: item.path,
          method,
          row: rowOf(item.path, method),
          operation: node as Operation,
          location: ctx.location,
          pathItem: item.node,
          pathItemLocation: item.location,
          at: (...keys) => pointer('paths', item.path, method, ...keys),
        },
        ctx,
      );
    },
  };
}

/** A rule that judges each operation of the table where the walk meets it, and reports from there. */
export function operationRule(check: (seen: SeenOperation & { row: OperationRow }, ctx: UserContext, options: FaithfulOptions) => void): Oas3Rule {
  return (options: FaithfulOptions) =>
    operationsVisitor((seen, ctx) => {
      if (seen.row) check(seen as SeenOperation & { row: OperationRow }, ctx, options ?? {});
    });
}

/**
 * A rule about the document as a whole: it collects the operations under `paths` (and where the
 * document and `paths` are) as the walk goes, and judges them when it leaves the document.
 */
export function factsRule(judge: (facts: Facts, ctx: UserContext, options: FaithfulOptions) => void): Oas3Rule {
  return (options: FaithfulOptions) => {
    const facts: Partial<Facts> & Pick<Facts, 'operations' | 'pathItems'> = { operations: [], pathItems: new Map() };
    const walk = operationsVisitor(
      (seen) => facts.operations.push(seen),
      (path, location) => facts.pathItems.set(path, location),
    );
    return {
      ...walk,
      Root: {
        enter(root, ctx: UserContext) {
          facts.root = root as OpenApiDocument;
          facts.rootLocation = ctx.location;
        },
        leave(_root, ctx: UserContext) {
          judge(facts as Facts, ctx, options ?? {});
        },
      },
      Paths: {
        enter(paths, ctx: UserContext) {
          facts.pathsLocation = ctx.location;
          (walk.Paths as { enter: () => void }).enter();
        },
        leave: (walk.Paths as { leave: () => void }).leave,
      },
    };
  };
}

/** An operation as a Located node. */
export const located = (seen: SeenOperation): Located<Operation> => ({ node: seen.operation, location: seen.location });
