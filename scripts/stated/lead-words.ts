// The closed vocabulary of what an author writes freely: an operation's summary, the lead sentence
// of its description and the name a payload schema gives what it holds ("The scopes, as returned
// by ..."). Each names only what the operation's row of the table does: its verb, the words of its
// path and operationId, and its area, joined by a few words that state nothing, in plain ASCII; a
// number or a name only in a code span, and only its own (`#13`, `201`). A word outside it ("once",
// "cached", "token") is a fact the interface document does not state, whatever the sentence around
// it says; what is open is said by the wordings after the lead (open-wordings.ts).
import type { OperationRow } from './operations.ts';

/** Words that join names and state nothing: articles, "one", possessives, and naming by `id` (no verb "to be": "X is Y" would be a claim). */
const joiningWords = ['the', 'a', 'an', 'one', 'of', 'by', 'at', 'its', 'their', 'this', 'that', 'and', 'names', 'named', 'identifies', 'identified'];

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
    .replace(/(?<=[a-z]{2}[^s])s$/, '')
    .replace(/(?<=[a-z]{2})ing$/, '');

/** The stems a free text about `row` may use. */
function leadVocabulary(row: OperationRow): Set<string> {
  const words = [...wordsOf(row.path), ...wordsOf(row.operationId), ...wordsOf(row.area), ...(methodVerbs[row.method] ?? []), ...joiningWords];
  return new Set(words.map(stem));
}

/**
 * The code-span literals a lead may use besides its operation's names: how the open query pairs
 * travel, the two ids a path segment cannot be, the document's name for its base URL, and the
 * field that holds this description's own version.
 */
const declaredLiterals = ['name=value', '.', '..', '{base_url}', 'info.version'];

/** The names a lead may put in code: its path and the prefixes of it, its operationId, method, status, parameters and bodies. */
function codeNames(row: OperationRow): Set<string> {
  const segments = row.path.split('/');
  const prefixes = segments.slice(2).map((_, index) => segments.slice(0, index + 2).join('/'));
  const schema = `${row.operationId.charAt(0).toUpperCase()}${row.operationId.slice(1)}`;
  const request = {
    none: [],
    id: ['id', 'Id'],
    query: ['pairs', 'OpenQuery'],
    'id+optional-body': ['id', 'Id', `${schema}RequestBody`],
    'required-body': [`${schema}RequestBody`],
  };
  return new Set([
    ...declaredLiterals,
    row.path,
    ...prefixes.flatMap((prefix) => [prefix, `${prefix}/`]),
    row.operationId,
    row.method.toUpperCase(),
    row.status,
    `${row.status} ${row.label}`,
    `#${row.n}`,
    'application/json',
    'default',
    `${schema}ResponseBody`,
    ...request[row.request],
  ]);
}

const codeSpan = /`([^`]+)`/g;
/** What a lead's plain text may hold: ASCII letters, spaces, and the punctuation of a sentence. */
const notPlain = /[^A-Za-z\s.,;:()'-]/g;

/** What kind of thing a lead's characters beyond plain words make: "a link, a number: ". */
function whatItHolds(plain: string): string {
  const kinds = [
    [/\b[a-z][\w+.-]*:\/\/|\]\(/i, 'a link'],
    [/<\/?[a-z!]|&#?\w+;/i, 'HTML'],
    [/[0-9]/, 'a number'],
    [/[*_~`[\]]/, 'Markdown'],
    [/[^ -~\s]/, 'a character of another script'],
  ] as const;
  const found = kinds.filter(([pattern]) => pattern.test(plain)).map(([, kind]) => kind);
  return found.length > 0 ? `${found.join(', ')}: ` : '';
}

/**
 * What is wrong with one sentence of a lead about `row`: a code span that names something not its
 * own, any character beyond plain words (a number, a link, Markdown, HTML, an entity, a letter of
 * another script: each could carry a fact the words check never reads), and the words it may not use.
 */
export function leadProblems(sentence: string, row: OperationRow): string[] {
  const names = codeNames(row);
  const problems = [...sentence.matchAll(codeSpan)]
    .filter(([, name]) => !names.has(name))
    .map(([, name]) => `names \`${name}\`, which is neither one of #${row.n}'s names nor a declared literal`);
  const plain = sentence.replace(codeSpan, ' ');
  const symbols = [...new Set(plain.match(notPlain) ?? [])];
  if (symbols.length > 0)
    problems.push(
      `holds ${whatItHolds(plain)}${symbols.map((symbol) => JSON.stringify(symbol)).join(', ')}: a lead is plain words; a number or a name goes in a code span, and only its own (\`#${row.n}\`, \`${row.status}\`, \`${row.path}\`)`,
    );
  const outside = wordsOutside(plain.replace(notPlain, ' '), leadVocabulary(row));
  if (outside.length > 0)
    problems.push(
      `uses ${outside.map((word) => JSON.stringify(word)).join(', ')}: a lead names only what #${row.n}'s row does (its verb, the words of its path, operationId and area): take the word out; what is open is said by the wording after the lead`,
    );
  return problems;
}

/** The words of `text` (code spans, links and numbers taken out before) that are not in `vocabulary`, each once. */
function wordsOutside(text: string, vocabulary: Set<string>): string[] {
  const outside = new Set<string>();
  for (const [word] of text.matchAll(/\b[A-Za-z]+(?:'s)?\b/g)) if (!vocabulary.has(stem(word.replace(/'s$/, '')))) outside.add(word);
  return [...outside];
}
