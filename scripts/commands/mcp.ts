// `npm run mcp`: the MCP server of the description (scripts/mcp/), from generated/openapi.json or,
// with --overlay, that description with the user's overlays applied in memory, as the mock does.
// The same definition as the package's `email-delivery-mcp` bin, with --overlay added.
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { forTerminal, forTerminalLines } from '../escape.ts';
import { mcpCommand, runMcp } from '../mcp/mcp-command.ts';
import { mcpDescription, resourcesOf } from '../mcp/mcp-description.ts';
import { type ResourceSet, resourcesInFolder } from '../mcp/mcp-resources.ts';
import { type McpToolTable } from '../mcp/mcp-server.ts';
import { mcpToolTable } from '../mcp/tool-table.ts';
import { openProject } from '../project.ts';

export const serves = true;

export const definition: CommandDefinition = {
  ...mcpCommand,
  name: 'mcp',
  program: undefined,
  options: {
    ...mcpCommand.options,
    overlay: { type: 'string', value: '<file>', multiple: true, default: [], description: 'an overlay to apply, in order (relative to where you run npm)' },
  },
  exits: [mcpCommand.exits[0], [1, 'the server could not start (the port is taken), or an overlay cannot be read or is refused'], ...mcpCommand.exits.slice(2)],
  examples: [
    'npm run mcp -- --list',
    'npm run mcp -- --http --port 4011 --overlay examples/overlays/fields.yaml',
    'npm run mcp -- --allow-writes --tools sendBatch',
    'npm run mcp -- --tags "Metrics, reputation, engagement" --tags Quotas',
    'npm run mcp -- --client openai --allow-writes',
  ],
};

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  const overlays: string[] = parsed.values.overlay;
  let table: McpToolTable;
  let resources: ResourceSet;
  try {
    const project = openProject(io.root);
    const document = await mcpDescription(project, overlays, io.cwd);
    table = mcpToolTable(document);
    // The build's resources; with overlays, the same files made in memory from the overlaid description.
    resources = overlays.length === 0 ? await resourcesInFolder(project.outputDir) : await resourcesOf(project, document);
  } catch (error) {
    io.err(`mcp: ${forTerminalLines(error instanceof Error ? error.message : String(error)).join('\n')}`);
    return 1;
  }
  // On stderr, as every line but the protocol's and --list's: which description the tools come from.
  if (overlays.length > 0) io.err(forTerminal(`mcp: the description with ${overlays.length} overlay(s): ${overlays.join(', ')}`));
  return runMcp(parsed.values, table, resources, io);
}
