#!/usr/bin/env node
// The package's `email-delivery-mcp` command (package.json `bin`; an overlaid package's is named
// after it, `acme-email-api-mcp`): the MCP server of the description the package was built from.
// Compiled by the build into dist/mcp.js, which reads the tool table and the resources' list the
// build wrote beside dist/ (mcp-tools.json, mcp-resources.json); in the checkout, run `npm run mcp`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine } from '../command-line.ts';
import { forTerminal } from '../escape.ts';
import { mcpCommand, runMcp } from './mcp-command.ts';
import { readBuildFile, resourcesInFolder } from './mcp-resources.ts';
import type { McpToolTable } from './mcp-server.ts';

// The name it was started by (npm links a bin under its name), for its help and messages; run as a
// file (`node dist/mcp.js`), the description's package's.
const invoked = path.basename(process.argv[1] ?? '');
const program = /^[\w@.-]+$/.test(invoked) && !/\.[cm]?js$/.test(invoked) ? invoked : mcpCommand.name;
const command =
  program === mcpCommand.name
    ? mcpCommand
    : { ...mcpCommand, name: program, program, examples: mcpCommand.examples.map((example) => example.replaceAll(mcpCommand.name, program)) };
const io = {
  env: process.env,
  out: (line: string) => console.log(line),
  err: (line: string) => console.error(line),
  write: (text: string) => void process.stdout.write(text),
};
const parsed = commandLine(command, process.argv.slice(2), io);
if (typeof parsed === 'number') process.exitCode = parsed;
else {
  // The build's folder, which dist/ is in: its tool table, and the resources it wrote.
  const folder = fileURLToPath(new URL('..', import.meta.url));
  // What the build wrote there, each a regular file reached through no link (mcp-resources.ts); else one line, exit 1.
  const built = await Promise.all([readBuildFile(folder, 'mcp-tools.json'), resourcesInFolder(folder)]).catch((error: Error) => {
    io.err(`${program}: ${forTerminal(error.message)}`);
    return undefined;
  });
  if (!built) process.exitCode = 1;
  else {
    const stop = new AbortController();
    process.once('SIGINT', () => stop.abort());
    process.once('SIGTERM', () => stop.abort());
    process.exitCode = await runMcp(parsed.values, JSON.parse(built[0]) as McpToolTable, built[1], { ...io, signal: stop.signal });
    // Stopped by a signal: end now, whatever the SDK still holds open.
    if (stop.signal.aborted) process.exit();
  }
}
