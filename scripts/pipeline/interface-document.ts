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
import { listOperations } from '../bundle-operations.ts';

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

/** docs/interface-document.html: the same page, self-contained (no script, no request), beside the rendered docs, with their navigation `nav`. */
export function interfaceDocumentHtml(nav: DocsPage[] = []): string {
  const cell = (text: string) => forHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
  const table = (header: string[], rows: string[][], anchors?: string[]) =>
    [
      `<table><thead><tr>${header.map((h) => `<th>${forHtml(h)}</th>`).join('')}</tr></thead><tbody>`,
      ...rows.map((cells, i) => `<tr${anchors ? ` id="${anchors[i]}"` : ''}>${cells.map((c) => `<td>${cell(c)}</td>`).join('')}</tr>`),
      '</tbody></table>',
    ].join('\n');
  return docsSidePage(
    interfaceDocumentTitle,
    { width: '70em', more: 'tr:target td{background:#fff3c4}' },
    [
      `<p>${forHtml(introduction())}</p>`,
      '<h2>The parts</h2>',
      table(['Part of the interface document', 'What it states'], partCells()),
      '<h2>The operations</h2>',
      table(
        operationHeader,
        operations.map(operationCells),
        operations.map((row) => rowAnchor(row.n)),
      ),
    ],
    nav,
  );
}

/** A page of the rendered docs, as the side pages' navigation links it. */
export interface DocsPage {
  file: string;
  title: string;
}

/** Redoc's own font stacks (its --font-family-base and --font-family-monospaced), so a side page reads as the reference does. */
const fonts = {
  text: "system-ui,-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Oxygen,Ubuntu,Cantarell,'Fira Sans','Droid Sans','Helvetica Neue',Arial,sans-serif",
  code: "ui-monospace,Menlo,Monaco,'Cascadia Mono','Segoe UI Mono','Roboto Mono','Oxygen Mono','Ubuntu Mono','Fira Mono','Droid Sans Mono','Courier New',monospace",
};

/**
 * The side pages' style: the rendered reference's look (Redoc's fonts, text, link and code colours,
 * its rounded tables and its sidebar), in a few rules of the page's own, since the page loads
 * nothing. `width` is the content's widest, `cell` adds to the cells' style, `more` adds rules.
 */
function sidePageStyle(style: { width: string; cell?: string; more?: string }): string {
  return [
    `*{box-sizing:border-box}body{margin:0;font-family:${fonts.text};font-size:14px;line-height:1.6;color:#3b3c45;background:#fff}`,
    'nav{position:fixed;top:0;left:0;bottom:0;width:280px;padding:16px;border-right:1px solid #ededf2;overflow:auto}',
    'nav ul{list-style:none;margin:0;padding:0}nav a{display:block;margin:2px 0;padding:6px 12px;border-radius:8px;color:#3b3c45;text-decoration:none}',
    'nav a:hover{background:#f5f5f7}nav a[aria-current=page]{background:#ededf2;color:#1a1c21;font-weight:500}',
    `main{margin-left:280px;padding:32px 64px;max-width:calc(280px + ${style.width})}`,
    '@media (max-width:800px){nav{position:static;width:auto;border-right:0;border-bottom:1px solid #ededf2}main{margin-left:0;padding:16px}}',
    'h1{font-size:36px;line-height:44px;font-weight:600;color:#1a1c21;margin:16px 0}h2{font-size:24px;font-weight:600;color:#1a1c21;margin:32px 0 12px}',
    'a{color:#1f7cff;text-underline-offset:4px}',
    `code{font-family:${fonts.code};font-size:12px;background:#ededf2;border-radius:4px;padding:3px 4px}`,
    'table{border-collapse:separate;border-spacing:0;border:1px solid #ededf2;border-radius:12px}',
    `td,th{padding:8px 12px;text-align:left;border-bottom:1px solid #ededf2${style.cell ?? ''}}tbody tr:last-child td{border-bottom:0}th{font-weight:500;color:#1a1c21}`,
    style.more ?? '',
  ].join('');
}

/**
 * A page beside the rendered docs, self-contained (no script, no request: its policy forbids
 * them), in the reference's look: a sidebar that links the docs' pages (`nav`, this one marked
 * current; by default the reference alone), then its title and `body`.
 */
export function docsSidePage(title: string, style: { width: string; cell?: string; more?: string }, body: string[], nav: DocsPage[] = []): string {
  const pages = nav.length > 0 ? nav : [{ file: 'index.html', title: 'The reference' }];
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    `<title>${forHtml(title)}</title>`,
    `<style>${sidePageStyle(style)}</style>`,
    '</head>',
    '<body>',
    '<nav aria-label="The docs"><ul>',
    ...pages.map((page) => `<li><a href="${forHtml(page.file)}"${page.title === title ? ' aria-current="page"' : ''}>${forHtml(page.title)}</a></li>`),
    '</ul></nav>',
    '<main>',
    `<h1>${forHtml(title)}</h1>`,
    ...body,
    '</main>',
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
