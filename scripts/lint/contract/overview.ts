// The overview table in info.description: one row per part of the interface document, saying what
// the description specifies of it and what it leaves open. The contract makes every row from the
// facts (the verdict of each part is written here by hand from the interface document; the counts,
// statuses and prefixes come from the description) and faithful/overview (rules/overview-rows.ts) holds
// the source's table to exactly that table, so a row cannot claim more or less than the
// description does. That the description does what each verdict says (no security scheme where
// authentication is left open ...) is faithful/closed-world's: it allows no key that would say more.

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
const listed = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** What the table is made from: each operation with its success status and label, and the number of areas. */
export interface OverviewFacts {
  operations: { path: string; operationId: string; status: string; label: string }[];
  areaCount: number;
}

/** Each part's row after its verdict. */
function rows(facts: OverviewFacts): { part: DocumentPart; content: string }[] {
  const all = facts.operations;
  const groups = new Map<string, string[]>();
  for (const { status, label, operationId } of all) groups.set(`${status} ${label}`, [...(groups.get(`${status} ${label}`) ?? []), operationId]);
  const [common, ...fewer] = [...groups].sort((a, b) => b[1].length - a[1].length);
  const statuses = [...fewer.map(([label, ids]) => `${code(label)} for ${listed(ids.map(code))}`), `${code(common?.[0] ?? '')} for the rest`].join(', ');
  const prefixes = [...new Set(all.map(({ path }) => path.split('/')[1]))].sort();
  const minority = prefixes
    .slice(1)
    .map(
      (prefix) => `${code(`/${prefix}/`)} for ${listed(all.filter(({ path }) => path.startsWith(`/${prefix}/`)).map(({ operationId }) => code(operationId)))}`,
    );
  const areaCount = numberWords[facts.areaCount] ?? String(facts.areaCount);
  return [
    { part: 'What the service does', content: `the ${areaCount} areas of paths, one tag each. The service's purpose beyond the path names is left open.` },
    { part: 'Resources and their fields', content: 'one named schema per payload. The fields of every resource are left open.' },
    { part: 'States and transitions', content: '' },
    {
      part: 'Endpoints',
      content:
        `the operations of its Endpoints table with their methods, paths, success status and label (${statuses}) and which of them take a request part. ` +
        `Request and response payloads, the type and format of ${code('id')}, and query parameters of list operations are left open.`,
    },
    { part: 'Authentication', content: 'no security scheme is declared.' },
    { part: 'Events', content: 'no webhook events are declared.' },
    { part: 'Errors', content: `one ${code('default')} response with any JSON body.` },
    { part: 'Limits', content: 'no rate-limit headers or quota values.' },
    {
      part: 'Versioning',
      content:
        `the ${listed(prefixes.map((prefix) => code(`/${prefix}/`)))} path prefixes${minority.length ? ` (${minority.join('; ')})` : ''}. ` +
        `Version selection, deprecation and compatibility policy are left open. ${code('info.version')} is the version of this description, not of the service.`,
    },
  ];
}

const tableHeader = ['| Part of the interface document | What this description specifies |', '|---|---|'];

/** The overview table's lines, as info.description must hold them: the header, the rule, a row per part. */
export function overviewTable(facts: OverviewFacts): string[] {
  return [...tableHeader, ...rows(facts).map(({ part, content }) => `| ${part} | ${verdicts[part]}${content ? `: ${content}` : '.'} |`)];
}

/** The rows of a table in `description`, by the part they name. */
export function tableRows(description: string): Map<string, string> {
  return new Map(description.split('\n').flatMap((line) => (/^\| ([^|]+?) \| .* \|$/.exec(line) ? [[/^\| ([^|]+?) \|/.exec(line)![1], line] as const] : [])));
}

/** Whether `line` is a row of the overview table, its header or its rule: faithful/overview holds those, not the prose rules. */
export function isOverviewLine(line: string): boolean {
  return tableHeader.includes(line) || documentParts.some((part) => line.startsWith(`| ${part} | `));
}
