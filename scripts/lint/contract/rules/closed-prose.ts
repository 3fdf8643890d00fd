// faithful/prose: each text is its wording (../open-wordings.ts), after a lead in its operation's
// words (../lead-words.ts), and no text is anywhere else (../prose.ts). proseRule makes the three
// prose rules: each reads the description whole (../view.ts) and reports its own breaches at the
// sentence's line, or at what holds a missing text.
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
          const location = breach.sentence ? sentenceLocation(holder.child([breach.key]), breach.sentence) : holder;
          ctx.report({ message: breach.message, location });
        }
      },
    },
  });
}

export const Prose = proseRule('faithful/prose');
