// The MCP server's command name in a package: the description's own package's, or an overlaid
// package's, named after it so that the two installed side by side do not claim one command.

/** The command of the description's own package (package.json `bin`). */
export const ownMcpBin = 'email-delivery-mcp';

/** The MCP server's command in the package `name`: the name, its scope joined, and `-mcp` (`@acme/email-api` -> `acme-email-api-mcp`). */
export function mcpBinName(name: string): string {
  const joined = name.replace(/^@/, '').replace('/', '-');
  return joined.endsWith('-mcp') ? joined : `${joined}-mcp`;
}

/** The MCP command of the package a description is built into: an overlaid build's is named after its package (`info.x-package`). */
export function mcpCommandOf(info: unknown): string {
  const pkg = (info as { 'x-package'?: { name?: unknown } } | undefined)?.['x-package'];
  return typeof pkg?.name === 'string' ? mcpBinName(pkg.name) : ownMcpBin;
}
