// The Markdown reference, for readers on GitHub and for agents (llms.txt): an index page and one page
// per area under reference/, and llms.txt and llms-full.txt beside them. Rendered only from the
// bundle: every sentence is the bundle's own text or a fact read from it (method, path, status,
// parameter, body), and the code samples are the HTML docs' own. The page of what the interface
// document states is made from the project's table (interface-document.ts).
import GithubSlugger from 'github-slugger';
import { clientPackage, curlSample, sampleFacts, sdkSampleFacts, typescriptSample } from './code-samples.ts';
import { sampleLanguages } from './sdk-samples.ts';
import { placeholderModule } from '../languages/go/go-sdk.ts';
import {
  deref,
  type Info,
  type MediaType,
  type OpenApiDocument,
  type Operation as OperationNode,
  operationAt,
  operationParameters,
  type Parameter,
  pathItemAt,
  type Referenced,
  type Response,
  type Schema,
} from '../openapi-document.ts';
import { listOperations, type Operation } from '../bundle-operations.ts';
import { interfaceDocumentFile, interfaceDocumentMarkdown, interfaceDocumentTitle, withOperationLinks } from './interface-document.ts';
import { overlayTargetsFile, overlayTargetsMarkdown } from './overlay-targets.ts';
import { mcpCommandOf } from '../mcp/mcp-bin-name.ts';
import { mcpToolTable } from '../mcp/tool-table.ts';
import { mcpToolsFile, mcpToolsMarkdown, mcpToolsTitle } from './mcp-tools-page.ts';

/** The file name of an area's page: its tag, lower-cased, words joined by hyphens. */
export const areaFile = (tag: string) => `${new GithubSlugger().slug(tag)}.md`;

/** Text from the bundle on one line (descriptions are folded YAML or Markdown paragraphs); none when absent. */
const oneLine = (text: string | undefined) => (text ?? '').replace(/\s*\n\s*/g, ' ').trim();

/** A table's delimiter row with a space inside each pipe (`| --- |`), as the Markdown linter asks; the same table. */
const spacedDelimiters = (markdown: string) =>
  markdown.replace(
    /^\|(?:\s*:?-+:?\s*\|)+$/gm,
    (row) =>
      `| ${row
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim())
        .join(' | ')} |`,
  );

/** The schema a media type names, with its description: `` `Name`: description ``. */
function schemaLine(document: OpenApiDocument, content: Record<string, MediaType> | undefined): string {
  const [mediaType, media] = Object.entries(content!)[0];
  const name = String((media.schema as { $ref?: string }).$ref)
    .split('/')
    .pop();
  const description = oneLine(deref(document, media.schema)!.description);
  return `\`${mediaType}\`, schema \`${name}\`${description ? `: ${description}` : ''}`;
}

/**
 * The fields of the schema a media type names, one nested list item each, when it has any (the
 * description's schemas have none: the interface document states no field; an overlay may add some).
 */
function fieldLines(document: OpenApiDocument, content: Record<string, MediaType> | undefined): string[] {
  const schema = deref(document, Object.values(content!)[0].schema);
  const required = new Set<string>(Array.isArray(schema?.required) ? schema.required : []);
  return Object.entries(schema?.properties ?? {}).map(([name, node]) => {
    const field = deref(document, node)!;
    const type = [field.type, field.format].filter((part) => typeof part === 'string').join(', ');
    const values = Array.isArray(field.enum) ? `, one of ${field.enum.map((value: unknown) => `\`${String(value)}\``).join(', ')}` : '';
    return `  - Field \`${name}\` (${type ? `${type}, ` : ''}${required.has(name) ? 'required' : 'optional'}${values})${oneLine(field.description) ? `: ${oneLine(field.description)}` : ''}`;
  });
}

/** A schema in a few words: `string`, `string, date-time`, `array of string`, `object of string`. */
function schemaWords(document: OpenApiDocument, node: Referenced<Schema> | boolean | undefined): string {
  const schema: Schema = typeof node === 'boolean' ? {} : (deref(document, node) ?? {});
  const type = (Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type) as string | undefined;
  if (type === 'array') return `array of ${schemaWords(document, schema.items)}`;
  if (type === 'object' && typeof schema.additionalProperties === 'object') return `object of ${schemaWords(document, schema.additionalProperties)}`;
  return [type ?? 'any type', schema.format].filter((part) => typeof part === 'string').join(', ');
}

/** A parameter as a list item: name, location, schema, whether required, style. */
function parameterLine(document: OpenApiDocument, p: Parameter): string {
  const style = p.style ? `, style ${p.style}${p.explode === true ? ', exploded' : p.explode === false ? ', not exploded' : ''}` : '';
  const schema = p.schema ? `${schemaWords(document, p.schema)}, ` : '';
  return `- Parameter \`${p.name}\` (${p.in}, ${schema}${p.required ? 'required' : 'optional'}${style}): ${oneLine(p.description)}`;
}

/** The headers a response declares (an overlay may add some), one nested list item each. */
function responseHeaderLines(document: OpenApiDocument, response: Response): string[] {
  return Object.entries(response.headers ?? {}).map(([name, node]) => {
    const header = deref(document, node)!;
    const description = oneLine(header.description);
    return `  - Header \`${name}\` (${header.schema ? schemaWords(document, header.schema) : 'any type'}${header.required ? ', always sent' : ''})${description ? `: ${description}` : ''}`;
  });
}

/** The security schemes an operation needs, when the description declares any (an overlay may). */
function securityOf(document: OpenApiDocument, operation: OperationNode): string | undefined {
  const requirements = operation.security ?? document.security;
  if (!requirements || requirements.length === 0) return undefined;
  return requirements
    .map(
      (requirement) =>
        Object.keys(requirement)
          .map((name) => `\`${name}\``)
          .join(' and ') || 'none',
    )
    .join(', or ');
}

/** The security schemes of the description, for the index page; none when it declares none. */
function securitySchemeLines(document: OpenApiDocument): string[] {
  const schemes = Object.entries(document.components?.securitySchemes ?? {}).map(([name, node]) => [name, deref(document, node)!] as const);
  if (schemes.length === 0) return [];
  return [
    '## Security schemes',
    '',
    ...schemes.map(([name, scheme]) => {
      const how = scheme.type === 'apiKey' ? `API key in the ${scheme.in} \`${scheme.name}\`` : scheme.type === 'http' ? `HTTP ${scheme.scheme}` : scheme.type;
      return `- \`${name}\` (${how})${oneLine(scheme.description) ? `: ${oneLine(scheme.description)}` : ''}`;
    }),
    '',
  ];
}

/** The operation's samples as sections, in the HTML docs' order: TypeScript, the SDKs' (sampleLanguages), curl. */
function sampleSections(document: OpenApiDocument, operation: Operation, baseUrl: string, goModule: string): string[] {
  const facts = sampleFacts(document, operation);
  const sdkFacts = sdkSampleFacts(facts, goModule);
  const samples: [string, string, string][] = [
    ['TypeScript', 'ts', typescriptSample(operation, baseUrl, facts)],
    ...sampleLanguages.map((language): [string, string, string] => [language.label, language.lang, language.sample(document, operation, baseUrl, sdkFacts)]),
    ['curl', 'sh', curlSample(operation, baseUrl, facts)],
  ];
  return samples.flatMap(([label, fence, source], i) => [...(i > 0 ? [''] : []), `### ${label}`, '', `\`\`\`${fence}`, source.trimEnd(), '```']);
}

/** The facts of one operation, as Markdown; the order of the HTML docs. */
export function operationSection(document: OpenApiDocument, operation: Operation, goModule: string = placeholderModule): string {
  const source = operationAt(document, operation.path, operation.method)!;
  const parameters = operationParameters(document, pathItemAt(document, operation.path), source);
  const body = source.requestBody ? deref(document, source.requestBody) : undefined;
  const success = deref(document, source.responses[operation.success.status])!;
  const baseUrl = document.servers![0].variables!.base_url.default;
  const security = securityOf(document, source);

  const request = parameters.map((p) => parameterLine(document, p));
  if (body) request.push(`- Body (${body.required ? 'required' : 'optional'}): ${schemaLine(document, body.content)}`, ...fieldLines(document, body.content));
  if (request.length === 0) request.push('- None: no parameters and no body.');

  const responses = Object.entries(source.responses).map(([status, node]) => {
    const response = deref(document, node)!;
    const line =
      status === operation.success.status
        ? `- \`${status} ${success.description}\`: body ${schemaLine(document, response.content)}`
        : `- \`${status}\`: ${oneLine(response.description)} Body ${schemaLine(document, response.content)}`;
    return [line, ...responseHeaderLines(document, response), ...fieldLines(document, response.content)].join('\n');
  });

  return [
    `## ${operation.summary}`,
    '',
    '| Fact | Value |',
    '| --- | --- |',
    `| Method and path | \`${operation.method.toUpperCase()} ${operation.path}\` |`,
    `| operationId | \`${operation.operationId}\` |`,
    `| Success | \`${operation.success.status} ${success.description}\` |`,
    ...(security ? [`| Security | ${security} |`] : []),
    '',
    oneLine(source.description) ? withOperationLinks(source.description!.trim(), interfaceDocumentFile) : '',
    '',
    '### Request',
    '',
    ...request,
    '',
    '### Responses',
    '',
    ...responses,
    '',
    ...sampleSections(document, operation, baseUrl, goModule),
  ].join('\n');
}

interface Area {
  tag: string;
  description: string;
  file: string;
  operations: Operation[];
}

function areasOf(document: OpenApiDocument): Area[] {
  const operations = listOperations(document);
  return document.tags!.map((tag) => ({
    tag: tag.name,
    description: oneLine(tag.description),
    file: areaFile(tag.name),
    operations: operations.filter((operation) => operation.tag === tag.name),
  }));
}

/** The anchor GitHub gives an operation's heading on its area's page. */
const anchorOf = (operation: Operation) => new GithubSlugger().slug(operation.summary);

/** An area's heading and description: on its own page, with a link back to the index; and its operations as MCP tools, linked to the tools' page. */
function areaIntroduction(document: OpenApiDocument, area: Area, linkToIndex: boolean): string {
  const back = linkToIndex ? ` Part of the [${document.info!.title} reference](README.md).` : '';
  const names = area.operations.map((operation) => `\`${operation.operationId}\``);
  const tools =
    names.length === 0
      ? ''
      : `\n\nFor AI agents, the MCP server serves these operations as tools of the same names, ${names.join(', ')}: [${mcpToolsTitle}](${mcpToolsFile}).`;
  return `# ${area.tag}\n\n${area.description}${back}${tools}\n`;
}

/** An area's operations, one section each. */
const areaSections = (document: OpenApiDocument, area: Area, goModule: string) =>
  area.operations.map((operation) => `\n${operationSection(document, operation, goModule)}\n`).join('');

function indexPage(document: OpenApiDocument, areas: Area[], link: (area: Area, anchor?: string) => string): string {
  const info: Info = document.info!;
  return [
    `# ${info.title} reference`,
    '',
    `${info.summary} Description version ${info.version}, OpenAPI ${document.openapi}.`,
    '',
    spacedDelimiters(info.description!.trim()),
    '',
    `[${interfaceDocumentTitle}](${interfaceDocumentFile}): each part's verdict, and each operation as the project's table holds it.`,
    '',
    `[${mcpToolsTitle}](${mcpToolsFile}): the operations as tools for AI agents, each with its annotations and what it leaves open.`,
    '',
    ...securitySchemeLines(document),
    '## Areas',
    '',
    ...areas.flatMap((area) => [
      `### [${area.tag}](${link(area)})`,
      '',
      area.description,
      '',
      ...area.operations.map((o) => `- [${o.summary}](${link(area, anchorOf(o))}): \`${o.method.toUpperCase()} ${o.path}\`, \`${o.operationId}\``),
      '',
    ]),
  ].join('\n');
}

/** Each heading one level deeper, for a page that becomes a section of llms-full.txt. */
const demoted = (page: string) => page.replace(/^(#+) /gm, '#$1 ');

/** llms.txt: what the description is, its reference's pages, the MCP server, the SDKs (the Go module as `goModule`). */
function llmsText(document: OpenApiDocument, areas: Area[], goModule: string): string {
  const info: Info = document.info!;
  return [
    `# ${info.title}`,
    '',
    `> ${info.summary}`,
    '',
    // The prose of info.description before its overview table.
    ...info
      .description!.split('\n\n')
      .filter((paragraph: string) => !paragraph.trimStart().startsWith('|'))
      .flatMap((paragraph: string) => [oneLine(paragraph), '']),
    `OpenAPI ${document.openapi}, description version ${info.version}: ${areas.reduce((n, a) => n + a.operations.length, 0)} operations in ${areas.length} areas.`,
    '',
    '## Reference',
    '',
    `- [Index](reference/README.md): what the description specifies and leaves open, and every operation by area`,
    ...areas.map((area) => `- [${area.tag}](reference/${area.file}): ${area.description}`),
    `- [${interfaceDocumentTitle}](reference/${interfaceDocumentFile}): each part's verdict, and each operation as the project's table holds it`,
    '',
    '## MCP server',
    '',
    `- [Its tools](mcp-tools.json): one tool per operation, named by its operationId, served by the package's \`${mcpCommandOf(info)}\` command (\`npm run mcp\` in a clone) over stdio or loopback HTTP; read-only unless \`--allow-writes\`, credentials from the environment only`,
    `- [${mcpToolsTitle}](reference/${mcpToolsFile}): each tool's call, annotations and what it leaves open; the server also offers these pages and the bundle as resources to read`,
    '',
    '## SDKs',
    '',
    `- TypeScript: the package \`${clientPackage}\`, \`createEmailDeliveryClient({ baseUrl })\` and one function per operation named by its operationId`,
    `- Python: the package \`email_delivery_api\` (a release's wheel, or \`generated/sdk/python\` in a clone), \`Client(base_url, headers=...)\` and \`AsyncClient\`, one method per operation in snake_case (\`client.list_webhooks()\`)`,
    `- Go: the module \`${goModule}\`, package \`emaildelivery\`, \`NewClient(baseURL, opts...)\`, one method per operation (\`c.ListWebhooks(ctx)\`)`,
    "- Each retries a GET, PUT or DELETE on a connection failure, 429, 502, 503 or 504, bounds a whole call in time and its body in bytes, keeps credentials at the base URL's origin and sends an id as one percent-encoded segment; each operation of the reference has a sample in each, and in curl",
    '',
    '## Optional',
    '',
    '- Facts from traffic: in a clone, `npm run learn -- --traffic <file|folder> --out <overlay.yaml>` learns the fields, parameters and credentials recorded traffic shows (names and types only, never a value) as an overlay to build with; `npm run verify -- --traffic <file|folder>` checks traffic against the description',
    '- [The whole reference in one file](llms-full.txt): the index and every area page, for one read',
    '- [OpenAPI 3.1 bundle](openapi.json): the machine-readable description these pages are rendered from',
    '',
  ].join('\n');
}

/**
 * The reference's files by their path under generated/: reference/README.md, one page per area,
 * the interface document's page, the overlay targets, llms.txt and llms-full.txt.
 */
export function markdownReference(document: OpenApiDocument, goModule: string = placeholderModule): Map<string, string> {
  const info: Info = document.info!;
  const areas = areasOf(document);
  const files = new Map<string, string>();
  files.set(
    'reference/README.md',
    indexPage(document, areas, (area, anchor) => `${area.file}${anchor ? `#${anchor}` : ''}`),
  );
  const sections = new Map(areas.map((area) => [area, areaSections(document, area, goModule)]));
  for (const area of areas) files.set(`reference/${area.file}`, `${areaIntroduction(document, area, true)}${sections.get(area)}`);
  files.set(`reference/${interfaceDocumentFile}`, interfaceDocumentMarkdown());
  const toolsPage = mcpToolsMarkdown(mcpToolTable(document), mcpCommandOf(info));
  files.set(`reference/${mcpToolsFile}`, toolsPage);
  files.set(`reference/${overlayTargetsFile}`, overlayTargetsMarkdown(document));

  files.set('llms.txt', llmsText(document, areas, goModule));

  // One document: the index (its titles without links, since the sections follow), then each area
  // page as a section.
  const index = indexPage(document, areas, () => '#').replace(/\[([^\]]+)\]\(#\)/g, '$1');
  const pages = areas.map((area) => demoted(`${areaIntroduction(document, area, false)}${sections.get(area)}`));
  // The links to the interface document's page and the tools' page point at their sections, the last two.
  const full = [index, ...pages, demoted(interfaceDocumentMarkdown()), demoted(toolsPage)].join('\n');
  files.set(
    'llms-full.txt',
    full
      .replaceAll(`](${interfaceDocumentFile}#`, '](#')
      .replaceAll(`](${interfaceDocumentFile})`, `](#${new GithubSlugger().slug(interfaceDocumentTitle)})`)
      .replaceAll(`](${mcpToolsFile})`, `](#${new GithubSlugger().slug(mcpToolsTitle)})`),
  );
  return files;
}
