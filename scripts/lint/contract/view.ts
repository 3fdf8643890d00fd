// The view of a description as one document, for the rules that read it whole (the prose rules):
// the split source as the bundle would have it (a path item's file in its place, each component
// under `components` and referenced as `#/components/<kind>/<Name>`), built from the engine's own
// resolution, with where each object of the view is written, to report at the source's line.
import type { Location, UserContext } from '@redocly/openapi-core';
import { isRef, type OpenApiDocument } from '../../openapi-document.ts';
import { componentAt } from './visit.ts';

export interface View {
  document: OpenApiDocument;
  /** Where each object of the view is written. */
  locationOf: Map<object, Location>;
}

/** The view of the document at `location` (the root), its `$ref`s followed by `ctx`. */
export function documentView(ctx: UserContext, root: OpenApiDocument, location: Location): View {
  const locationOf = new Map<object, Location>();
  const components: Record<string, Record<string, unknown>> = {};
  const following = new Set<string>();
  const view = (node: unknown, at: Location): unknown => {
    if (isRef(node)) {
      const target = ctx.resolve(node, at.source.absoluteRef);
      const id = target.location && `${target.location.source.absoluteRef}${target.location.pointer}`;
      if (!target.location || !id || following.has(id)) return node;
      const component = componentAt(target.location);
      if (!component) {
        following.add(id);
        const inlined = view(target.node, target.location);
        following.delete(id);
        return inlined;
      }
      const kind = (components[component.kind] ??= {});
      if (!(component.name in kind)) {
        kind[component.name] = undefined;
        kind[component.name] = view(target.node, target.location);
      }
      return { $ref: `#/components/${component.kind}/${component.name}` };
    }
    if (node === null || typeof node !== 'object') return node;
    const copy: Record<string, unknown> | unknown[] = Array.isArray(node)
      ? node.map((child, index) => view(child, at.child([index])))
      : Object.fromEntries(Object.entries(node).map(([key, child]) => [key, view(child, at.child([key]))]));
    locationOf.set(copy, at);
    return copy;
  };
  const document = view(root, location) as OpenApiDocument & { components?: Record<string, unknown> };
  for (const [kind, named] of Object.entries(components))
    document.components = { ...document.components, [kind]: { ...(document.components?.[kind] as object), ...named } };
  return { document, locationOf };
}
