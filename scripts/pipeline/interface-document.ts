// What the interface document states, as a page for readers: made from the project's own table of
// its operations (scripts/stated/operations.ts) and its parts with their verdicts
// (scripts/stated/overview.ts), in the project's own words, nothing else. The Markdown
// reference holds it as reference/interface-document.md, the rendered docs as
// docs/interface-document.html beside index.html; each "Operation #N of the interface document" in
// an operation's description links to its row (`withOperationLinks`).
import { operations, type OperationRow, type RequestPart } from '../stated/operations.ts';
import { documentParts, numberWords, verdicts } from '../stated/overview.ts';
import { forHtml, forMarkdown } from '../escape.ts';
import { type OpenApiDocument, operationAt } from '../openapi-document.ts';
import { listOperations } from './bundle-operations.ts';

export const interfaceDocumentTitle = 'What the interface document states';
export const interfaceDocumentFile = 'interface-document.md';
export const interfaceDocumentHtmlFile = 'interface-document.html';

/** The anchor of an operation's row. */
export const rowAnchor = (n: number) => `operation-${n}`;

/** Whether a request part is shown, and how the description encodes it (the words of scripts/stated/operations.ts). */
const requestWords: Record<RequestPart, string> = {
  none: 'none shown', // rule 1's "show none"
  id: 'shown: the `id` path parameter',
  query: 'shown: request parameters whose names are open',
  'id+optional-body': 'shown: `id` and an optional JSON body',
  'required-body': 'shown: a required JSON body',
};

const count = (n: number) => numberWords[n] ?? String(n);

/** The page's opening paragraph. */
const introduction = () =>
  `The interface document lists ${count(operations.length)} operations and ${count(documentParts.length)} parts. ` +
  'This page is made from the table of them that the project writes by hand from the interface document and that lint holds ' +
  'the description to: what the document states of each part, then each operation with its number, method, path, success label ' +
  'and whether a request part is shown.';

const partCells = () => documentParts.map((part) => [part, verdicts[part]]);
const operationHeader = ['#', 'Method', 'Path', 'Success label', 'Request part', 'operationId', 'Area'];
/** The collection an operation named by method only belongs to (its path without `/{id}`): its number. */
const collectionOf = (row: OperationRow) => operations.find((other) => other.path === row.path.replace(/\/\{id\}$/, ''))?.n;

const operationCells = (row: OperationRow) => [
  String(row.n),
  row.method.toUpperCase(),
  row.path,
  row.methodOnly ? `\`${row.status} ${row.label}\` (listed alongside #${collectionOf(row)} only by method)` : `\`${row.status} ${row.label}\``,
  row.methodOnly ? `in neither list of rule 1; the description: ${requestWords[row.request].replace(/^(none shown|shown: )/, '')}` : requestWords[row.request],
  row.operationId,
  row.area,
];

/** reference/interface-document.md: the parts' verdicts, then a row per operation, each with its anchor. */
export function interfaceDocumentMarkdown(): string {
  const code = (text: string) => `\`${text}\``;
  return [
    `# ${interfaceDocumentTitle}`,
    '',
    introduction(),
    '',
    '## The parts',
    '',
    '| Part of the interface document | What it states |',
    '| --- | --- |',
    ...partCells().map(([part, verdict]) => `| ${part} | ${verdict} |`),
    '',
    '## The operations',
    '',
    `| ${operationHeader.join(' | ')} |`,
    `| ${operationHeader.map(() => '---').join(' | ')} |`,
    ...operations.map((row) => {
      const [n, method, path, success, request, operationId, area] = operationCells(row);
      return `| <a id="${rowAnchor(row.n)}"></a>${n} | ${code(method)} | ${code(path)} | ${success} | ${request} | ${code(operationId)} | ${forMarkdown(area)} |`;
    }),
    '',
  ].join('\n');
}

/** docs/interface-document.html: the same page, self-contained (no script, no request), beside the rendered docs. */
export function interfaceDocumentHtml(): string {
  const cell = (text: string) => forHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
  const table = (header: string[], rows: string[][], anchors?: string[]) =>
    [
      `<table><thead><tr>${header.map((h) => `<th>${forHtml(h)}</th>`).join('')}</tr></thead><tbody>`,
      ...rows.map((cells, i) => `<tr${anchors ? ` id="${anchors[i]}"` : ''}>${cells.map((c) => `<td>${cell(c)}</td>`).join('')}</tr>`),
      '</tbody></table>',
    ].join('\n');
  return docsSidePage(interfaceDocumentTitle, { width: '70em', more: 'tr:target{background:#fff3c4}' }, [
    `<p>${forHtml(introduction())}</p>`,
    '<h2>The parts</h2>',
    table(['Part of the interface document', 'What it states'], partCells()),
    '<h2>The operations</h2>',
    table(
      operationHeader,
      operations.map(operationCells),
      operations.map((row) => rowAnchor(row.n)),
    ),
  ]);
}

/**
 * A page beside the rendered docs, self-contained (no script, no request: its policy forbids
 * them): its title, a link back to the reference, then `body`. `style` sets its width, adds to its
 * cells' style (`cell`) and adds rules (`more`).
 */
export function docsSidePage(title: string, style: { width: string; cell?: string; more?: string }, body: string[]): string {
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>${forHtml(title)}</title>`,
    `<style>body{font-family:sans-serif;margin:2em;max-width:${style.width}}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3em .6em;text-align:left${style.cell ?? ''}}${style.more ?? ''}</style>`,
    '</head>',
    '<body>',
    '<p><a href="index.html">The reference</a></p>',
    `<h1>${forHtml(title)}</h1>`,
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** `text` with each "Operation #N of the interface document" a link to the row of #N in `page`. */
export function withOperationLinks(text: string, page: string): string {
  return text.replace(
    /\bOperation #(\d+) of the interface document/g,
    (_whole, n: string) => `[Operation #${n}](${page}#${rowAnchor(Number(n))}) of the interface document`,
  );
}

/**
 * A copy of `bundle` for the rendered docs: each operation's "Operation #N" links to its row in
 * docs/interface-document.html, and info.description opens with a link to that page.
 */
export function withInterfaceDocumentLinks(bundle: OpenApiDocument): OpenApiDocument {
  const copy = structuredClone(bundle);
  for (const { path, method } of listOperations(copy)) {
    const source = operationAt(copy, path, method);
    if (typeof source?.description === 'string') source.description = withOperationLinks(source.description, interfaceDocumentHtmlFile);
  }
  const link = `[${interfaceDocumentTitle}](${interfaceDocumentHtmlFile}): each part's verdict, and each operation as the project's table holds it.`;
  if (copy.info) copy.info.description = `${link}\n\n${copy.info.description ?? ''}`;
  return copy;
}
