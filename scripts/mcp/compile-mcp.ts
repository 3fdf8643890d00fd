// The MCP server in the package: the tool table as mcp-tools.json, and the server (mcp-bin.ts and
// what it imports: the official SDK, Ajv, the client's runtime and openapi-fetch) bundled by
// rolldown into one file, dist/mcp.js, which needs no dependency resolved where it is installed:
// `npm install <folder>` of an overlaid build starts it as the published package does.
// `npm run typecheck` checks its source.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { OpenApiDocument } from '../openapi-document.ts';
import { ReportedError } from '../project.ts';
import { mcpToolTable, toolTableJson } from './tool-table.ts';

const checkout = path.dirname(path.dirname(path.dirname(new URL(import.meta.url).pathname)));

/**
 * The server's one file, bundled once per process: it is made of this checkout's scripts and
 * node_modules, not of the description, so every build in a process (the docs server's rebuilds, a
 * drift check after a build) gets the same bytes; like the rest of the toolchain's code, an edit of
 * scripts/mcp/ reaches a process started after it. Its module regions are named relative to the
 * checkout, so the output is the same wherever it is built.
 */
export function bundleMcpServer(): Promise<string> {
  bundled ??= bundleOnce();
  // A bundle that failed is made again next time, not kept as a failure.
  bundled.catch(() => (bundled = undefined));
  return bundled;
}
let bundled: Promise<string> | undefined;

async function bundleOnce(): Promise<string> {
  const { build } = await import('rolldown');
  const result = await build({
    input: path.join(checkout, 'scripts', 'mcp', 'mcp-bin.ts'),
    cwd: checkout,
    // node_modules by its path in the checkout, even where it is a link (a test's copy): the
    // comment before each module names it relative to the checkout, the same everywhere.
    resolve: { symlinks: false },
    platform: 'node',
    write: false,
    logLevel: 'warn',
    output: { format: 'esm', minify: false, comments: { legal: true } },
  });
  const [chunk, ...more] = result.output;
  if (more.length > 0 || chunk.type !== 'chunk')
    throw new ReportedError(`the MCP server did not bundle into one file: ${result.output.map((o) => o.fileName).join(', ')}`);
  if (chunk.code.includes(checkout)) throw new ReportedError("the MCP server's bundle names this machine's path to the checkout");
  return chunk.code;
}

/** Writes `<dir>/mcp-tools.json` and `<dir>/dist/mcp.js`. */
export async function compileMcpServer(bundle: OpenApiDocument, dir: string): Promise<void> {
  const [table, code] = [toolTableJson(mcpToolTable(bundle)), await bundleMcpServer()];
  await fs.mkdir(path.join(dir, 'dist'), { recursive: true });
  await fs.writeFile(path.join(dir, 'mcp-tools.json'), table);
  await fs.writeFile(path.join(dir, 'dist', 'mcp.js'), code, { mode: 0o755 });
}
