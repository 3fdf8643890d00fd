// `npm run mcp`: the MCP server of the description (scripts/mcp/), from generated/openapi.json or,
// with --overlay, that description with the user's overlays applied in memory, as the mock does.
// The same definition as the package's `email-delivery-mcp` bin, with --overlay added.
const { checkout } = require('./start.ts');

async function main() {
  const [{ commandLine }, { mcpCommand, runMcp }] = await Promise.all([import('../command-line.ts'), import('../mcp/mcp-command.ts')]);
  const command = {
    ...mcpCommand,
    name: 'mcp',
    program: undefined,
    options: {
      ...mcpCommand.options,
      overlay: { type: 'string', value: '<file>', multiple: true, default: [], description: 'an overlay to apply, in order (relative to where you run npm)' },
    },
    examples: [
      'npm run mcp -- --list',
      'npm run mcp -- --http --port 4011 --overlay examples/overlays/fields.yaml',
      'npm run mcp -- --allow-writes --tools sendBatch',
    ],
  };
  const parsed = commandLine(command, process.argv.slice(2));
  if (typeof parsed === 'number') return parsed;
  const [{ openProject }, { mcpDescription }, { mcpToolTable }, { forTerminal, forTerminalLines }] = await Promise.all([
    import('../project.ts'),
    import('../mcp/mcp-description.ts'),
    import('../mcp/tool-table.ts'),
    import('../escape.ts'),
  ]);
  let table;
  try {
    // npm runs scripts in the package's folder; the user's paths are relative to where they ran npm.
    table = mcpToolTable(await mcpDescription(openProject(checkout), parsed.values.overlay, process.env.INIT_CWD || process.cwd()));
  } catch (error) {
    console.error(`mcp: ${forTerminalLines(error instanceof Error ? error.message : String(error)).join('\n')}`);
    return 1;
  }
  const overlays = parsed.values.overlay;
  // On stderr, as every line but the protocol's and --list's: which description the tools come from.
  if (overlays.length > 0) console.error(forTerminal(`mcp: the description with ${overlays.length} overlay(s): ${overlays.join(', ')}`));
  return runMcp(parsed.values, table, { env: process.env, out: (line) => console.log(line), err: (line) => console.error(line) });
}

main().then((code) => {
  if (code !== undefined) process.exitCode = code;
});
