// The MCP server in the package: the tool table as mcp-tools.json, and the server's runtime
// (scripts/mcp/ with the files it imports) transpiled into dist/ beside the client, each file on
// its own as compile-client.ts does; `npm run typecheck` checks their source. Relative imports are
// rewritten to the flat dist/ folder; an import of a file not shipped here is refused.
import fs from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import type { OpenApiDocument } from '../openapi-document.ts';
import { ReportedError } from '../project.ts';
import { mcpToolTable, toolTableJson } from './tool-table.ts';

const scripts = path.dirname(path.dirname(new URL(import.meta.url).pathname));

/** Each shipped source (relative to scripts/) and its name in dist/. client-runtime.js is already there (compile-client.ts). */
const shipped: [source: string, output: string][] = [
  ['mcp/mcp-bin.ts', 'mcp.js'],
  ['mcp/mcp-command.ts', 'mcp-command.js'],
  ['mcp/mcp-server.ts', 'mcp-server.js'],
  ['mcp/mcp-http.ts', 'mcp-http.js'],
  ['command-line.ts', 'command-line.js'],
  ['escape.ts', 'escape.js'],
];
const outputOf = new Map([...shipped.map(([source, output]): [string, string] => [path.basename(source), output]), ['client-runtime.ts', 'client-runtime.js']]);

/** `source` with each relative import pointed at its file in dist/. */
export function distImports(source: string, file: string): string {
  return source.replace(/(from\s+|import\s*\(\s*)'(\.{1,2}\/[^']*)'/g, (whole, keyword: string, specifier: string) => {
    const output = outputOf.get(path.basename(specifier));
    if (!output) throw new ReportedError(`${file}: imports ${specifier}, which the MCP server's package files do not include (scripts/mcp/compile-mcp.ts)`);
    return `${keyword}'./${output}'`;
  });
}

/** Writes `<dir>/mcp-tools.json` and the server's files into `<dir>/dist/` (which compile-client.ts made). */
export async function compileMcpServer(bundle: OpenApiDocument, dir: string): Promise<void> {
  const table = toolTableJson(mcpToolTable(bundle));
  const outputs = await Promise.all(
    shipped.map(async ([source, output]) => {
      const file = path.join(scripts, source);
      const text = distImports(await fs.readFile(file, 'utf8'), `scripts/${source}`);
      const result = ts.transpileModule(text, {
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022, newLine: ts.NewLineKind.LineFeed, verbatimModuleSyntax: true },
        fileName: file,
        reportDiagnostics: true,
      });
      if (result.diagnostics?.length)
        throw new ReportedError(`scripts/${source} does not compile: ${ts.flattenDiagnosticMessageText(result.diagnostics[0].messageText, '\n')}`);
      return { output, text: result.outputText };
    }),
  );
  await fs.mkdir(path.join(dir, 'dist'), { recursive: true });
  await fs.writeFile(path.join(dir, 'mcp-tools.json'), table);
  await Promise.all(outputs.map(({ output, text }) => fs.writeFile(path.join(dir, 'dist', output), text)));
}
