// What the faithfulness rules (rules/) read: the description as one document in the bundle's form,
// whichever form Redocly lints. Of the split source, a path item's file is in its place and each
// component is under `components`, referenced as `#/components/<kind>/<Name>`; an in-memory
// bundle or variant is its own view. The view records where each of its objects is written, so a
// rule reports at the source's line by the bundle pointer it is about. One lint builds it once.
import path from 'node:path';
import type { LineColLocationObject, Location, Oas3Rule, UserContext } from '@redocly/openapi-core';
import { componentOf, isRef, type MediaType, nodeAt, type OpenApiDocument, pointer, pointerSegments } from '../../openapi-document.ts';
import { type OperationRow } from '../../stated/operations.ts';
import { operationsOf, type SeenOperation } from './described-operations.ts';
import { sentenceLocation } from './text-location.ts';

/** The options redocly.yaml or a variant's lint gives the rules. */
export interface FaithfulOptions {
  /** Which document is linted: the bundle (or its split source), or one of the variants built from it. */
  variant?: 'bundle' | '3.0' | 'dereferenced';
}

interface DocumentView {
  document: OpenApiDocument;
  /** Where each object of the view is written. */
  locationOf: Map<object, Location>;
  /** The keys written beside a `$ref`, which the view drops (faithful/closed-world names them). */
  refSiblings: Location[];
  /** A component written a second time under a name another has (the bundle would rename one): where, and its `kind.name`. */
  clashes: { location: Location; component: string }[];
}

/** The view as a rule judges it, with the variant it is and how to report. */
export interface View extends DocumentView {
  variant: NonNullable<FaithfulOptions['variant']>;
  /** Reports `message` at `at`, naming the pointer: `message (at #/paths/...)`. */
  report(at: string, message: string): void;
  /** Reports `message` as it is at `at`, or at the line of `sentence` in the text there. */
  reportPlain(at: string, message: string, sentence?: string): void;
  /** Reports `message` at `location` as it is. */
  reportAt(location: Location | LineColLocationObject, message: string): void;
}

/**
 * The component a location is: `#/components/schemas/Foo` in a bundle, or the whole of
 * a file in `openapi/components/schemas/` in the split source (the bundle names it after its file).
 */
function componentAt(location: Location): { kind: string; name: string } | undefined {
  const [components, kind, name, ...rest] = pointerSegments(location.pointer);
  if (components === 'components' && name !== undefined && rest.length === 0) return { kind, name };
  const file = location.source.absoluteRef;
  if (!['#/', '#', ''].includes(location.pointer) || path.basename(path.dirname(path.dirname(file))) !== 'components') return undefined;
  return { kind: path.basename(path.dirname(file)), name: path.basename(file, path.extname(file)) };
}

/** The view of the document at `root` (where the walk starts), its `$ref`s followed by `ctx`. */
function documentView(ctx: UserContext, node: unknown, root: Location): DocumentView {
  const locationOf = new Map<object, Location>();
  const refSiblings: Location[] = [];
  const clashes: DocumentView['clashes'] = [];
  const components: Record<string, Record<string, unknown>> = {};
  const following = new Set<string>();
  const written = (copy: object, at: Location) => (locationOf.set(copy, at), copy);
  // Each component is viewed once, wherever it is met first: through a $ref or where it is written.
  const asComponent = ({ kind, name }: { kind: string; name: string }, at: Location, make: () => unknown) => {
    const named = (components[kind] ??= {});
    if (!(name in named)) {
      named[name] = undefined; // a $ref back to it while it is viewed
      named[name] = make();
    } else if (named[name] && locationOf.get(named[name])?.absolutePointer !== at.absolutePointer) clashes.push({ location: at, component: `${kind}.${name}` });
    return named[name];
  };
  const copyOf = (node: unknown, at: Location): unknown =>
    node === null || typeof node !== 'object'
      ? node
      : written(
          Array.isArray(node)
            ? node.map((child, index) => view(child, at.child([index])))
            : Object.fromEntries(Object.entries(node).map(([key, child]) => [key, view(child, at.child([key]))])),
          at,
        );
  const view = (node: unknown, at: Location): unknown => {
    if (!isRef(node)) {
      const component = node !== null && typeof node === 'object' ? componentAt(at) : undefined;
      return component ? asComponent(component, at, () => copyOf(node, at)) : copyOf(node, at);
    }
    refSiblings.push(...Object.keys(node).flatMap((key) => (key === '$ref' ? [] : [at.child([key])])));
    const target = ctx.resolve(node, at.source.absoluteRef);
    const { location } = target;
    const component = location && componentAt(location);
    if (component) {
      asComponent(component, location, () => copyOf(target.node, location));
      return written({ $ref: pointer('components', component.kind, component.name) }, at);
    }
    // A $ref that does not resolve, and one within the root document to what is not a component
    // (faithful/closed-world names both), stay as written; a path item's file is inlined.
    if (!location || following.has(location.absolutePointer) || location.source === root.source) return written({ ...node }, at);
    following.add(location.absolutePointer);
    const inlined = view(target.node, location);
    following.delete(location.absolutePointer);
    return inlined;
  };
  const document = view(node, root) as OpenApiDocument & { components?: Record<string, Record<string, unknown>> };
  // In place, so that the objects a bundle's own `components` holds keep their locations.
  const all = (document.components ??= {});
  for (const [kind, named] of Object.entries(components)) all[kind] = Object.assign(all[kind] ?? {}, named);
  return { document, locationOf, refSiblings, clashes };
}

/** The views by lint: every rule of one lint meets the root with the same `resolve`. */
const views = new WeakMap<object, DocumentView>();

function judged(ctx: UserContext, root: unknown, options: FaithfulOptions | undefined): View {
  let built = views.get(ctx.resolve);
  if (!built) views.set(ctx.resolve, (built = documentView(ctx, root, ctx.location)));
  const { document, locationOf } = built;
  // Where `at` is written: the node it points to, or the deepest on the way, each `$ref` followed.
  const locate = (at: string): Location => {
    let node: unknown = document;
    let location = locationOf.get(document)!;
    for (const segment of pointerSegments(at)) {
      if (isRef(node) && segment !== '$ref') {
        node = nodeAt(document, node.$ref);
        location = (node !== null && typeof node === 'object' && locationOf.get(node)) || location;
      }
      if (node === null || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, segment)) break;
      node = (node as Record<string, unknown>)[segment];
      location = (node !== null && typeof node === 'object' && locationOf.get(node)) || location.child([segment]);
    }
    return location;
  };
  // Once per place: a file that two $refs inline is in the view twice.
  const reported = new Set<string>();
  const reportAt = (location: Location | LineColLocationObject, message: string) => {
    const place = 'absolutePointer' in location ? location.absolutePointer : `${location.source.absoluteRef}:${location.start.line}:${location.start.col}`;
    if (reported.has(`${place} ${message}`)) return;
    reported.add(`${place} ${message}`);
    ctx.report({ message, location });
  };
  // On its key, as the source shows it (the whole of a file that is the node).
  const keyOf = (location: Location) => (location.pointer === '#/' ? location : location.key());
  return {
    ...built,
    variant: options?.variant ?? 'bundle',
    reportAt,
    report: (at, message) => reportAt(keyOf(locate(at)), `${message} (at ${at})`),
    reportPlain: (at, message, sentence) => reportAt(sentence ? sentenceLocation(locate(at), sentence) : keyOf(locate(at)), message),
  };
}

/**
 * A rule that judges the view (with the options redocly.yaml gives it) as the walk enters the
 * document: the engine has resolved every `$ref` by then, and the contract's problems come first.
 */
export function viewRule<Options extends object = FaithfulOptions>(judge: (view: View, options: Options & FaithfulOptions) => void): Oas3Rule {
  return (options: Record<string, unknown>) => ({
    Root: {
      enter(root, ctx: UserContext) {
        judge(judged(ctx, root, options), (options ?? {}) as Options & FaithfulOptions);
      },
    },
  });
}

/** A rule that judges each operation of the table in turn. */
export const operationRule = (check: (seen: SeenOperation & { row: OperationRow }, view: View) => void): Oas3Rule =>
  viewRule((view) => {
    for (const seen of operationsOf(view.document)) if (seen.row) check(seen as SeenOperation & { row: OperationRow }, view);
  });

/** A body holds JSON only, of a named schema (which the dereferenced variant inlines); `what` is the body in the messages. */
export function checkJsonBody(view: View, content: Record<string, MediaType> | undefined, at: string, what: string): void {
  const media = Object.keys(content ?? {});
  if (media.join() !== 'application/json') view.report(`${at}/content`, `${what}'s media type: expected ["application/json"], found ${JSON.stringify(media)}`);
  else if (view.variant !== 'dereferenced' && componentOf(content?.['application/json']?.schema)?.kind !== 'schemas')
    view.report(`${at}/content/application~1json/schema`, `${what} is a named schema`);
}
