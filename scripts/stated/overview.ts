// The overview table in info.description: one row per part of the interface document, saying what
// the description specifies of it and what it leaves open. The contract makes every row from the
// facts (the verdict of each part is written here by hand from the interface document; the counts,
// statuses and prefixes come from the description) and faithful/overview
// (scripts/lint/contract/rules/overview-rows.ts) holds the source's table to exactly that table, so
// a row cannot claim more or less than the description does. That the description does what each
// verdict says (no security scheme where authentication is left open ...) is
// faithful/closed-world's: it allows no key that would say more.

import { deref, eachOperation, type OpenApiDocument, type Response, successStatus } from '../openapi-document.ts';
import { capital, listed, none, type OpenPart, type Piece, render } from './open-wordings.ts';

/** The nine parts of the interface document, in its order. */
export const documentParts = [
  'What the service does',
  'Resources and their fields',
  'States and transitions',
  'Endpoints',
  'Authentication',
  'Events',
  'Errors',
  'Limits',
  'Versioning',
] as const;

export type DocumentPart = (typeof documentParts)[number];

/** What the interface document states of each part. */
export const verdicts: Record<DocumentPart, 'Specified' | 'Partly specified' | 'Left open'> = {
  'What the service does': 'Partly specified', // the areas of paths; "Stated purpose ...: not shown"
  'Resources and their fields': 'Partly specified', // the resources the paths name; "Fields of every resource: not shown"
  'States and transitions': 'Left open', // "States of any resource: not shown. Transitions: not shown."
  Endpoints: 'Specified', // the table of operations and its rules
  Authentication: 'Left open', // "Authentication scheme, credential header, and which operation needs which scope: not shown."
  Events: 'Left open', // "Events: not shown."
  Errors: 'Left open', // "Error status codes, error body shape and error conditions: not shown."
  Limits: 'Left open', // "Rate limits, size limits and quota values: not shown."
  Versioning: 'Specified', // the path prefixes; selection, deprecation and compatibility: not shown
};

export const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const code = (text: string) => `\`${text}\``;

/** What the table is made from: each operation with its success status and label, and the number of areas. */
export interface OverviewFacts {
  operations: { path: string; operationId: string; status: string; label: string }[];
  areaCount: number;
}

/** The table's inputs, read from a bundle (or the contract's view of the split source, scripts/lint/contract/view.ts). */
export function overviewFacts(document: OpenApiDocument): OverviewFacts {
  return {
    operations: [...eachOperation(document)].map(({ path, operation }) => {
      const status = successStatus(operation) ?? '';
      return { path, operationId: String(operation.operationId), status, label: String(deref<Response>(document, operation.responses?.[status])?.description) };
    }),
    areaCount: Array.isArray(document.tags) ? document.tags.length : 0,
  };
}

/** "A, B, and C": the Endpoints row's list keeps its serial comma. */
const serial = (items: string[]) => (items.length > 2 ? `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}` : listed(items, 'and'));

/** The success statuses and who answers each, and the path prefixes with the operations of the rarer ones. */
function endpoints(facts: OverviewFacts): { statuses: string; prefixes: string; minority: string } {
  const all = facts.operations;
  const groups = new Map<string, string[]>();
  for (const { status, label, operationId } of all) groups.set(`${status} ${label}`, [...(groups.get(`${status} ${label}`) ?? []), operationId]);
  const [common, ...fewer] = [...groups].sort((a, b) => b[1].length - a[1].length);
  const statuses = [...fewer.map(([label, ids]) => `${code(label)} for ${listed(ids.map(code), 'and')}`), `${code(common?.[0] ?? '')} for the rest`].join(', ');
  const prefixes = [...new Set(all.map(({ path }) => path.split('/')[1]))].sort();
  const operationsUnder = (prefix: string) => all.filter(({ path }) => path.startsWith(`/${prefix}/`)).map(({ operationId }) => code(operationId));
  const minority = prefixes.slice(1).map((prefix) => `${code(`/${prefix}/`)} for ${listed(operationsUnder(prefix), 'and')}`);
  return {
    statuses,
    prefixes: listed(
      prefixes.map((prefix) => code(`/${prefix}/`)),
      'and',
    ),
    minority: minority.length ? ` (${minority.join('; ')})` : '',
  };
}

/** A sentence that says a part is open, and once the overlays fill it in for some operations only, that it is open except there. */
const openExcept = (text: string, added: string, ...parts: OpenPart[]): Piece => ({
  text,
  parts,
  partly: `${text.slice(0, -1)}, except where the overlays add ${added}.`,
});

/** Each part's row after its verdict, as sentences that name the open parts they speak for (open-wordings.ts). */
function rows(facts: OverviewFacts): { part: DocumentPart; content: Piece[] }[] {
  const { statuses, prefixes, minority } = endpoints(facts);
  const areaCount = numberWords[facts.areaCount] ?? String(facts.areaCount);
  const said = (text: string, ...parts: OpenPart[]): Piece => ({ text, parts });
  return [
    {
      part: 'What the service does',
      content: [said(`the ${areaCount} areas of paths, one tag each.`), said("The service's purpose beyond the path names is left open.")],
    },
    {
      part: 'Resources and their fields',
      content: [
        said('one named schema per payload.'),
        openExcept('The fields of every resource are left open.', 'them', 'request fields', 'response fields', 'error fields'),
      ],
    },
    { part: 'States and transitions', content: [] },
    {
      part: 'Endpoints',
      content: [
        said(`the operations of its Endpoints table with their methods, paths, success status and label (${statuses}) and which of them take a request part.`),
        {
          items: [
            {
              text: 'request and response payloads',
              parts: ['request fields', 'response fields'],
              partly: 'request and response payloads the overlays add no fields to',
            },
            {
              text: `the type and format of ${code('id')}`,
              parts: ['id type'],
              partly: `the type and format of ${code('id')} where the overlays do not state them`,
            },
            { text: 'query parameters of list operations', parts: [] },
          ],
          render: (kept) => `${capital(serial(kept))} ${kept.length > 1 ? 'are' : 'is'} left open.`,
        },
      ],
    },
    { part: 'Authentication', content: [openExcept('no security scheme is declared.', 'one', 'authentication')] },
    { part: 'Events', content: [said('no webhook events are declared.')] },
    { part: 'Errors', content: [openExcept(`one ${code('default')} response with any JSON body.`, 'error fields', 'error fields')] },
    { part: 'Limits', content: [said('no rate-limit headers or quota values.')] },
    {
      part: 'Versioning',
      content: [
        said(`the ${prefixes} path prefixes${minority}.`),
        said('Version selection, deprecation and compatibility policy are left open.'),
        said(`${code('info.version')} is the version of this description, not of the service.`),
      ],
    },
  ];
}

/** What the description says of each part, with `filled` filled in for every operation and `partly` for some: an overlaid overview's own words. */
export function overviewContents(facts: OverviewFacts, filled: ReadonlySet<OpenPart>, partly: ReadonlySet<OpenPart> = none): Map<DocumentPart, string> {
  return new Map(rows(facts).map(({ part, content }) => [part, render(content, filled, ' ', partly)]));
}

export const tableHeader = ['| Part of the interface document | What this description specifies |', '|---|---|'];

/** The overview table's lines, as info.description must hold them: the header, the rule, a row per part. */
export function overviewTable(facts: OverviewFacts): string[] {
  return [...tableHeader, ...[...overviewContents(facts, none)].map(([part, content]) => `| ${part} | ${verdicts[part]}${content ? `: ${content}` : '.'} |`)];
}

/** The rows of a table in `description`, by the part they name. */
export function tableRows(description: string): Map<string, string> {
  return new Map(description.split('\n').flatMap((line) => (/^\| ([^|]+?) \| .* \|$/.exec(line) ? [[/^\| ([^|]+?) \|/.exec(line)![1], line] as const] : [])));
}
