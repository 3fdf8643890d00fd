// The closed vocabulary of what an author writes freely: an operation's summary, the lead sentence
// of its description and the name a payload schema gives what it holds ("The scopes, as returned
// by ..."). Each names only what the operation's row of the table does: its verb, the words of its
// path and operationId, and its area, joined by a few words that state nothing. A word outside it
// ("once", "cached", "token") is a fact the interface document does not state, whatever the
// sentence around it says; what is open is said by the wordings after the lead (open-wordings.ts).
import type { OperationRow } from './operations.ts';

/** Words that join names and state nothing: articles, "one", pronouns, the copula, and naming by `id`. */
const joiningWords = [
  'the',
  'a',
  'an',
  'one',
  'of',
  'by',
  'at',
  'it',
  'its',
  'their',
  'this',
  'that',
  'is',
  'are',
  'and',
  'names',
  'named',
  'identifies',
  'identified',
];

/** The verbs a method's operation may be described with, beside the one its operationId starts with. */
const methodVerbs: Record<string, string[]> = {
  get: ['get', 'return', 'retrieve', 'fetch', 'read', 'show'],
  delete: ['delete', 'remove'],
  put: ['replace', 'set'],
  patch: ['update', 'change', 'set'],
  post: [],
};

/** `/v1/email-testing/link-validation` and `getLinkValidation`: email, testing, link, validation, get. */
const wordsOf = (text: string) =>
  text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 0 && !/^v\d*$/.test(word));

/** A word without its inflection: `groups` -> group, `testing` -> test, `identifies` -> identify. */
const stem = (word: string) =>
  word
    .toLowerCase()
    .replace(/ies$/, 'y')
    .replace(/(?:ches|shes|xes|sses)$/, (ending) => ending.slice(0, -2))
    .replace(/(?<!s)s$/, '')
    .replace(/(?<=..)ing$/, '');

/** The stems a free text about `row` may use. */
export function leadVocabulary(row: OperationRow): Set<string> {
  const words = [...wordsOf(row.path), ...wordsOf(row.operationId), ...wordsOf(row.area), ...(methodVerbs[row.method] ?? []), ...joiningWords];
  return new Set(words.map(stem));
}

/** The words of `text` (code spans, links and numbers taken out before) that are not in `vocabulary`, each once. */
export function wordsOutside(text: string, vocabulary: Set<string>): string[] {
  const outside = new Set<string>();
  for (const [word] of text.matchAll(/\b[A-Za-z]+(?:'s)?\b/g)) if (!vocabulary.has(stem(word.replace(/'s$/, '')))) outside.add(word);
  return [...outside];
}
