// faithful/prose: each text is its wording (../open-wordings.ts), after a lead in its operation's
// words, names and numbers (../lead-words.ts), and no text is anywhere else (../prose.ts). It reads
// the description whole (../view.ts) and reports each breach at its sentence's line, or at what
// holds a missing text.
import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import type { OpenApiDocument } from '../../../openapi-document.ts';
import { proseBreaches } from '../prose.ts';
import { sentenceLocation } from '../text-location.ts';
import { documentView } from '../view.ts';

export const Prose: Oas3Rule = () => ({
  Root: {
    leave(root, ctx: UserContext) {
      const { document, locationOf } = documentView(ctx, root as OpenApiDocument, ctx.location);
      for (const breach of proseBreaches(document)) {
        const holder = locationOf.get(breach.holder);
        if (!holder) continue;
        const location = breach.sentence ? sentenceLocation(holder.child([breach.key]), breach.sentence) : holder;
        ctx.report({ message: breach.message, location });
      }
    },
  },
});
