// The MCP server's runtime: the tools of a tool table (tool-table.ts) served with the official
// SDK, each call made through the typed client's runtime (client-runtime.ts), so that its checks
// hold (path parameters that stay one segment, redirects kept within the service's origin, JSON
// success bodies). An agent's arguments are untrusted: each call's are checked against the tool's
// input schema before anything is sent, and what the service answers comes back bounded in bytes
// and time, escaped, without the credentials. The build copies this file into the package.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type ServerCapabilities,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { closestName } from '../closest-name.ts';
import { bodyProblem, schemaWants } from '../schema-problem.ts';
import { invisibleCharacter } from '../invisible-characters.ts';
import {
  createDescribedClient,
  credentialEchoes,
  type CredentialEchoes,
  type ParameterStyle,
  secretsOfHeaderValue,
  shortestEchoedSecret,
} from '../pipeline/client-runtime.ts';
import { listedResources, ProtocolError, readResource, type ResourceSet } from './mcp-resources.ts';
import { ArgumentTextError, type ClientFamily, type StrictTool, strictTool } from './strict-tools.ts';

/** One input of a tool, and where the client puts it. */
export interface ToolArgument {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie' | 'body';
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  tags: string[];
  method: string;
  path: string;
  arguments: ToolArgument[];
  parameterStyles: ParameterStyle[];
  successStatus: string;
  inputSchema: Record<string, unknown> & { type: 'object' };
  outputSchema?: Record<string, unknown> & { type: 'object' };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

/** A credential header the description declares (a security scheme an overlay added), and the environment variable it is read from. */
export interface CredentialDefinition {
  scheme: string;
  header: string;
  bearer: boolean;
  variable: string;
}

export interface McpToolTable {
  title: string;
  version: string;
  defaultBaseUrl: string;
  credentials: CredentialDefinition[];
  tools: ToolDefinition[];
}

export interface ToolServerOptions {
  baseUrl: string;
  /** Headers sent with every call (credentials, from the environment only); their values never appear in a result. */
  headers: Record<string, string>;
  /** The most of a service's answer a result carries; the rest is cut off, and the result says so. */
  maxResultBytes: number;
  /** How long a call may take, answer included. */
  timeoutMs: number;
  fetch?: (request: Request) => Promise<Response>;
  /** One line per call: the tool, the first line of its result, the time it took; never the arguments. */
  log?: (line: string) => void;
  /** Why a tool of the table is not served, and how to serve it (notServedReason); a name it gives no reason for is unknown. */
  notServed?: (name: string) => string | undefined;
  /** The client family whose rules the input schemas follow (strict-tools.ts); without it, exactly as described. */
  client?: ClientFamily;
}

/** The default bounds of a call's answer. */
export const defaultMaxResultBytes = 64 * 1024;
export const defaultTimeoutMs = 30_000;

/** A wrong choice of tools (`--tools`, `--tags`, a write without `--allow-writes`): the message says what to give instead. */
export class ToolChoiceError extends Error {
  override name = 'ToolChoiceError';
}

export const isReadOnly = (tool: ToolDefinition): boolean => tool.annotations.readOnlyHint;

/**
 * What the server is asked to serve, as given: each `--tools` value a tool's name, or names joined
 * by commas; each `--tags` value a tag's whole name (an area's name may hold commas), or tags joined
 * by commas.
 */
export interface ToolChoice {
  allowWrites: boolean;
  tools?: string[];
  tags?: string[];
}

const quoted = (names: string[]) => names.map((name) => `'${name}'`).join(', ');

/** The tags `values` name: a value that is a tag's whole name is that tag; any other is split at its commas, each piece a tag. */
function tagsNamed(values: string[], known: string[]): string[] {
  const tags: string[] = [];
  for (const value of values) {
    const whole = value.trim();
    const pieces = known.includes(whole)
      ? [whole]
      : whole
          .split(',')
          .map((piece) => piece.trim())
          .filter(Boolean);
    for (const piece of pieces) {
      if (!known.includes(piece)) {
        // A tag whose name holds commas, given among others, is split: say to give it alone. Given
        // alone with another case or spacing, it is the tag the whole value is close to.
        const split = known.find((tag) => tag.includes(',') && whole.includes(tag));
        const near = whole.includes(',') ? closestName(whole, known) : undefined;
        const hint = split
          ? `: '${split}' is one tag, whose name holds commas: give it whole, in a --tags of its own`
          : near
            ? ` (did you mean '${near}'? give it whole, as it is written)`
            : suggestion(piece, known);
        throw new ToolChoiceError(
          `--tags: no tag '${clean(piece)}'${hint}; the tags are: ${quoted(known)} (give each tag whole in a --tags of its own, or several joined by commas)`,
        );
      }
      if (tags.includes(piece)) throw new ToolChoiceError(`--tags: '${piece}' is named twice: name each tag once`);
      tags.push(piece);
    }
  }
  return tags;
}

/** The tool names `values` give, each checked: known, named once, and a write only with `allowWrites`. */
function toolsNamed(values: string[], byName: Map<string, ToolDefinition>, allowWrites: boolean): string[] {
  const names: string[] = [];
  for (const name of values.flatMap((value) => value.split(',').map((piece) => piece.trim())).filter(Boolean)) {
    const tool = byName.get(name);
    if (!tool) throw new ToolChoiceError(`--tools: no tool '${clean(name)}'${suggestion(name, [...byName.keys()])}; \`--list --allow-writes\` lists them all`);
    if (!allowWrites && !isReadOnly(tool))
      throw new ToolChoiceError(`--tools: '${name}' is not read-only (${tool.method} ${tool.path}); add --allow-writes to serve it`);
    if (names.includes(name)) throw new ToolChoiceError(`--tools: '${name}' is named twice: name each tool once`);
    names.push(name);
  }
  return names;
}

/**
 * The tools to serve: the read-only ones unless `allowWrites`; with `--tools` or `--tags`, only the
 * tools they name and the tools of the tags they name. A name or tag the table does not have, one
 * named twice, a tool `--tags` serves already, a write asked for by name without `allowWrites`, a
 * tag with nothing to serve: each is refused, never silently dropped.
 */
export function chooseTools(table: McpToolTable, choice: ToolChoice): ToolDefinition[] {
  const byName = new Map(table.tools.map((tool) => [tool.name, tool]));
  const served = (tool: ToolDefinition) => choice.allowWrites || isReadOnly(tool);
  const tags = choice.tags === undefined ? undefined : tagsNamed(choice.tags, [...new Set(table.tools.flatMap((tool) => tool.tags))]);
  const names = choice.tools === undefined ? undefined : toolsNamed(choice.tools, byName, choice.allowWrites);
  for (const tag of tags ?? []) {
    const all = table.tools.filter((tool) => tool.tags.includes(tag));
    if (!all.some(served)) throw new ToolChoiceError(`--tags: '${tag}' has no read-only tool; add --allow-writes to serve its ${all.length} tools`);
  }
  for (const name of names ?? []) {
    const tag = byName.get(name)!.tags.find((t) => tags?.includes(t));
    if (tag) throw new ToolChoiceError(`--tools: '${name}' is served by --tags '${tag}' already: name it once`);
  }
  const chosen = table.tools.filter(
    (tool) => served(tool) && ((names === undefined && tags === undefined) || names?.includes(tool.name) || tool.tags.some((tag) => tags?.includes(tag))),
  );
  if (chosen.length === 0) throw new ToolChoiceError('--tools and --tags name no tool: give at least one');
  return chosen;
}

/**
 * Why a tool of `table` that `choice` does not serve is left out, and what serves it, for an agent
 * that calls it: a write on a read-only server, or a tool `--tools` and `--tags` left out.
 */
export function notServedReason(table: McpToolTable, choice: ToolChoice): (name: string) => string | undefined {
  return (name) => {
    const tool = table.tools.find((candidate) => candidate.name === name);
    if (!tool) return undefined;
    const reasons: string[] = [];
    if (!choice.allowWrites && !isReadOnly(tool)) reasons.push('it writes, and this server was started read-only: start it with --allow-writes');
    if (choice.tools !== undefined || choice.tags !== undefined) {
      const given = [...(choice.tools ?? []).map((v) => `--tools ${v}`), ...(choice.tags ?? []).map((v) => `--tags '${v}'`)].join(' ');
      reasons.push(`this server was started with ${clean(given)}: add --tools ${name} or --tags '${tool.tags[0]}'`);
    }
    return `Tool not served: ${name} (${tool.method} ${tool.path}): ${reasons.join('; and ')} to serve it`;
  };
}

/** The closest of `names` to `name`, as ` (did you mean 'x'?)`, when one is close. */
function suggestion(name: string, names: string[]): string {
  const near = closestName(name, names);
  return near === undefined ? '' : ` (did you mean '${near}'?)`;
}

/**
 * The characters a reader does not see as written (invisible-characters.ts), and a carriage return:
 * shown as `\uXXXX` (`\u{XXXXX}` beyond the first plane), so that an answer cannot hide text from
 * whoever reads the result, nor carry instructions an agent reads and a person does not see.
 */
const unsafe = new RegExp(`${invisibleCharacter.source}|\\r`, 'gu');
const escaped = (text: string) =>
  text.replace(unsafe, (char) => {
    const code = char.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
  });
/** A value for one line of a message: escaped, line breaks included, and cut at `max` characters. */
const clean = (text: string, max = 200) => escaped(text.length > max ? `${text.slice(0, max)}…` : text).replace(/[\r\n]/g, (c) => (c === '\n' ? '\\n' : '\\r'));
/** The most of an error's message a result shows: an argument the client refuses is echoed in it, and the model may send megabytes. */
const maxErrorCharacters = 1000;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** A JSON Schema 2020-12 validator with the formats checked. */
export function schemaValidator(): Ajv2020 {
  return addFormats(new Ajv2020({ allErrors: false, strict: false, validateFormats: true, verbose: true }));
}

/** One line naming the argument that is wrong and how. */
function argumentProblem(tool: ToolDefinition, error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  if (error.keyword === 'required' && error.instancePath === '') return `missing required argument '${clean(String(params.missingProperty))}'`;
  if (error.keyword === 'additionalProperties' && error.instancePath === '')
    return `unknown argument '${clean(String(params.additionalProperty))}'; ${tool.name} takes ${tool.arguments.map((a) => `'${a.name}'`).join(', ') || 'no arguments'}`;
  const field = fieldPath(error.instancePath);
  if (field.length === 0) return `the arguments ${error.message ?? 'are not valid'}`;
  const refused = (error.schema as { enum?: unknown[] } | undefined)?.enum;
  if (error.keyword === 'not' && Array.isArray(refused))
    return `argument '${clean(field.join('.'))}' must not be ${refused.map((v) => clean(JSON.stringify(v))).join(' or ')}`;
  return `argument '${clean(field.join('.'))}' ${error.keyword === 'type' ? schemaWants(error) : (error.message ?? 'is not valid')}`;
}

/** A JSON pointer's segments, decoded. */
const fieldPath = (pointer: string) =>
  pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));

/** What a bounded fetch passed on: whether it cut the answer, and the bytes it let through (the answer as the service sent it). */
interface Received {
  truncated: boolean;
  bytes: number;
  chunks: Uint8Array[];
}

/**
 * An answer read up to a number of bytes: the rest is not read, and `truncated` says so. Each
 * answer starts `state` again: the call's is the last one fetched (a redirect's or a retried
 * answer's body, cancelled by the client, is not part of it, even where its stream had begun).
 */
function boundedFetch(fetchImpl: (request: Request) => Promise<Response>, limit: number, state: Received) {
  return async (request: Request): Promise<Response> => {
    const response = await fetchImpl(request);
    const chunks: Uint8Array[] = [];
    Object.assign(state, { truncated: false, bytes: 0, chunks });
    if (response.body === null || (response.status >= 300 && response.status < 400)) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read();
        // An answer after this one was fetched: this one is no longer the call's.
        if (state.chunks !== chunks) {
          await reader.cancel();
          return controller.close();
        }
        if (done) return controller.close();
        const room = limit - state.bytes;
        if (value.byteLength > room) {
          if (room > 0) {
            controller.enqueue(value.subarray(0, room));
            state.chunks.push(value.subarray(0, room));
          }
          state.bytes = limit;
          state.truncated = true;
          await reader.cancel();
          return controller.close();
        }
        state.bytes += value.byteLength;
        state.chunks.push(value);
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/** Runs one tool call; every outcome but an unknown tool is a result an agent can read (`isError` on a failure). */
export class ToolCaller {
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly outputValidators = new Map<string, ValidateFunction>();
  private readonly ajv = schemaValidator();
  private readonly tools: Map<string, ToolDefinition>;
  private readonly options: ToolServerOptions;
  private readonly table: McpToolTable;
  /** Each tool's schema as the client family takes it, with `--client`. */
  private readonly strict?: Map<string, StrictTool>;
  /** Every form a service may echo a credential in (the client's runtime's rule, which verify shares). */
  private readonly echoes: CredentialEchoes;
  /** The credentials' values as sent (a scheme's token alone too), those long enough to look for: a run of their first characters is hidden too. */
  private readonly secrets: string[];

  constructor(table: McpToolTable, tools: ToolDefinition[], options: ToolServerOptions) {
    this.table = table;
    this.tools = new Map(tools.map((tool) => [tool.name, tool]));
    this.options = options;
    this.echoes = credentialEchoes(Object.values(options.headers));
    this.secrets = [...new Set(Object.values(options.headers).flatMap(secretsOfHeaderValue))].filter((secret) => secret.length >= shortestEchoedSecret);
    if (options.client === 'openai') this.strict = new Map(tools.map((tool) => [tool.name, strictTool(tool)]));
  }

  /** The tools as `tools/list` answers, in the table's order. */
  listed(): Tool[] {
    const strict = this.strict;
    if (!strict) return [...this.tools.values()].map(listedTool);
    return [...this.tools.values()].map((tool) => ({ ...listedTool(tool), inputSchema: strict.get(tool.name)!.inputSchema }));
  }

  /** A line of the server's log (stderr), when it keeps one. */
  log(line: string): void {
    this.options.log?.(line);
  }

  async call(name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult> {
    const started = performance.now();
    let result: CallToolResult;
    try {
      result = await this.outcome(name, args);
    } catch (error) {
      if (error instanceof ProtocolError) this.log(`mcp: ${clean(name)}: refused: ${error.message}`);
      throw error;
    }
    const first = (result.content[0] as { text?: string } | undefined)?.text?.split('\n')[0] ?? '';
    this.options.log?.(
      `mcp: ${clean(name)}: ${result.isError ? 'error: ' : ''}${clean(first.replace(`${name}: `, ''))} (${Math.round(performance.now() - started)} ms)`,
    );
    return result;
  }

  private async outcome(name: string, args: Record<string, unknown> | undefined): Promise<CallToolResult> {
    const tool = this.tools.get(name);
    if (!tool) {
      const notServed = this.options.notServed?.(name);
      throw new ProtocolError(ErrorCode.InvalidParams, notServed ?? `Unknown tool: ${clean(name)}${suggestion(name, [...this.tools.keys()])}`);
    }
    let input = args ?? {};
    try {
      // A strict client's arguments (`null` for one left out, JSON text for an open object) as the description takes them.
      input = this.strict?.get(name)?.decode(input) ?? input;
    } catch (error) {
      if (!(error instanceof ArgumentTextError)) throw error;
      return this.failure(`${tool.name}: ${clean(error.message, 400)}; nothing was sent`);
    }
    let validate = this.validators.get(name);
    if (!validate) this.validators.set(name, (validate = this.ajv.compile(tool.inputSchema)));
    if (!validate(input)) return this.failure(`${tool.name}: ${argumentProblem(tool, validate.errors![0])}; nothing was sent`);
    try {
      return await this.send(tool, input);
    } catch (error) {
      // The client's messages quote the argument or the answer they refuse: escaped and bounded here.
      // Hidden before they are cut: a cut echo would no longer be found.
      const reason =
        error instanceof Error
          ? `${error.name === 'Error' ? '' : `${error.name}: `}${clean(this.hidden(error.message), maxErrorCharacters)}`
          : clean(this.hidden(String(error)));
      const causeText = error instanceof Error && error.cause instanceof Error ? this.hidden(error.cause.message) : undefined;
      // fetch refuses the Fetch standard's "bad ports" (6000, 9 and others) before connecting.
      const cause =
        causeText === 'bad port'
          ? ' (fetch never calls this port, a "bad port" of the Fetch standard: serve the service on another)'
          : causeText === undefined
            ? ''
            : ` (${clean(causeText)})`;
      const timeout = error instanceof Error && error.name === 'TimeoutError' ? ` (no complete answer within ${this.options.timeoutMs} ms)` : '';
      return this.failure(`${tool.name}: ${reason}${cause}${timeout}`);
    }
  }

  private async send(tool: ToolDefinition, input: Record<string, unknown>): Promise<CallToolResult> {
    const key = `${tool.method} ${tool.path}`;
    const state: Received = { truncated: false, bytes: 0, chunks: [] };
    // Read past the bound by the longest echo of a credential (in UTF-8, at most 3 bytes a
    // character of it): one that straddles the bound is read whole, hidden, and only then is the answer cut.
    const slack = this.echoes.longest * 3;
    const client = createDescribedClient<Record<string, never>>(
      {
        baseUrl: this.options.baseUrl,
        headers: this.options.headers,
        // The client's own deadline is the call's: a retry whose wait would end past it is not taken.
        timeoutMs: this.options.timeoutMs,
        fetch: boundedFetch(this.options.fetch ?? ((r) => globalThis.fetch(r)), this.options.maxResultBytes + slack, state),
      },
      { defaultBaseUrl: this.table.defaultBaseUrl, operationIds: { [key]: tool.name }, parameters: { [key]: tool.parameterStyles } },
    );
    const params: Record<string, Record<string, unknown>> = {};
    let body: unknown;
    for (const argument of tool.arguments) {
      if (!(argument.name in input)) continue;
      if (argument.in === 'body') body = input[argument.name];
      else (params[argument.in] ??= {})[argument.name] = input[argument.name];
    }
    const request = client.request as unknown as (method: string, path: string, init: Record<string, unknown>) => Promise<{ response: Response }>;
    // openapi-fetch reads the whole answer before it returns (as text, or parsed when an error is
    // JSON); what the bounded fetch let through is what is shown: `"gone"` as sent, not `gone`.
    const { response } = await request(tool.method.toLowerCase(), tool.path, {
      params,
      ...(body === undefined ? {} : { body }),
      parseAs: 'text',
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const text = new TextDecoder().decode(Buffer.concat(state.chunks));
    const type = response.headers.get('content-type');
    const head = `HTTP ${response.status}${type ? ` (${clean(type)})` : ''} from ${tool.method} ${tool.path}`;
    const answerShown = this.bounded(this.hidden(text));
    const cut = state.truncated || answerShown.cut;
    const answer = `${text === '' ? '(no body)' : answerShown.text}${cut ? `\n[answer cut at ${this.options.maxResultBytes} bytes: the service sent more]` : ''}`;
    if (!response.ok) return this.failure(`${head}\n${answer}`);
    if (!tool.outputSchema) return this.success(`${head}\n${answer}`);
    return this.structured(tool, text, head, answer, cut);
  }

  /**
   * A success answer of a tool with an output schema: its JSON as `structuredContent` when it fits
   * the schema; when not, an error result whose first line (the log's, and all some clients show
   * of an error) says why.
   */
  private structured(tool: ToolDefinition, text: string, head: string, answer: string, truncated: boolean): CallToolResult {
    let value: unknown;
    try {
      if (truncated) throw new Error('it was cut off');
      value = JSON.parse(text);
    } catch (error) {
      return this.failure(`${head}: not the JSON object the description states (${error instanceof Error ? error.message : String(error)})\n${answer}`);
    }
    let validate = this.outputValidators.get(tool.name);
    if (!validate) this.outputValidators.set(tool.name, (validate = this.ajv.compile(tool.outputSchema!)));
    if (!validate(value)) {
      // In verify's words (scripts/schema-problem.ts): where, what the schema wants, and the type found.
      const problem = bodyProblem(validate.errors![0], (pointer) => fieldPath(pointer).join('.'));
      return this.failure(`${head}: the answer does not match the description: ${clean(problem)}\n${answer}`);
    }
    let structuredContent: Record<string, unknown>;
    try {
      // The JSON text of the value, its echoes hidden (each within its string: the mark needs no escape).
      structuredContent = JSON.parse(this.hidden(JSON.stringify(value))) as Record<string, unknown>;
    } catch (error) {
      // A mark inside an escape would break the JSON text (a value too deep to copy is a RangeError, said as one).
      if (!(error instanceof SyntaxError)) throw error;
      return this.failure(`${head}: the answer holds a credential where it cannot be hidden from structured content\n${answer}`);
    }
    return { ...this.success(`${head}\n${answer}`), structuredContent };
  }

  /** Every result's text passes here or through failure: whatever part of it came from the service (a header, the body), no echo of a credential. */
  private success(text: string): CallToolResult {
    return { content: [{ type: 'text', text: this.hidden(escaped(text)) }] };
  }

  private failure(text: string): CallToolResult {
    return { isError: true, content: [{ type: 'text', text: this.hidden(escaped(text)) }] };
  }

  /**
   * `text` with every echo of a credential replaced (credentialEchoes: as sent, percent- or
   * form-encoded, JSON-escaped, in another case, in base64): a service that echoes a key never
   * hands it to the agent. A run of a key's first characters as sent (8 or more, or the whole of a
   * shorter key) is replaced too: an answer or a message cut inside a key shows no part of it.
   */
  private hidden(text: string): string {
    let result = this.echoes.hide(text, '[credential]');
    for (const secret of this.secrets) {
      // Each run of the key's first characters, to its whole length: a whole key, or a cut one.
      const lead = secret.slice(0, Math.min(secret.length, 8));
      let at = result.indexOf(lead);
      while (at !== -1) {
        let end = at + lead.length;
        while (end < result.length && end - at < secret.length && result[end] === secret[end - at]) end += 1;
        result = `${result.slice(0, at)}[credential]${result.slice(end)}`;
        at = result.indexOf(lead, at + '[credential]'.length);
      }
    }
    return result;
  }

  /**
   * An answer's text escaped and cut at the bound, and whether it was cut: escaping makes it longer,
   * and the bound is on what the agent reads.
   */
  private bounded(text: string): { text: string; cut: boolean } {
    const shown = escaped(text);
    const bytes = Buffer.from(shown);
    if (bytes.byteLength <= this.options.maxResultBytes) return { text: shown, cut: false };
    // Cut on a character boundary: the decoder drops a character the bound splits.
    return { text: new TextDecoder().decode(bytes.subarray(0, this.options.maxResultBytes)).replace(/\uFFFD$/, ''), cut: true };
  }
}

/** A tool as `tools/list` answers it. */
export function listedTool(tool: ToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: tool.inputSchema,
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    annotations: tool.annotations,
  };
}

/** What the server declares it offers: tools and resources that do not change while it runs, and logging. */
export const serverCapabilities: ServerCapabilities = { tools: { listChanged: false }, resources: { listChanged: false }, logging: {} };

const noResources: ResourceSet = { entries: [], read: () => Promise.reject(new Error('no resources')) };

/** An MCP server (the SDK's) with the chosen tools and the build's resources; connect it to one transport. */
export function createToolServer(table: McpToolTable, caller: ToolCaller, resources: ResourceSet = noResources): Server {
  const first = resources.entries[0]?.uri;
  const server = new Server(
    { name: 'email-delivery-api', title: `${table.title} (MCP)`, version: table.version },
    {
      capabilities: serverCapabilities,
      instructions: `Tools for the ${table.title} ${table.version}, one per operation. Where a tool's description says a payload is not specified, the interface document leaves it open: the input schema says what may be sent, and an answer may be any JSON value.${first ? ` The reference is a resource to read: ${first} first.` : ''}`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: caller.listed() }));
  server.setRequestHandler(CallToolRequestSchema, (request) => caller.call(request.params.name, request.params.arguments));
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listedResources(resources.entries) }));
  // Every resource is listed: there is no template, no URI a client fills in.
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: [] }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    try {
      const result = await readResource(resources, request.params.uri);
      caller.log(`mcp: read ${clean(request.params.uri)}`);
      return result;
    } catch (error) {
      caller.log(`mcp: read refused: ${clean(error instanceof Error ? error.message : String(error), 400)}`);
      throw error;
    }
  });
  return server;
}
