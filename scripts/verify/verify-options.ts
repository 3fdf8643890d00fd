// What `npm run verify` is told, checked before anything is sent: the base URL (a scheme, a host,
// a path prefix if the service has one, no query), the headers (`Name: value`, or a value from the
// environment: `--header-env Name=VAR`, as the MCP server takes it), the ids and writes by
// operationId. A usage error is one line, exit 2, and no request.
import { type CommandDefinition, CommandLineError, npmTookOptions, parseCommandLine } from '../command-line.ts';
import { eachOperation, type OpenApiDocument } from '../openapi-document.ts';
import { closestName } from '../closest-name.ts';
import { headersFromEnvironment } from '../header-env.ts';
import { learnLimits } from '../learn/learn-limits.ts';
import { trafficReading, trafficReadingOptions } from '../learn/read-traffic.ts';

export interface VerifyOptions {
  /** The service; with `traffic`, the path prefix its recorded URLs carry, or ''. */
  baseUrl: string;
  /** Recorded traffic to check instead of calling the service (nothing is sent). */
  traffic?: string;
  /** With `traffic`: read 1 record in `sample`, within `seconds` (learn's --sample and --time-limit). */
  sample: number;
  seconds: number;
  /** Where to write what verify sent and received, as HAR (credentials replaced by a mark). */
  record?: string;
  /** Headers sent with every request (credentials), in the order given. */
  headers: [name: string, value: string][];
  overlays: string[];
  /** The value of `{id}` for an operation, by operationId. */
  ids: Map<string, string>;
  /** The write operations (POST, PUT, PATCH, DELETE) the user names; sent only with `allowWrites`. */
  writes: string[];
  allowWrites: boolean;
  dryRun: boolean;
  format: 'text' | 'markdown';
  junit?: string;
  /** Whether *not confirmed* fails the verification too. */
  strict: boolean;
  /** Each request's timeout. */
  timeoutMs: number;
  /** At most this many requests a second, redirects included. */
  rate: number;
  /** The largest body read, decoded, per response. */
  maxBodyBytes: number;
  /** Redirects followed per operation, within the origin. */
  maxRedirects: number;
}

/** The default of --max-body-bytes: far more than any answer the description states, far less than memory. */
export const defaultMaxBodyBytes = 4 * 1024 * 1024;
/** Redirects followed per operation within the origin (a trailing slash, a moved path); a loop stops here. */
export const maxRedirects = 3;

export class UsageError extends Error {}

/** The command's definition: its parser and `--help` (scripts/command-line.ts). */
export const verifyCommand: CommandDefinition = {
  name: 'verify',
  summary: [
    'Checks a running service against the description (or the description with your overlays): GET',
    'requests only unless told otherwise, one per operation, at most --rate a second. Prints the plan',
    'before anything is sent, warns when the description declares security and no --header or',
    '--header-env carries it, then one line per operation: failures first (contradicts, server error,',
    'refused, unreachable), then not confirmed, then as described, then not called, grouped by what would',
    "call them. Each operation's whole exchange ends within --timeout and --max-body-bytes. --record writes",
    'the exchanges as HAR (credentials replaced by a mark); --traffic checks recorded traffic instead of',
    'calling the service (nothing is sent), with the same verdicts and exit codes (docs/learn.md).',
  ].join('\n'),
  options: {
    'base-url': {
      type: 'string',
      value: '<url>',
      description: 'the service: scheme, host and any path prefix before /v1/ (required, but with --traffic: then the prefix the recorded URLs carry)',
    },
    header: {
      type: 'string',
      value: '"Name: value"',
      multiple: true,
      default: [],
      description: 'a header sent with every request (credentials); never printed',
    },
    'header-env': {
      type: 'string',
      value: '<Name=VAR>',
      multiple: true,
      default: [],
      description: 'send header Name with the value of environment variable VAR: a credential on no command line',
    },
    overlay: { type: 'string', value: '<file>', multiple: true, default: [], description: 'verify against the description with this overlay, in order' },
    id: { type: 'string', value: '<operationId>=<id>', multiple: true, default: [], description: 'the {id} to call an operation with' },
    write: {
      type: 'string',
      value: '<operationId>',
      multiple: true,
      default: [],
      description: 'also call this write (POST, PUT, PATCH, DELETE); needs --allow-writes',
    },
    'allow-writes': { type: 'boolean', description: 'say that this verification writes to the service' },
    'dry-run': { type: 'boolean', description: 'print the plan; send nothing' },
    format: { type: 'string', value: 'text|markdown', choices: ['text', 'markdown'], default: 'text', description: 'markdown: the verdicts for a job summary' },
    junit: { type: 'string', value: '<file>', description: 'write the verdicts as JUnit XML' },
    strict: { type: 'boolean', description: 'fail on any operation not confirmed, too' },
    record: { type: 'string', value: '<file.har>', description: 'write what was sent and received as HAR, credentials replaced by a mark' },
    traffic: {
      type: 'string',
      value: '<file|folder>',
      description: 'check recorded traffic (HAR, JSON or NDJSON logs) instead of calling the service: nothing is sent',
    },
    // With --traffic, the reading's own (learn's): their defaults said, not set, so that one given without --traffic is refused.
    ...Object.fromEntries(
      Object.entries(trafficReadingOptions).map(([name, { default: fallback, ...option }]) => [
        name,
        { ...option, description: `with --traffic: ${option.description} (default: ${String(fallback)})` },
      ]),
    ),
    timeout: {
      type: 'string',
      value: '<seconds>',
      default: '10',
      description: "each operation's whole exchange, redirects and body included (more than 0, at most 300)",
    },
    rate: { type: 'string', value: '<per second>', default: '2', description: 'requests a second, redirects included (more than 0, at most 10)' },
    'max-body-bytes': {
      type: 'string',
      value: '<n>',
      integer: { min: 1024, max: 1024 ** 3 },
      default: String(defaultMaxBodyBytes),
      description: 'the largest body read, decoded',
    },
  },
  examples: [
    'npm run -s verify -- --base-url https://api.example.com --header-env X-Api-Key=API_KEY --id getIntegration=int_1',
    'npm run verify -- --traffic capture.har --overlay learned.yaml',
  ],
  exits: [
    [0, 'nothing failed, and at least one operation is as described'],
    [
      1,
      'a call contradicts, answered 5xx, 401 or 403, or got no answer; or none was confirmed (--strict: or one was not confirmed); or the traffic or an overlay cannot be read (nothing sent)',
    ],
    [2, 'bad usage: nothing was sent'],
  ],
};

/** An HTTP field name (RFC 9110 token). */
const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * The options in `args`; throws a UsageError naming the first thing that is wrong, or the parser's
 * CommandLineError (whole as printed: escaped, `verify: ` and the pointer at --help in it).
 */
export function parseVerifyArgs(args: string[], env: NodeJS.ProcessEnv = {}): VerifyOptions {
  const { values } = parseCommandLine(verifyCommand, args, env);
  if (values['base-url'] === undefined && values.traffic === undefined)
    throw new CommandLineError(
      `verify: --base-url <url> is required (or --traffic <file|folder> to check recorded traffic): see \`npm run verify -- --help\`${npmTookOptions(verifyCommand, env)}`,
    );
  if (values.traffic !== undefined) checkTrafficOptions(values);
  else {
    const reading = Object.keys(trafficReadingOptions).find((name) => values[name] !== undefined);
    if (reading) throw new UsageError(`--${reading} is for reading recorded traffic: give --traffic <file|folder>`);
  }
  const { sample, seconds } = trafficReading({ sample: values.sample ?? '1', 'time-limit': values['time-limit'] ?? String(learnLimits.seconds) });
  const baseUrl = values['base-url'] === undefined ? '' : checkBaseUrl(values['base-url']);
  const headers = [...values.header.map(checkHeader), ...headersFromEnvironment(values['header-env'], env, (message) => new UsageError(message))];
  const ids = new Map<string, string>();
  for (const pair of values.id) {
    const at = pair.indexOf('=');
    if (at <= 0 || at === pair.length - 1) throw new UsageError(`--id ${JSON.stringify(pair)}: give it as <operationId>=<id>, for example getWebhook=wh_1`);
    const [operationId, id] = [pair.slice(0, at), pair.slice(at + 1)];
    if (ids.has(operationId))
      throw new UsageError(
        `--id ${JSON.stringify(operationId)} is given twice (${JSON.stringify(ids.get(operationId))}, ${JSON.stringify(id)}): give one id per operation`,
      );
    // What the client refuses to send as a path segment (it would name another path): refused here, before the run.
    if (id === '.' || id === '..')
      throw new UsageError(`--id ${JSON.stringify(pair)}: "${id}" cannot be sent as one path segment (it would name another path): give the resource's id`);
    ids.set(operationId, id);
  }
  const timeout = Number(values.timeout);
  if (!(timeout > 0 && timeout <= 300)) throw new UsageError(`--timeout ${JSON.stringify(values.timeout)}: give seconds, more than 0 and at most 300`);
  const rate = Number(values.rate);
  if (!(rate > 0 && rate <= 10)) throw new UsageError(`--rate ${JSON.stringify(values.rate)}: give requests per second, more than 0 and at most 10`);
  const maxBodyBytes = Number(values['max-body-bytes']);
  return {
    baseUrl,
    traffic: values.traffic,
    sample,
    seconds,
    record: values.record,
    headers,
    overlays: values.overlay,
    ids,
    writes: values.write,
    allowWrites: values['allow-writes'],
    dryRun: values['dry-run'],
    format: values.format as 'text' | 'markdown',
    junit: values.junit,
    strict: values.strict,
    timeoutMs: timeout * 1000,
    rate,
    maxBodyBytes,
    maxRedirects,
  };
}

/** With --traffic nothing is sent: the options that say what to send are refused. */
function checkTrafficOptions(values: Record<string, unknown>): void {
  const sending = ['header', 'header-env', 'id', 'write', 'allow-writes', 'dry-run', 'record'].find((name) =>
    Array.isArray(values[name]) ? values[name].length > 0 : values[name] !== undefined && values[name] !== false,
  );
  if (sending) throw new UsageError(`--${sending} is for calling the service; with --traffic nothing is sent`);
}

/** The base URL, without a trailing slash; the description's paths start right after it. `learn` reads only its path (the prefix), and sends nothing. */
export function checkBaseUrl(text: string, command: 'verify' | 'learn' = 'verify'): string {
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(text)) throw new UsageError(`--base-url ${JSON.stringify(text)} has no scheme: give https://... or http://...`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--base-url ${JSON.stringify(text)} is not a URL: give the scheme and host, for example https://api.example.com`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError(
      `--base-url ${JSON.stringify(text)}: ${command === 'learn' ? 'give an http or https URL (learn reads its path prefix)' : 'only http and https are verified'}`,
    );
  if (url.username || url.password)
    throw new UsageError(
      command === 'learn'
        ? '--base-url holds credentials: learn reads only its path prefix; give the URL without them'
        : '--base-url holds credentials: send them with --header-env (or --header) instead, which is never printed',
    );
  if (url.search || url.hash)
    throw new UsageError(
      `--base-url ${JSON.stringify(text)} has a query or fragment (${url.search}${url.hash}): give the scheme, the host and any path prefix only`,
    );
  // A path prefix (a service behind a gateway, https://host/email) stays: the description's paths follow it.
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

function checkHeader(text: string): [string, string] {
  const at = text.indexOf(':');
  const name = at > 0 ? text.slice(0, at).trim() : '';
  const value = at > 0 ? text.slice(at + 1).trim() : '';
  if (!token.test(name) || /[\r\n\0]/.test(value) || value === '')
    throw new UsageError(`--header: give it as "Name: value", a field name and a value on one line (the header's value is never printed)`);
  return [name, value];
}

/** `; did you mean <name>?` for the closest of `names`, when one is close; else nothing. */
function didYouMean(wanted: string, names: string[]): string {
  const near = closestName(wanted, names);
  return near === undefined ? '' : `; did you mean ${near}?`;
}

/** The operationIds `options` names that `document` does not have, or a named write without --allow-writes. */
export function checkNames(options: VerifyOptions, document: OpenApiDocument): void {
  const operations = new Map([...eachOperation(document)].map(({ method, path, operation }) => [String(operation.operationId), { method, path }]));
  for (const operationId of [...options.ids.keys(), ...options.writes])
    if (!operations.has(operationId))
      throw new UsageError(`${JSON.stringify(operationId)} is not an operationId of the description${didYouMean(operationId, [...operations.keys()])}`);
  for (const operationId of options.ids.keys()) {
    const { method, path } = operations.get(operationId)!;
    if (!path.includes('{')) throw new UsageError(`--id ${operationId}: ${method.toUpperCase()} ${path} has no path parameter to give an id to`);
  }
  for (const operationId of options.writes) {
    if (operations.get(operationId)!.method === 'get') throw new UsageError(`--write ${operationId}: it is a GET, which is verified without --write`);
    if (!options.allowWrites)
      throw new UsageError(`--write ${operationId} changes data on the service: add --allow-writes to say that this verification writes`);
  }
}
