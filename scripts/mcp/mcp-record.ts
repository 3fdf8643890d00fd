// What the build writes about the MCP server beside its tools: the resources it offers to read
// (mcp-resources.json: the Markdown reference, llms.txt, llms-full.txt, the tool table and the
// bundle, as the build wrote them, each with its MIME type and size), and the server on record for readers
// (openapi-mcp.json: the bundle with the `x-mcp` extension that Redocly's `introspect-mcp` writes,
// every tool as `--allow-writes` serves it, and the resources), which Redocly and Zudoku render
// beside the reference. A test runs `introspect-mcp --check` against the real server to hold it current.
import fs from 'node:fs/promises';
import path from 'node:path';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { bundleJsonText } from '../lint/lint-description.ts';
import type { OpenApiDocument } from '../openapi-document.ts';
import { interfaceDocumentFile, interfaceDocumentTitle } from '../pipeline/interface-document.ts';
import { areaFile } from '../pipeline/markdown-reference.ts';
import { mcpToolsFile, mcpToolsTitle } from '../pipeline/mcp-tools-page.ts';
import { listedResources, type ResourceEntry, resourceListFile, resourceUriBase } from './mcp-resources.ts';
import { listedTool, serverCapabilities } from './mcp-server.ts';
import { mcpToolTable } from './tool-table.ts';

/** The document the build writes with the `x-mcp` extension. */
export const xMcpFile = 'openapi-mcp.json';

const mimeTypes: Record<string, string> = { '.md': 'text/markdown', '.txt': 'text/markdown', '.json': 'application/json' };

/** The files a server offers to read, in the order llms.txt lists them, each with its title and description. */
function resourceFiles(document: OpenApiDocument): { file: string; title: string; description: string }[] {
  const oneLine = (text: string | undefined) => (text ?? '').replace(/\s*\n\s*/g, ' ').trim();
  return [
    { file: 'llms.txt', title: 'llms.txt', description: 'What the description is, and a link to every page of the reference: the entry for agents' },
    {
      file: 'reference/README.md',
      title: `${String(document.info?.title)} reference`,
      description: 'What the description specifies and leaves open, and every operation by area',
    },
    ...(document.tags ?? []).map((tag) => ({ file: `reference/${areaFile(tag.name)}`, title: tag.name, description: oneLine(tag.description) })),
    {
      file: `reference/${interfaceDocumentFile}`,
      title: interfaceDocumentTitle,
      description: "Each part's verdict, and each operation as the project's table holds it",
    },
    { file: `reference/${mcpToolsFile}`, title: mcpToolsTitle, description: "Each tool's call, annotations and what it leaves open" },
    { file: 'mcp-tools.json', title: "The MCP server's tool table", description: "Every tool's name, schemas and annotations, as the build wrote it" },
    { file: 'llms-full.txt', title: 'The whole reference in one file', description: 'The index, every area page and the tools, for one read' },
    { file: 'openapi.json', title: 'OpenAPI 3.1 bundle', description: 'The machine-readable description these pages are rendered from' },
  ];
}

/** The resources of `document`'s build, each with the size of its text as `textOf` gives it. */
export function resourceTable(document: OpenApiDocument, textOf: (file: string) => string): ResourceEntry[] {
  return resourceFiles(document).map(({ file, title, description }) => ({
    uri: `${resourceUriBase}${file}`,
    name: file,
    title,
    description,
    mimeType: mimeTypes[path.extname(file)],
    size: Buffer.byteLength(textOf(file)),
    file,
  }));
}

/** The bundle with the `x-mcp` extension, as `redocly introspect-mcp --command "<server> --allow-writes"` records it. */
export function xMcpDocument(bundle: OpenApiDocument, resources: ResourceEntry[]): OpenApiDocument {
  return {
    ...bundle,
    'x-mcp': {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: serverCapabilities,
      tools: mcpToolTable(bundle).tools.map(listedTool),
      resources: listedResources(resources),
    },
  } as OpenApiDocument;
}

/** The build's step: `<dir>/mcp-resources.json` from the files the other steps wrote there, and `<dir>/openapi-mcp.json`. */
export async function writeMcpRecord(bundle: OpenApiDocument, dir: string): Promise<void> {
  const texts = new Map<string, string>();
  for (const { file } of resourceFiles(bundle)) texts.set(file, await fs.readFile(path.join(dir, file), 'utf8'));
  const resources = resourceTable(bundle, (file) => texts.get(file)!);
  await fs.writeFile(path.join(dir, resourceListFile), `${JSON.stringify(resources, null, 2)}\n`);
  await fs.writeFile(path.join(dir, xMcpFile), bundleJsonText(xMcpDocument(bundle, resources)));
}
