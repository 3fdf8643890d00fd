// The MCP server as a command: its one definition (options, `--help`, exit codes), shared by the
// package's `email-delivery-mcp` bin (mcp-bin.ts) and `npm run mcp` (scripts/commands/mcp.ts, which adds
// --overlay), and the run: choose the tools, read the credentials from the environment, serve them
// over stdio or HTTP. Logs go to stderr (stdout is the stdio transport's) and never hold a
// credential or an agent's arguments. The build copies this file into the package.
import type { Readable, Writable } from 'node:stream';
import { doubledSegmentWarning } from '../base-url.ts';
import type { CommandDefinition, ParsedValues } from '../command-line.ts';
import { forTerminal } from '../escape.ts';
import { headersFromEnvironment } from '../header-env.ts';
import { ownMcpBin } from './mcp-bin-name.ts';
import { serveHttp } from './mcp-http.ts';
import type { ResourceSet } from './mcp-resources.ts';
import { LineTransport } from './mcp-stdio.ts';
import { type ClientFamily, clientFamilies } from './strict-tools.ts';
import {
  chooseTools,
  createToolServer,
  defaultMaxResultBytes,
  defaultTimeoutMs,
  isReadOnly,
  type McpToolTable,
  notServedReason,
  ToolCaller,
  type ToolChoice,
  ToolChoiceError,
  type ToolDefinition,
} from './mcp-server.ts';

export const baseUrlVariable = 'EMAIL_DELIVERY_BASE_URL';

export const mcpCommand: CommandDefinition = {
  name: ownMcpBin,
  program: ownMcpBin,
  summary: [
    'Serves the operations of the description as MCP tools, one per operation, named by operationId, for AI agents.',
    'Read-only by default: only the GET operations, unless --allow-writes. Over stdio, or with --http over',
    'Streamable HTTP at http://127.0.0.1:<port>/mcp (loopback only; a foreign Host or Origin gets a 403).',
    `Calls go to --base-url, else $${baseUrlVariable}, else the description's default (the local mock).`,
    'Credentials come from the environment only, never from a tool argument: --header-env, or the variable',
    "of each security scheme the description declares (an overlay's), which --list names. The reference the build",
    'wrote (its Markdown pages, llms.txt, the bundle) is offered as resources to read.',
  ].join('\n'),
  options: {
    http: { type: 'boolean', description: 'serve Streamable HTTP on 127.0.0.1 instead of stdio' },
    port: {
      type: 'string',
      value: '<n>',
      integer: { min: 0, max: 65535 },
      default: '4011',
      description: 'the port on 127.0.0.1, with --http (0: any free port)',
    },
    'base-url': { type: 'string', value: '<url>', description: `the service's base URL (default: $${baseUrlVariable}, else the description's default)` },
    'allow-writes': { type: 'boolean', description: 'serve the operations that are not GET too (sending, replacing, deleting)' },
    tools: {
      type: 'string',
      value: '<a,b>',
      multiple: true,
      description: "serve these tools (operationIds, comma-separated or one --tools each); with --tags, these and the tags' tools",
    },
    tags: {
      type: 'string',
      value: '<tag>',
      multiple: true,
      description:
        'serve the tools of this tag (an area of the description), its whole name even with commas in it; give --tags once per tag, or several tags joined by commas',
    },
    'header-env': {
      type: 'string',
      value: '<Name=VAR>',
      multiple: true,
      default: [],
      description: 'send header Name with the value of environment variable VAR on every call',
    },
    client: {
      type: 'string',
      value: '<family>',
      choices: clientFamilies,
      description: `serve the tools' input schemas as this client family requires them; the families: ${clientFamilies.join(', ')} (openai: OpenAI's strict function calling, as the Agents SDK's convert_schemas_to_strict checks it: every object closed, every argument required, null for one left out, an open object as JSON text the server parses). Without it, exactly as described`,
    },
    list: { type: 'boolean', description: 'print the tools it would serve, and the credential variables, then exit' },
    'max-result-bytes': {
      type: 'string',
      value: '<n>',
      integer: { min: 1024, max: 16 * 1024 * 1024 },
      default: String(defaultMaxResultBytes),
      description: "the most of a service's answer a tool result carries (the result says when it cut)",
    },
    'timeout-ms': {
      type: 'string',
      value: '<n>',
      integer: { min: 100, max: 600_000 },
      default: String(defaultTimeoutMs),
      description: 'how long a call may take',
    },
  },
  examples: [
    'email-delivery-mcp --list',
    'EMAIL_DELIVERY_BASE_URL=https://api.example.test MY_KEY=... email-delivery-mcp --header-env X-Api-Key=MY_KEY',
    'email-delivery-mcp --http --port 4011 --allow-writes --tags "Account and access"',
    'email-delivery-mcp --tags "Metrics, reputation, engagement" --tags Quotas',
    'email-delivery-mcp --client openai --allow-writes',
  ],
  exits: [
    [0, '--list or --help printed, or stopped (stdin closed, Ctrl-C)'],
    [1, 'the server could not start (the port is taken), or stdin failed'],
    [2, 'bad arguments: an unknown tool or tag, one named twice, a write without --allow-writes, a missing variable'],
  ],
};

export interface McpIo {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  /** Aborted to stop serving (Ctrl-C, SIGTERM): the server closes and the run resolves 0. */
  signal: AbortSignal;
  /** The stdio transport's streams; default: this process's stdin and stdout. */
  stdin?: Readable;
  stdout?: Writable;
}

/** Settles when `signal` is aborted. */
const until = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    signal.addEventListener('abort', () => resolve(), { once: true });
    if (signal.aborted) resolve();
  });

// What to do when a variable seems unset: MCP clients (the Inspector too) start the server with a few
// variables only (PATH, HOME, ...), not the shell's, unless their configuration names more.
const clientEnvironmentHint = "an MCP client passes only the variables its configuration's env names (the Inspector's CLI: -e VAR=value)";

/** The base URL, checked: http or https, with no credentials or query in it. */
function baseUrlOf(given: string | undefined, table: McpToolTable): string {
  const text = given ?? table.defaultBaseUrl;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ToolChoiceError(`the base URL ${forTerminal(JSON.stringify(text))} is not a URL: give one like https://api.example.test`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ToolChoiceError(`the base URL must be http or https, not ${forTerminal(url.protocol)}`);
  if (url.username || url.password) throw new ToolChoiceError('the base URL holds credentials: pass them with --header-env instead');
  if (url.search || url.hash) throw new ToolChoiceError('the base URL has a query or fragment: give the service root only');
  return text.replace(/\/+$/, '');
}

function effect(tool: ToolDefinition): string {
  if (isReadOnly(tool)) return 'read-only';
  return tool.method === 'DELETE' ? 'deletes' : 'writes';
}

/** `--list`: the tools that would be served, what each does to the service, and the credential variables. */
function printList(table: McpToolTable, tools: ToolDefinition[], baseUrl: string, io: McpIo): number {
  const width = Math.max(...tools.map((tool) => tool.name.length), 4);
  io.out(`${tools.length} of ${table.tools.length} tools of ${table.title} ${table.version}; calls go to ${baseUrl}`);
  for (const tool of tools) io.out(`  ${tool.name.padEnd(width)}  ${effect(tool).padEnd(9)}  ${tool.method} ${tool.path}`);
  for (const credential of table.credentials) {
    const state = io.env[credential.variable] ? 'set' : 'not set';
    io.out(`credential: ${credential.scheme} (header ${credential.header}) from $${credential.variable} (${state})`);
  }
  return 0;
}

/** The headers every call sends: each security scheme's variable that is set, then `--header-env`'s. */
function credentialHeaders(table: McpToolTable, headerEnv: string[], env: NodeJS.ProcessEnv): [string, string][] {
  return [
    ...table.credentials.flatMap((credential): [string, string][] => {
      const value = env[credential.variable];
      return value ? [[credential.header, credential.bearer ? `Bearer ${value}` : value]] : [];
    }),
    ...headersFromEnvironment(headerEnv, env, (message) => new ToolChoiceError(message), clientEnvironmentHint),
  ];
}

/** What the server serves, for its first line on stderr. */
function servingWhat(table: McpToolTable, tools: ToolDefinition[], resources: ResourceSet, allowWrites: boolean, baseUrl: string): string {
  const others = table.tools.length - tools.length;
  const left = others > 0 ? ` (${others} others not served${allowWrites ? '' : '; --allow-writes serves the writes'})` : '';
  return `${tools.length} ${allowWrites ? '' : 'read-only '}tools of ${table.title} ${table.version}${left} and ${resources.entries.length} resources to read; calls go to ${baseUrl}`;
}

/**
 * Runs the command with parsed `values`, serving `table`'s tools and `resources`: the exit code,
 * once it ends (at once, or when it stops serving: stdin closed, or `io.signal`).
 */
export async function runMcp(values: ParsedValues, table: McpToolTable, resources: ResourceSet, io: McpIo): Promise<number> {
  let tools: ToolDefinition[];
  let baseUrl: string;
  let headers: [string, string][];
  const given = (list: string[] | undefined) => (list === undefined || list.length === 0 ? undefined : list);
  const choice: ToolChoice = { allowWrites: values['allow-writes'] === true, tools: given(values.tools), tags: given(values.tags) };
  try {
    tools = chooseTools(table, choice);
    baseUrl = baseUrlOf(values['base-url'] ?? (io.env[baseUrlVariable] || undefined), table);
    headers = credentialHeaders(table, values['header-env'] as string[], io.env);
  } catch (error) {
    if (!(error instanceof ToolChoiceError)) throw error;
    io.err(`mcp: ${error.message}`);
    return 2;
  }
  const doubled = doubledSegmentWarning(
    baseUrl,
    table.tools.map((tool) => tool.path),
  );
  if (doubled) io.err(`mcp: warning: ${forTerminal(doubled)}`);
  if (values.list) return printList(table, tools, baseUrl, io);
  const missing = table.credentials.filter((credential) => !io.env[credential.variable]);
  if (missing.length > 0 && missing.length === table.credentials.length && !headers.length)
    io.err(
      `mcp: the description declares credentials; set ${missing.map((c) => `$${c.variable} (${c.header})`).join(' or ')}, or the calls go out without them (${clientEnvironmentHint})`,
    );
  const caller = new ToolCaller(table, tools, {
    baseUrl,
    headers: Object.fromEntries(headers),
    maxResultBytes: Number(values['max-result-bytes']),
    timeoutMs: Number(values['timeout-ms']),
    log: io.err,
    notServed: notServedReason(table, choice),
    client: values.client as ClientFamily | undefined,
  });
  const what = servingWhat(table, tools, resources, choice.allowWrites, baseUrl);
  if (!values.http) {
    const server = createToolServer(table, caller, resources);
    const transport = new LineTransport(io.stdin ?? process.stdin, io.stdout ?? process.stdout, { log: io.err });
    await server.connect(transport);
    io.err(`mcp: serving ${what} over stdio`);
    // Serves until stdin ends (0), fails (1, said), or a signal stops it (0): never a silent end.
    const end = await Promise.race([transport.closed, until(io.signal).then(() => ({ ended: true as const }))]);
    await server.close();
    if (end.ended) return 0;
    io.err(`mcp: stdin failed: ${forTerminal(end.error.message)}; stopped`);
    return 1;
  }
  let served;
  try {
    served = await serveHttp(() => createToolServer(table, caller, resources), Number(values.port), io.err);
  } catch (error) {
    io.err(`mcp: cannot listen on 127.0.0.1:${String(values.port)}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
  io.err(`mcp: serving ${what} at ${served.url} (Ctrl-C to stop)`);
  await until(io.signal);
  await served.close();
  io.err('mcp: stopped');
  return 0;
}
