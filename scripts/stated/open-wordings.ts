// What the description says is open, written once: the wordings of each text the contract makes,
// keyed by the table (an operation's row, a payload's kind, a fixed component). faithful/prose
// (scripts/lint/contract/rules/closed-prose.ts) requires each text to be its wording exactly, after
// the author's lead where a text has one; the overlaid build (scripts/overlay/overlaid-prose.ts)
// writes the same wording again without the parts the overlays fill in. Each sentence names the
// open parts it speaks for, so neither reads a sentence back to know what it says.
import type { OperationRow } from './operations.ts';

/** An open part of the interface document that an overlay can fill in, and so a sentence can stop saying. */
export type OpenPart = 'authentication' | 'request fields' | 'response fields' | 'error fields' | 'errors' | 'id type';

/**
 * A sentence that stays while one of its parts is still open. Once some of its parts are filled in,
 * or filled in for some operations only (the overview speaks for all of them), it reads `partly`
 * if it has one. An item whose open rest depends on which of its parts are filled in has `rest`
 * instead: once any is, it reads what `rest` gives for those parts (no words: it leaves).
 */
interface Sentence {
  text: string;
  parts: OpenPart[];
  partly?: string;
  rest?: (filled: ReadonlySet<OpenPart>) => string[];
}

/** A list of open parts in one sentence: the filled items leave, the rest stay ("A, B and C are not specified."). */
interface ListSentence {
  items: Sentence[];
  render(kept: string[]): string;
}

export type Piece = Sentence | ListSentence;

export const none: ReadonlySet<OpenPart> = new Set<OpenPart>();
export const listed = (items: string[], word: string) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`);
export const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** The pieces that stay with `filled` filled in, and `partly` filled in for some operations only, as text, joined by `separator`. */
export function render(pieces: Piece[], filled: ReadonlySet<OpenPart>, separator = ' ', partly: ReadonlySet<OpenPart> = none): string {
  const words = ({ text, parts, partly: some, rest }: Sentence): string[] => {
    const touched = new Set(parts.filter((part) => filled.has(part) || partly.has(part)));
    if (rest && touched.size > 0) return rest(touched);
    if (parts.length > 0 && parts.every((part) => filled.has(part))) return [];
    return [parts.some((part) => filled.has(part) || partly.has(part)) ? (some ?? text) : text];
  };
  return pieces
    .flatMap((piece) => {
      if ('text' in piece) return words(piece);
      const kept = piece.items.flatMap(words);
      return kept.length > 0 ? [piece.render(kept)] : [];
    })
    .join(separator);
}

/** "Response fields, errors and required authorization are not specified.", less what is filled in. */
const notSpecified = (items: ListSentence['items']): ListSentence => ({
  items,
  render: (kept) => `${capital(listed(kept, 'and'))} ${kept.length > 1 || /[^s]s$/.test(kept[0]) ? 'are' : 'is'} not specified.`,
});

/** The wording after an operation's lead: its number, its request part by rule 1, and what is open. */
export function operationWording(row: OperationRow, filled: ReadonlySet<OpenPart> = none): string {
  const pieces: Piece[] = [
    { text: `Operation #${row.n} of the interface document, which states its method, path and success label (${row.label}).`, parts: [] },
  ];
  if (row.path.includes('{id}')) pieces.push({ text: '`id` identifies the resource; its type and format are not specified.', parts: ['id type'] });
  if (row.request === 'query')
    pieces.push({ text: 'It has request parameters whose names are not specified: pass any name=value pairs, sent as query parameters.', parts: [] });
  if (row.request === 'id+optional-body') pieces.push({ text: 'It may take a JSON request body whose fields are not specified.', parts: ['request fields'] });
  if (row.request === 'required-body') pieces.push({ text: 'It takes a JSON request body whose fields are not specified.', parts: ['request fields'] });
  // A method that usually carries a body or an id, where rule 1 gives none: the reader is told.
  if (row.request === 'none' && row.method !== 'get' && row.method !== 'delete')
    pieces.push({ text: 'The interface document shows no request part for this operation.', parts: [] });
  if (row.method === 'delete' && !row.path.includes('{id}')) pieces.push({ text: 'Its path has no `id`.', parts: [] });
  pieces.push(
    notSpecified([
      { text: 'response fields', parts: ['response fields'] },
      // An error response an overlay adds leaves the other errors open; an error body's fields, the statuses and conditions.
      {
        text: 'errors',
        parts: ['errors', 'error fields'],
        rest: (filled) => (filled.has('errors') ? ['other errors'] : ['error status codes', 'error conditions']),
      },
      { text: 'required authorization', parts: ['authentication'] },
    ]),
  );
  return render(pieces, filled, '\n');
}

/** The body a payload schema is: a request's, one resource, a list, a delete answer, or the error body. */
export type PayloadKind = 'request' | 'resource' | 'list' | 'delete' | 'error';

/** Which payload a body schema is, from whose body it is (the operationId tells a list and a delete answer). */
export function payloadKind(row: OperationRow | undefined, body: 'request' | 'response'): PayloadKind {
  if (!row) return 'error';
  if (body === 'request') return 'request';
  return /^list[A-Z]/.test(row.operationId) ? 'list' : /^delete[A-Z]/.test(row.operationId) ? 'delete' : 'resource';
}

/** Whether a payload schema's description starts with the author's name for what it holds ("The scopes, as returned by ..."). */
export const payloadHasLead = (kind: PayloadKind) => kind === 'resource' || kind === 'list';

/** A payload schema's description after its lead, if it has one: whose body it is, and that its fields are open. */
export function payloadWording(kind: PayloadKind, operationId: string, filled: ReadonlySet<OpenPart> = none): string {
  const id = `\`${operationId}\``;
  const pieces: Record<PayloadKind, Piece[]> = {
    request: [
      { text: `The request body of ${id}.`, parts: [] },
      { text: 'The interface document does not specify its fields, so any JSON object is accepted.', parts: ['request fields'] },
    ],
    resource: [{ text: 'The interface document does not specify its fields, so any JSON object is accepted.', parts: ['response fields'] }],
    list: [
      {
        text: 'The interface document specifies neither their fields nor the shape of the collection (an array or an envelope object), so any JSON value is accepted.',
        parts: ['response fields'],
      },
    ],
    delete: [
      { text: `The response to ${id}.`, parts: [] },
      { text: 'The interface document does not specify its payload, so any JSON value is accepted.', parts: ['response fields'] },
    ],
    error: [
      { text: 'The body of any response other than the success response.', parts: [] },
      { text: 'The interface document does not specify error bodies or their shape, so any JSON value is accepted.', parts: ['error fields'] },
    ],
  };
  return render(pieces[kind], filled);
}

/** How a payload with a lead joins it to its wording: "The scopes" + ", as returned by `listScopes`." */
export const payloadLeadJoin = (operationId: string) => `, as returned by \`${operationId}\`.`;

/** A payload schema's whole description: the author's lead, its join, then the wording of its kind (with `filled` filled in). */
export const payloadText = (lead: string, kind: PayloadKind, operationId: string, filled: ReadonlySet<OpenPart> = none): string =>
  [`${lead.trim()}${payloadLeadJoin(operationId)}`, payloadWording(kind, operationId, filled)].filter(Boolean).join(' ');

/** The author's lead of a payload schema's description: what comes before its join ('' when the join is not there). */
export const payloadLead = (text: string, operationId: string) => text.slice(0, Math.max(0, text.indexOf(payloadLeadJoin(operationId))));

/** The author's lead of an operation's description: its first paragraph. */
export const operationLead = (description: string) => description.split(/\n\s*\n/)[0];

/** The texts of the shared components and the document's own, by where they are in a bundle (a JSON pointer). */
export function fixedWordings(filled: ReadonlySet<OpenPart> = none): Record<string, string> {
  return {
    '#/info/title': 'Email Delivery Service API',
    '#/info/summary': 'The HTTP interface of the Email Delivery Service, as far as it is specified.',
    '#/servers/0/description':
      "The base URL of the service, which the interface document calls {base_url} and does not state. The default is this project's local mock server.",
    '#/components/parameters/Id/description': render(
      [
        { text: 'Identifies one resource of the kind named before it in the path.', parts: [] },
        { text: 'The interface document does not specify its type or format.', parts: ['id type'] },
        { text: 'It is sent as one percent-encoded path segment, so it cannot be empty, `.` or `..`.', parts: [] },
      ],
      filled,
    ),
    '#/components/parameters/OpenQuery/description':
      'The request parameters of this operation. The interface document states that the operation has request parameters but not their names or values, so any name=value pairs are accepted. Each pair is sent as a plain `name=value` query parameter (`pairs` itself never appears on the wire).',
    '#/components/responses/ErrorResponse/description': render(
      [
        { text: 'Every other response of the operation.', parts: [] },
        {
          items: [
            { text: 'error status codes', parts: ['errors'] },
            { text: "the error body's shape", parts: ['error fields'] },
            { text: 'error conditions', parts: ['errors'] },
          ],
          render: (kept) => `The interface document does not specify ${listed(kept, 'or')}.`,
        },
      ],
      filled,
    ),
    '#/components/schemas/ErrorBody/description': payloadWording('error', '', filled),
  };
}

/** A request body's description, on each operation that takes one. */
export const requestBodyWording = (filled: ReadonlySet<OpenPart> = none) =>
  render([{ text: 'A JSON object whose fields the interface document does not state.', parts: ['request fields'] }], filled);

/**
 * The paragraphs of info.description before the overview table. A description with overlays keeps
 * only the first: it no longer encodes only what the interface document states.
 */
export function introWording(prefixes: string[], overlaid = false): string {
  const code = prefixes.map((prefix) => `\`/${prefix}/\``);
  const lead = `This is the reference description of the Email Delivery Service HTTP interface: the operations its interface document lists, under the ${listed(code, 'and')} path prefixes.`;
  if (overlaid) return lead;
  return `${lead}\n\nIt encodes exactly what the service's interface document states and invents nothing. Where that document says "not shown", this description leaves the part open and says so: payload schemas accept any JSON, and there are no invented fields, status codes, headers or authentication schemes.`;
}

/** What each area's description adds after the paths it holds: the open parts the interface document names for it. */
const areaNotes: Record<string, string> = {
  Webhooks: 'Event kinds, payload shape and delivery rules are not specified.',
  Quotas: 'Quota values and rate limits are not specified.',
};

/** An area tag's description: the paths of its operations, each once, sorted, and its note. */
export function areaWording(area: string, paths: string[]): string {
  return [
    `Operations under ${listed(
      [...new Set(paths)].sort().map((path) => `\`${path}\``),
      'and',
    )}.`,
    areaNotes[area],
  ]
    .filter(Boolean)
    .join(' ');
}

/** The same text, whatever its line breaks: a wording may be wrapped in the source. */
export const sameWords = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();
