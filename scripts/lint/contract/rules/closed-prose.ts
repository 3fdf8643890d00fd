// faithful/prose: a sentence that speaks of a part the interface document leaves open says that it
// is open (../prose.ts, ../open-clause.ts). proseRule makes the three prose rules: each reads the
// description whole (../view.ts) and reports its own breaches at the sentence's line.
import type { Location, Oas3Rule, UserContext } from '@redocly/openapi-core';
import type { OpenApiDocument } from '../../../openapi-document.ts';
import { type ProseBreach, proseBreaches, type ProseRule } from '../prose.ts';
import { sentenceLocation } from '../text-location.ts';
import { documentView } from '../view.ts';

/** The breaches of one lint's document, read once for the three rules. */
const read = new WeakMap<object, { breaches: ProseBreach[]; locationOf: Map<object, Location> }>();

function breachesOf(root: OpenApiDocument, ctx: UserContext) {
  let found = read.get(root);
  if (!found) {
    const { document, locationOf } = documentView(ctx, root, ctx.location);
    found = { breaches: proseBreaches(document), locationOf };
    read.set(root, found);
  }
  return found;
}

export function proseRule(rule: ProseRule): Oas3Rule {
  return () => ({
    Root: {
      leave(root, ctx: UserContext) {
        const { breaches, locationOf } = breachesOf(root as OpenApiDocument, ctx);
        for (const breach of breaches) {
          const holder = locationOf.get(breach.holder);
          if (breach.rule !== rule || !holder) continue;
          ctx.report({ message: breach.message, location: sentenceLocation(holder.child([breach.key]), breach.sentence) });
        }
      },
    },
  });
}

export const Prose = proseRule('faithful/prose');
