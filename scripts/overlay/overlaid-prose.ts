// The texts of a description with overlays say what the overlays state, and nothing that
// contradicts it: where an overlay fills in a part the description leaves open for an operation
// (its credentials, a payload's fields, the type of its `id`), the sentences that say the part is
// open (by the contract's words, open-parts.ts) leave that operation's texts, the texts of the
// payloads and parameters it uses, and the document's own, and the operation's description says
// what the overlays add. A sentence that lists several open parts ("Response fields, errors and
// required authorization are not specified.") keeps the ones still open. Every artifact is built
// from these texts: the HTML docs, the Markdown reference and llms.txt, the types' comments.
import { deref, eachOperation, isRef, type OpenApiDocument } from '../openapi-document.ts';
import { sentences } from '../lint/contract/prose.ts';
import type { CallerChange } from './caller-changes.ts';
import { filledParts, type OpenPart, ownWords, partsOf, type TextPlace } from './open-parts.ts';
import { cell } from './overlay-changes.ts';

/** Rewrites the texts of `overlaid` in place for the parts `changes` fill in; only sentences of `base` (the description's own) leave. */
export function reconcileProse(base: OpenApiDocument, overlaid: OpenApiDocument, changes: CallerChange[]): void {
  baseSentences = new Set(allTexts(base).flatMap(sentences));
  const filled = filledParts(overlaid, changes);
  const union = (ids: Iterable<string>) => new Set([...ids].flatMap((id) => [...(filled.get(id) ?? [])]));
  const users = componentUsers(overlaid);
  for (const { pathItem, operation } of eachOperation(overlaid)) {
    const id = String(operation.operationId);
    const parts = filled.get(id) ?? new Set();
    const own = ownWords(overlaid, [id]);
    const added = changes.filter((change) => change.operationId === id);
    operation.description = [rewrite(operation.description, 'operation', parts, own), fromOverlays(added)].filter(Boolean).join('\n\n');
    if (operation.requestBody && !isRef(operation.requestBody)) rewriteIn(operation.requestBody, 'request fields', parts, own);
    for (const [status, response] of Object.entries(operation.responses ?? {}))
      if (!isRef(response)) rewriteIn(response, status === 'default' ? 'error fields' : 'response fields', parts, own);
    for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])])
      if (!isRef(parameter)) rewriteIn(parameter, 'operation', parts, own);
  }
  for (const [kind, entries] of Object.entries(overlaid.components ?? {}))
    for (const [name, node] of Object.entries((entries ?? {}) as Record<string, object>)) {
      const use = users.get(`${kind}/${name}`);
      if (use) rewriteIn(node, use.place, union(use.operations), ownWords(overlaid, use.operations));
    }
  for (const tag of overlaid.tags ?? []) {
    const tagged = operationsTagged(overlaid, tag.name);
    rewriteIn(tag, 'operation', union(tagged), ownWords(overlaid, tagged));
  }
  overlaid.info!.description = rewrite(overlaid.info!.description, 'document', union(filled.keys()));
}

function rewriteIn(target: object | undefined, place: TextPlace, filled: Set<OpenPart>, own: Set<string>): void {
  const node = target as { description?: unknown } | undefined;
  if (typeof node?.description !== 'string') return;
  const text = rewrite(node.description, place, filled, own);
  if (text) node.description = text;
  else delete node.description;
}

/**
 * `text` without the description's own sentences (any sentence, with `anySentence`) or list items
 * about a part in `filled`, the words in `own` not counting; tables are left as they are.
 */
export function rewrite(text: string | undefined, place: TextPlace, filled: Set<OpenPart>, own: Set<string> = new Set(), anySentence = false): string {
  if (!text || filled.size === 0) return text ?? '';
  const speaksOf = (part: string) => [...partsOf(part, place, own)].some((open) => filled.has(open));
  const leaves = (sentence: string) => (anySentence || baseSentences.has(sentence)) && speaksOf(sentence);
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => (/^\s*\|/m.test(paragraph) ? paragraph : rewriteParagraph(paragraph, leaves, speaksOf)))
    .filter((paragraph) => paragraph.trim() !== '')
    .join('\n\n');
}

type SpeaksOf = (text: string) => boolean;

/** The sentences of the description's own texts: only those may leave, never an overlay's. */
let baseSentences = new Set<string>();

function allTexts(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(allTexts);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) => (key === 'description' && typeof value === 'string' ? [value] : allTexts(value)));
}

function rewriteParagraph(paragraph: string, leaves: SpeaksOf, speaksOf: SpeaksOf): string {
  const all = sentences(paragraph);
  const kept = all.flatMap((sentence) => {
    if (!leaves(sentence)) return [sentence];
    const narrowed = narrowList(sentence, speaksOf);
    return narrowed ? [narrowed] : [];
  });
  return kept.join(' ') === all.join(' ') ? paragraph : kept.join(' ');
}

/** A sentence listing open parts ("A, B and C are not specified."; "... does not specify A, B or C.") with the filled ones left out. */
function narrowList(sentence: string, speaksOf: SpeaksOf): string | undefined {
  const listed = /^(.+?) (is|are) (not specified|left open)\.$/.exec(sentence);
  const specify = /^(.*?\b(?:does|do) not specify) (.+?)(?:, so [^.]*)?\.$/.exec(sentence);
  const items = listed ? listItems(listed[1], 'and') : specify ? listItems(specify[2], 'or') : [];
  const kept = items.filter((item) => !speaksOf(item));
  if (kept.length === 0 || kept.length === items.length) return undefined;
  if (listed) {
    const verb = kept.length > 1 || /[^s]s$/.test(kept[0]) ? 'are' : 'is';
    return `${kept[0].charAt(0).toUpperCase()}${kept[0].slice(1)}${joined(kept.slice(1), 'and')} ${verb} ${listed[3]}.`;
  }
  return `${specify![1]} ${kept[0]}${joined(kept.slice(1), 'or')}.`;
}

/** The items of an English list, "A, B and C" or "A, B, and C"; a list without commas is one item. */
function listItems(list: string, word: 'and' | 'or'): string[] {
  const pieces = list.split(/,\s*/);
  if (pieces.length === 1) return pieces;
  const last = pieces.pop()!;
  const lead = new RegExp(`^${word}\\s+`);
  return [...pieces, ...(lead.test(last) ? [last.replace(lead, '')] : last.split(new RegExp(`\\s+${word}\\s+`)))];
}

const joined = (rest: string[], word: string) =>
  rest.length === 0 ? '' : `${rest.length > 1 ? `, ${rest.slice(0, -1).join(', ')}` : ''} ${word} ${rest.at(-1)}`;

/** What the overlays add to an operation, as a paragraph of its description. */
function fromOverlays(changes: CallerChange[]): string {
  if (changes.length === 0) return '';
  return `**From the overlays:** ${changes.map((change) => cell(`${change.what}: a caller ${change.caller}`)).join('; ')}.`;
}

/** For each component (`schemas/Name`), the operations that use it and where its payload travels. */
function componentUsers(document: OpenApiDocument): Map<string, { place: TextPlace; operations: Set<string> }> {
  const users = new Map<string, { place: TextPlace; operations: Set<string> }>();
  const use = (ref: unknown, place: TextPlace, id: string) => {
    if (typeof ref !== 'string' || !ref.startsWith('#/components/')) return;
    const key = ref.split('/').slice(2).join('/');
    const entry = users.get(key) ?? { place, operations: new Set<string>() };
    entry.operations.add(id);
    users.set(key, entry);
  };
  for (const { pathItem, operation } of eachOperation(document)) {
    const id = String(operation.operationId);
    for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])])
      use(isRef(parameter) ? parameter.$ref : undefined, 'operation', id);
    use(isRef(operation.requestBody) ? operation.requestBody.$ref : undefined, 'request fields', id);
    use(deref(document, operation.requestBody)?.content?.['application/json']?.schema?.$ref, 'request fields', id);
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const place = status === 'default' ? 'error fields' : 'response fields';
      use(isRef(response) ? response.$ref : undefined, place, id);
      use(deref(document, response)?.content?.['application/json']?.schema?.$ref, place, id);
    }
  }
  return users;
}

function operationsTagged(document: OpenApiDocument, tag: string): string[] {
  return [...eachOperation(document)].filter(({ operation }) => operation.tags?.includes(tag)).map(({ operation }) => String(operation.operationId));
}
