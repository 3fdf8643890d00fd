// The overview table in info.description: one row per part of the interface document, saying what
// the description specifies of it and what it leaves open. The contract makes every row from the
// facts (the verdict of each part is written here by hand from the interface document; the counts,
// statuses and prefixes come from the bundle) and the source's table must be exactly that table,
// so a row cannot claim more or less than the description does. The bundle must also do what each
// verdict says (no security scheme where authentication is left open, and so on).
import { deref, eachOperation, type Json, pointer } from '../../openapi-document.ts';
import type { Breaches } from './contract.ts';

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
  Endpoints: 'Specified', // the table of 29 operations and its rules
  Authentication: 'Left open', // "Authentication scheme, credential header, and which operation needs which scope: not shown."
  Events: 'Left open', // "Events: not shown."
  Errors: 'Left open', // "Error status codes, error body shape and error conditions: not shown."
  Limits: 'Left open', // "Rate limits, size limits and quota values: not shown."
  Versioning: 'Specified', // the path prefixes; selection, deprecation and compatibility: not shown
};

export const numberWords = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const code = (text: string) => `\`${text}\``;
const listed = (items: string[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

interface Row {
  part: DocumentPart;
  /** What the row says after its verdict. */
  content: string;
  /** Whether the bundle does what the verdict and content say. */
  holds: boolean;
}

function rows(document: Json): Row[] {
  const all = [...eachOperation(document)];
  const responses = all.map(({ operation }) => operation.responses ?? {});
  const successOf = (r: Json) => Object.keys(r).find((status) => /^2\d\d$/.test(status)) ?? '';
  const groups = new Map<string, string[]>();
  for (const { operation } of all) {
    const status = successOf(operation.responses ?? {});
    const label = `${status} ${deref(document, operation.responses?.[status])?.description}`;
    groups.set(label, [...(groups.get(label) ?? []), operation.operationId]);
  }
  const [common, ...fewer] = [...groups].sort((a, b) => b[1].length - a[1].length);
  const statuses = [...fewer.map(([label, ids]) => `${code(label)} for ${listed(ids.map(code))}`), `${code(common?.[0] ?? '')} for the rest`].join(', ');
  const prefixes = [...new Set(all.map(({ path }) => path.split('/')[1]))].sort();
  const minority = prefixes
    .slice(1)
    .map(
      (prefix) =>
        `${code(`/${prefix}/`)} for ${listed(all.filter(({ path }) => path.startsWith(`/${prefix}/`)).map(({ operation }) => code(operation.operationId)))}`,
    );
  const everyOperation = (test: (operation: Json) => boolean) => all.every(({ operation }) => test(operation));
  const schemas = Object.values<Json>(document.components?.schemas ?? {});
  const text = JSON.stringify(document);
  const areaCount = numberWords[document.tags?.length ?? 0] ?? String(document.tags?.length);
  return [
    {
      part: 'What the service does',
      content: `the ${areaCount} areas of paths, one tag each. The service's purpose beyond the path names is left open.`,
      holds: everyOperation((o) => o.tags?.length === 1),
    },
    {
      part: 'Resources and their fields',
      content: 'one named schema per payload. The fields of every resource are left open.',
      holds: schemas.every((schema) => schema?.properties === undefined && schema?.required === undefined),
    },
    { part: 'States and transitions', content: '', holds: !/"enum"\s*:\s*\[(?!"\.","\.\.")/.test(text) },
    {
      part: 'Endpoints',
      content:
        `the ${all.length} operations with their methods, paths, success status and label (${statuses}) and which of them take a request part. ` +
        `Request and response payloads, the type and format of ${code('id')}, and query parameters of list operations are left open.`,
      holds: all.length > 0,
    },
    { part: 'Authentication', content: 'no security scheme is declared.', holds: !/"security(Schemes)?"\s*:/.test(text) },
    { part: 'Events', content: 'no webhook events are declared.', holds: document.webhooks === undefined && !/"callbacks"\s*:/.test(text) },
    {
      part: 'Errors',
      content: `one ${code('default')} response with any JSON body.`,
      holds:
        responses.every(
          (r) =>
            Object.keys(r)
              .filter((status) => status !== successOf(r))
              .join() === 'default',
        ) && document.components?.schemas?.ErrorBody?.type === undefined,
    },
    { part: 'Limits', content: 'no rate-limit headers or quota values.', holds: !/"headers"\s*:/.test(text) },
    {
      part: 'Versioning',
      content:
        `the ${listed(prefixes.map((prefix) => code(`/${prefix}/`)))} path prefixes${minority.length ? ` (${minority.join('; ')})` : ''}. ` +
        `Version selection, deprecation and compatibility policy are left open. ${code('info.version')} is the version of this description, not of the service.`,
      holds: !/"deprecated"\s*:/.test(text),
    },
  ];
}

const tableHeader = ['| Part of the interface document | What this description specifies |', '|---|---|'];

/** The overview table's lines, as info.description must hold them: the header, the rule, a row per part. */
export function overviewTable(document: Json): string[] {
  return tableLines(rows(document));
}

const tableLines = (made: Row[]) => [...tableHeader, ...made.map(({ part, content }) => `| ${part} | ${verdicts[part]}${content ? `: ${content}` : '.'} |`)];

/** Holds the table in info.description to `overviewTable`, and the bundle to each row's verdict. */
export function overviewBreaches(document: Json, breaches: Breaches): void {
  const description = String(document.info?.description ?? '');
  const lines = description.split('\n');
  const made = rows(document);
  const expected = tableLines(made);
  const at = pointer('info', 'description');
  const found = new Map(lines.flatMap((line) => (/^\| ([^|]+?) \| .* \|$/.exec(line) ? [[/^\| ([^|]+?) \|/.exec(line)![1], line] as const] : [])));
  for (const [index, part] of documentParts.entries()) {
    const want = expected[index + 2];
    const line = found.get(part);
    if (line === undefined) breaches.that('faithful/overview', at, `the overview names the part "${part}" in a row of its own: ${want}`, false);
    else if (line !== want)
      breaches.list.push({ rule: 'faithful/overview', pointer: at, text: line, message: `the overview's "${part}" row must read: ${want}` });
  }
  const extra = [...found.keys()].filter((part) => part !== 'Part of the interface document' && !(documentParts as readonly string[]).includes(part));
  for (const part of extra)
    breaches.list.push({
      rule: 'faithful/overview',
      pointer: at,
      text: found.get(part),
      message: `the overview has one row per part of the interface document, and "${part}" is not one`,
    });
  for (const { part, holds } of made)
    breaches.that('faithful/overview', at, `the overview's "${part}" row says "${verdicts[part]}", which the bundle does not do`, holds);
}

/** Whether `line` is a row of the overview table, its header or its rule: faithful/overview holds those, not the prose rules. */
export function isOverviewLine(line: string): boolean {
  return tableHeader.includes(line) || documentParts.some((part) => line.startsWith(`| ${part} | `));
}
