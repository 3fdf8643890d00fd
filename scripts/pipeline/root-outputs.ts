// What the build writes beside generated/, at the project's root: server.json, the MCP registry's
// entry (scripts/mcp/server-json.ts), made from package.json and the tool table the steps wrote.
// The project's build writes it once every step has passed, and the drift check compares it, as it
// does generated/. A project with no package.json naming the server (`mcpName`) has none.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { McpToolTable } from '../mcp/mcp-server.ts';
import type { PackageManifest } from '../mcp/server-json.ts';
import type { Project } from '../project.ts';

/** Each root file (by its name) and its text, from the outputs the steps wrote into `built`. */
export async function rootOutputs(project: Project, built: string): Promise<Map<string, string>> {
  const manifestText = await fs.readFile(path.join(project.root, 'package.json'), 'utf8').catch(() => undefined);
  const manifest = manifestText === undefined ? undefined : (JSON.parse(manifestText) as PackageManifest);
  if (!manifest?.mcpName) return new Map();
  const { serverJsonFile, serverJsonText } = await import('../mcp/server-json.ts');
  const table = JSON.parse(await fs.readFile(path.join(built, 'mcp-tools.json'), 'utf8')) as McpToolTable;
  return new Map([[serverJsonFile, serverJsonText(manifest, table)]]);
}
