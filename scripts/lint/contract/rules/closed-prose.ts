// faithful/prose: each text is its wording (scripts/stated/open-wordings.ts), after a lead in its
// operation's words, names and numbers (scripts/stated/lead-words.ts), and no text is anywhere else
// (../prose.ts). It reports each breach at its sentence's line, or at what holds a missing text.
import { proseBreaches } from '../prose.ts';
import { sentenceLocation } from '../text-location.ts';
import { viewRule } from '../view.ts';

/** A text to write in place of one that differs from its wording: in `file`, at `pointer` (`npm run lint -- --fix`). */
export interface WordingFix {
  file: string;
  pointer: string;
  text: string;
}

/**
 * Where a caller collects the wordings to write (../../fix-wordings.ts), by the key it gives the
 * rule in its options: Redocly copies the options, so the collection cannot travel in them.
 */
export const wordingFixes = new Map<string, WordingFix[]>();

export const Prose = viewRule<{ fixesKey?: string }>((view, options) => {
  for (const breach of proseBreaches(view.document)) {
    const holder = view.locationOf.get(breach.holder);
    if (!holder) continue;
    const value = holder.child([breach.key]);
    view.reportAt(breach.sentence ? sentenceLocation(value, breach.sentence) : holder, breach.message);
    if (breach.fix !== undefined) wordingFixes.get(options.fixesKey ?? '')?.push({ file: value.source.absoluteRef, pointer: value.pointer, text: breach.fix });
  }
});
