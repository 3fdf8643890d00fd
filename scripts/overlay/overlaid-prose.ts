// The texts of a description with overlays say what the overlays state, and nothing that
// contradicts it: where an overlay fills in a part the description leaves open for an operation
// (its credentials, a payload's fields, the type of its `id`), each text the contract wrote is
// written again by its key (scripts/stated/open-wordings.ts) without the sentences, or
// the items of a list, that speak for that part: in the operation's texts, in the payloads and
// parameters it uses, and in the document's own. A text an overlay rewrote is left as it is. The
// operation's description then says what the overlays add. Every artifact is built from these
// texts: the HTML docs, the Markdown reference and llms.txt, the types' comments.
import { deref, eachOperation, isRef, nodeAt, type OpenApiDocument } from '../openapi-document.ts';
import {
  fixedWordings,
  introWording,
  type OpenPart,
  operationLead,
  operationWording,
  payloadHasLead,
  payloadKind,
  payloadLead,
  payloadText,
  payloadWording,
  requestBodyWording,
  sameWords,
} from '../stated/open-wordings.ts';
import { rowOf } from '../stated/operations.ts';
import { payloadSchemaOwners } from '../lint/contract/payloads.ts';
import type { CallerChange } from './caller-changes.ts';
import { filledParts } from './open-parts.ts';
import { cell } from './overlay-changes.ts';

/** Sets `holder[key]` to `now` (or removes it when empty) where it still reads `was`: a text an overlay wrote stays. */
function reword(holder: unknown, key: string, was: string, now: string): void {
  const node = holder as Record<string, unknown> | undefined;
  if (typeof node?.[key] !== 'string' || !sameWords(node[key], was)) return;
  if (now) node[key] = now;
  else delete node[key];
}

/** Rewrites the texts of `overlaid` in place for the parts `changes` fill in. */
export function reconcileProse(overlaid: OpenApiDocument, changes: CallerChange[]): void {
  const filled = filledParts(overlaid, changes);
  const union = (ids: Iterable<string>) => new Set([...ids].flatMap((id) => [...(filled.get(id) ?? [])]));
  for (const { path, method, operation } of eachOperation(overlaid)) {
    const row = rowOf(path, method);
    const id = String(operation.operationId);
    const parts = filled.get(id) ?? new Set<OpenPart>();
    if (row && typeof operation.description === 'string') {
      const lead = operationLead(operation.description);
      reword(operation, 'description', `${lead}\n\n${operationWording(row)}`, `${lead.trim()}\n\n${operationWording(row, parts)}`);
    }
    operation.description = [operation.description, fromOverlays(changes.filter((change) => change.operationId === id))].filter(Boolean).join('\n\n');
    if (operation.requestBody && !isRef(operation.requestBody)) reword(operation.requestBody, 'description', requestBodyWording(), requestBodyWording(parts));
  }
  const users = componentUsers(overlaid);
  // A shared component's text speaks for every operation that uses it: a part leaves it only once each has it filled in.
  const common = (ids: Iterable<string>) => {
    const sets = [...ids].map((id) => filled.get(id) ?? new Set<OpenPart>());
    return new Set(sets.length === 0 ? [] : [...sets[0]].filter((part) => sets.every((parts) => parts.has(part))));
  };
  // An overlay may rename an operationId (--allow-operation-changes): its schemas are still its row's.
  for (const [name, { row, body }] of payloadSchemaOwners(overlaid, { renamed: true })) {
    const schema = overlaid.components?.schemas?.[name] as { description?: unknown } | undefined;
    const kind = payloadKind(row, body);
    const parts = common(users.get(`schemas/${name}`) ?? []);
    const operationId = row?.operationId ?? '';
    if (!row || !payloadHasLead(kind)) {
      reword(schema, 'description', payloadWording(kind, operationId), payloadWording(kind, operationId, parts));
      continue;
    }
    const lead = payloadLead(typeof schema?.description === 'string' ? schema.description : '', operationId);
    reword(schema, 'description', payloadText(lead, kind, operationId), payloadText(lead, kind, operationId, parts));
  }
  const all = union(filled.keys());
  for (const [at, was] of Object.entries(fixedWordings())) {
    const segments = at.split('/').slice(1);
    const key = segments.pop()!;
    const component = segments[0] === 'components' ? users.get(`${segments[1]}/${segments[2]}`) : undefined;
    reword(nodeAt(overlaid, `#/${segments.join('/')}`), key, was, fixedWordings(component ? common(component) : all)[at]);
  }
  rewordIntro(overlaid);
}

/** info.description's paragraphs before the overview table, as a description with overlays has them. */
function rewordIntro(overlaid: OpenApiDocument): void {
  const description = overlaid.info?.description;
  if (typeof description !== 'string') return;
  const table = description.indexOf('\n|');
  if (table === -1) return;
  const prefixes = [...new Set([...eachOperation(overlaid)].map(({ path }) => path.split('/')[1]))].sort();
  const holder = { intro: description.slice(0, table) };
  reword(holder, 'intro', introWording(prefixes), introWording(prefixes, true));
  overlaid.info!.description = `${holder.intro.trimEnd()}\n\n${description.slice(table + 1)}`;
}

/** What the overlays add to an operation, as a paragraph of its description. */
function fromOverlays(changes: CallerChange[]): string {
  if (changes.length === 0) return '';
  return `**From the overlays:** ${changes.map((change) => cell(`${change.what}: a caller ${change.caller}`)).join('; ')}.`;
}

/** For each component (`schemas/Name`), the operations that use it. */
function componentUsers(document: OpenApiDocument): Map<string, Set<string>> {
  const users = new Map<string, Set<string>>();
  const use = (ref: unknown, id: string) => {
    if (typeof ref !== 'string' || !ref.startsWith('#/components/')) return;
    const key = ref.split('/').slice(2).join('/');
    users.set(key, (users.get(key) ?? new Set()).add(id));
  };
  for (const { pathItem, operation } of eachOperation(document)) {
    const id = String(operation.operationId);
    for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) use(isRef(parameter) ? parameter.$ref : undefined, id);
    for (const body of [operation.requestBody, ...Object.values(operation.responses ?? {})]) {
      use(isRef(body) ? body.$ref : undefined, id);
      use(deref(document, body)?.content?.['application/json']?.schema?.$ref, id);
    }
  }
  return users;
}
