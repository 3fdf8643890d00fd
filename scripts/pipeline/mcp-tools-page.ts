// The MCP server's tools, as a page for readers: one row per tool of the table the server serves
// (scripts/mcp/tool-table.ts), with the call it sends, its annotations, whether it is served by
// default, and what it leaves open, read from its schemas. The Markdown reference holds it as
// reference/mcp-tools.md, the rendered docs as mcp-tools.html beside their index.html.
import { forHtml, forMarkdown } from '../escape.ts';
import type { McpToolTable, ToolDefinition } from '../mcp/mcp-server.ts';
import { type DocsPage, docsSidePage } from './interface-document.ts';

export const mcpToolsTitle = "The MCP server's tools";
export const mcpToolsFile = 'mcp-tools.md';
export const mcpToolsHtmlFile = 'mcp-tools.html';

type Schema = Record<string, unknown>;

/** An argument in a few words, and what of it is open. */
function argumentWords(name: string, schema: Schema, required: boolean): string {
  const optional = required ? '' : 'optional, ';
  const properties = Object.keys((schema.properties as Schema | undefined) ?? {});
  if (schema.type === 'object' && properties.length === 0)
    return typeof schema.additionalProperties === 'object'
      ? `\`${name}\` (${optional}any name=value pairs: the names are open)`
      : `\`${name}\` (${optional}a JSON object: its fields are open)`;
  if (schema.type === 'object') {
    const needed = new Set((schema.required as string[] | undefined) ?? []);
    const fields = properties.map((field) => `\`${field}\`${needed.has(field) ? ' (required)' : ''}`).join(', ');
    return `\`${name}\` (${optional}a JSON object of ${fields}${schema.additionalProperties === false ? '' : '; other fields are open'})`;
  }
  const stated = ['format', 'pattern', 'enum', 'const'].some((key) => key in schema);
  return `\`${name}\` (${optional}${String(schema.type ?? 'any type')}${stated ? '' : ': its format is open'})`;
}

/** What the tool does to the service, as its annotations say. */
function annotationWords(tool: ToolDefinition): string {
  const { readOnlyHint, destructiveHint, idempotentHint, openWorldHint } = tool.annotations;
  return [
    readOnlyHint ? 'read-only' : destructiveHint ? 'destructive' : 'writes',
    idempotentHint ? 'idempotent' : 'not idempotent',
    openWorldHint ? 'open world' : 'closed world',
  ].join(', ');
}

const header = ['Tool', 'Area', 'Sends', 'Annotations', 'Served', 'Arguments', 'Answer'];

/** One row's cells, as Markdown text (code spans and escaped words). */
function cells(tool: ToolDefinition): string[] {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((tool.inputSchema.required as string[] | undefined) ?? []);
  const args = Object.entries(properties).map(([name, schema]) => argumentWords(name, schema, required.has(name)));
  const output = Object.keys((tool.outputSchema?.properties as Schema | undefined) ?? {});
  return [
    `\`${tool.name}\``,
    tool.tags.map(forMarkdown).join(', '),
    `\`${tool.method} ${tool.path}\``,
    annotationWords(tool),
    tool.annotations.readOnlyHint ? 'by default' : 'with `--allow-writes`',
    args.join('; ') || 'none',
    tool.outputSchema
      ? `structured, by its output schema: ${output.map((field) => `\`${field}\``).join(', ')}`
      : 'as text, with no output schema: its fields are open',
  ];
}

/** The page's opening paragraph, in Markdown. */
const introduction = (table: McpToolTable, command: string) =>
  `The MCP server of the ${forMarkdown(table.title)} ${forMarkdown(table.version)} (\`${command}\`, \`npm run mcp\` in a clone) serves ` +
  `one tool per operation, named by its operationId. Read-only by default: a tool served "with \`--allow-writes\`" is served only ` +
  'when the server is started with that option. The annotations are the hints a client shows before a call; the arguments and ' +
  "the answer say what each tool leaves open, as its schemas do. Each tool's description, which an agent reads, is its " +
  "operation's in the reference as plain text, and says how the server sends the credentials where the description declares any.";

/** reference/mcp-tools.md. */
export function mcpToolsMarkdown(table: McpToolTable, command: string): string {
  return [
    `# ${mcpToolsTitle}`,
    '',
    introduction(table, command),
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...table.tools.map((tool) => `| ${cells(tool).join(' | ')} |`),
    '',
  ].join('\n');
}

/** Markdown text of a cell or paragraph as HTML: escaped, code spans as <code>, backslash escapes undone. */
const html = (markdown: string) =>
  markdown
    .split(/(`[^`]*`)/)
    .map((part) => (part.startsWith('`') ? `<code>${forHtml(part.slice(1, -1))}</code>` : forHtml(part.replace(/\\(.)/g, '$1'))))
    .join('');

/** The docs' mcp-tools.html: the same page, self-contained (no script, no request), beside the rendered docs, with their navigation `nav`. */
export function mcpToolsHtml(table: McpToolTable, command: string, nav: DocsPage[] = []): string {
  return docsSidePage(
    mcpToolsTitle,
    { width: '90em', cell: ';vertical-align:top' },
    [
      `<p>${html(introduction(table, command))}</p>`,
      `<table><thead><tr>${header.map((h) => `<th>${forHtml(h)}</th>`).join('')}</tr></thead><tbody>`,
      ...table.tools.map(
        (tool) =>
          `<tr id="${forHtml(tool.name)}">${cells(tool)
            .map((cell) => `<td>${html(cell)}</td>`)
            .join('')}</tr>`,
      ),
      '</tbody></table>',
    ],
    nav,
  );
}

/** A copy of the docs' input whose info.description opens with a link to the tools' page beside it. */
export function withMcpToolsLink<T extends { info?: { description?: string } }>(document: T): T {
  const copy = structuredClone(document);
  const link = `[${mcpToolsTitle}](${mcpToolsHtmlFile}): the operations as tools for AI agents, each with its annotations and what it leaves open.`;
  if (copy.info) copy.info.description = `${link}\n\n${copy.info.description ?? ''}`;
  return copy;
}
