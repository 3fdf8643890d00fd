// One definition per command (scripts/commands/): its summary, options with their kinds, positionals,
// an example and exit codes. The same definition parses the arguments, with node:util's parseArgs
// (strict: an unknown option, a missing value or a stray argument is refused), checks each value's
// kind, and prints `--help`. Node's own parser: no dependency, strict by default.
import { parseArgs } from 'node:util';
import { closestName } from './closest-name.ts';
import { forTerminal } from './escape.ts';

// The types are loose (`type: string`, exits of numbers and strings): parseCommandLine checks a
// definition's shape as it uses it.
export interface OptionDefinition {
  /** 'string' or 'boolean'. */
  type: string;
  /** What the value looks like in the usage line: `<file>`, `text|markdown`. */
  value?: string;
  description: string;
  default?: string | boolean | string[];
  multiple?: boolean;
  /** A string option's allowed values. */
  choices?: readonly string[];
  /** A whole number in [min, max]. */
  integer?: { min: number; max: number };
  /** The command cannot run without it: refused when missing, and shown without brackets in the usage line. */
  required?: boolean;
}

export interface CommandDefinition {
  /** The npm script. */
  name: string;
  /** The command's own name, where it is not an npm script (a package's `bin`): usage and hints name it instead. */
  program?: string;
  summary: string;
  /**
   * The positional arguments, as the usage line shows them, and how many at most; with `min`, how
   * many at least (refused when fewer, and shown without brackets in the usage line).
   */
  positionals?: { usage: string; max: number; min?: number; description: string };
  options: Record<string, OptionDefinition>;
  examples: string[];
  /** [exit code, meaning] pairs. */
  exits: (number | string)[][];
}

/**
 * The options' values by name. Loose on purpose: a definition is a CommandDefinition, so the type
 * does not say which options it holds, and each value was checked against its definition (type,
 * choices, whole number) at run time.
 */
export type ParsedValues = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- see above

/** A usage error: one line naming the option (then, for some of Node's, a hint on lines of their own), exit 2, nothing sent or written. */
export class CommandLineError extends Error {
  override name = 'CommandLineError';
}

const help = (command: CommandDefinition) => (command.program ? `see \`${command.program} --help\`` : `see \`npm run ${command.name} -- --help\``);

/** For an unknown option close to a known one, ` (did you mean '--overlay'?)`; else nothing. */
function meant(error: unknown, options: Record<string, unknown>): string {
  if ((error as { code?: unknown }).code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return '';
  const given = /^Unknown option '--([^']{1,100})'/.exec(error instanceof Error ? error.message : '')?.[1];
  const near = given === undefined ? undefined : closestName(given, Object.keys(options));
  return near ? ` (did you mean '--${near}'?)` : '';
}

/**
 * When npm ran the command and took some of its options as npm's own (`npm run verify --base-url x`
 * without `--`: npm keeps `--base-url` as its config `base_url` and passes `x` on), the line that
 * says so; else nothing.
 */
export function npmTookOptions(command: CommandDefinition, env: NodeJS.ProcessEnv): string {
  if (env.npm_lifecycle_event !== command.name) return '';
  const taken = Object.keys(command.options).filter((name) => env[`npm_config_${name.replaceAll('-', '_')}`] !== undefined);
  return taken.length === 0
    ? ''
    : `\n  npm took ${taken.map((name) => `--${name}`).join(', ')} as its own: put -- before the command's options, \`npm run ${command.name} -- --${taken[0]} ...\``;
}

/** The options and positionals `args` gives `command`; throws a CommandLineError naming what is wrong. */
export function parseCommandLine(
  command: CommandDefinition,
  args: string[],
  env: NodeJS.ProcessEnv,
): { values: ParsedValues; positionals: string[]; help: boolean } {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean; default?: never }> = {
    help: { type: 'boolean', short: 'h', default: false as never },
  };
  for (const [name, option] of Object.entries(command.options)) {
    if (option.type !== 'string' && option.type !== 'boolean') throw new TypeError(`${command.name}: option ${name}: type must be 'string' or 'boolean'`);
    options[name] = { type: option.type, default: (option.default ?? (option.type === 'boolean' ? false : undefined)) as never };
    if (option.multiple) options[name].multiple = true;
  }
  let parsed;
  try {
    parsed = parseArgs({ args, options, allowPositionals: command.positionals !== undefined, strict: true });
  } catch (error) {
    if (!String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS_')) throw error;
    // The first sentence names the option; further lines (the hint for a value that starts with a dash) follow, indented.
    const [first, ...more] = nodeMessageLines(error instanceof Error ? error.message : String(error));
    throw new CommandLineError(
      [`${command.name}: ${first.split('. ')[0].replace(/\.$/, '')}${meant(error, options)}: ${help(command)}`, ...more.map((line) => `  ${line}`)].join('\n') +
        npmTookOptions(command, env),
    );
  }
  const { values, positionals } = parsed;
  if (values.help) return { values, positionals, help: true };
  if (command.positionals && positionals.length > command.positionals.max)
    throw new CommandLineError(
      `${command.name}: unexpected argument ${forTerminal(JSON.stringify(positionals[command.positionals.max]))}: ${help(command)}${npmTookOptions(command, env)}`,
    );
  if (command.positionals && positionals.length < (command.positionals.min ?? 0))
    throw new CommandLineError(`${command.name}: ${command.positionals.usage} is required: ${help(command)}`);
  for (const [name, option] of Object.entries(command.options)) {
    if (option.required && values[name] === undefined)
      throw new CommandLineError(`${command.name}: --${name} ${option.value ?? '<value>'} is required: ${help(command)}${npmTookOptions(command, env)}`);
    for (const value of Array.isArray(values[name]) ? values[name] : [values[name]]) checkKind(command, name, option, value);
  }
  return { values, positionals, help: false };
}

/**
 * Node's message as lines, each escaped: a line break starts a line only before the hints Node
 * adds ("Did you forget ...", "To specify ..."); any other, as in an argument Node quotes whole or
 * in part (`-\n` of a short-option group), stays escaped.
 */
function nodeMessageLines(message: string): string[] {
  return message.split(/\r?\n(?=(?:Did you forget|To specify) )/).map((line) => forTerminal(line));
}

function checkKind(definition: CommandDefinition, name: string, option: OptionDefinition, value: unknown): void {
  const command = definition.name;
  if (typeof value !== 'string') return;
  const shown = forTerminal(JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value));
  if (option.type === 'string' && value === '') throw new CommandLineError(`${command}: --${name} needs a value: ${help(definition)}`);
  if (option.choices && !option.choices.includes(value))
    throw new CommandLineError(`${command}: --${name} ${shown}: give one of ${option.choices.join(', ')}: ${help(definition)}`);
  if (option.integer) {
    const number = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!(number >= option.integer.min && number <= option.integer.max))
      throw new CommandLineError(
        `${command}: --${name} ${shown}: give a whole number from ${option.integer.min} to ${option.integer.max}: ${help(definition)}`,
      );
  }
}

/** The `--help` text: usage, what it does, the options, an example, the exit codes. */
export function helpText(command: CommandDefinition): string {
  const flag = (name: string, option: OptionDefinition) => `--${name}${option.type === 'string' ? ` ${option.value ?? '<value>'}` : ''}`;
  const usage = [
    command.program ?? `npm run ${command.name}`,
    !command.program && (Object.keys(command.options).length > 0 || command.positionals) ? ' --' : '',
    command.positionals ? ` ${(command.positionals.min ?? 0) > 0 ? command.positionals.usage : `[${command.positionals.usage}]`}` : '',
    ...Object.entries(command.options).map(([name, option]) => {
      const shown = option.required ? flag(name, option) : `[${flag(name, option)}]`;
      return ` ${shown}${option.multiple ? ' ...' : ''}`;
    }),
  ].join('');
  const rows: [string, string][] = Object.entries(command.options).map(([name, option]) => [
    flag(name, option),
    `${option.description}${option.default !== undefined && option.default !== false && String(option.default) !== '' ? ` (default: ${String(option.default)})` : ''}`,
  ]);
  if (command.positionals) rows.unshift([command.positionals.usage, command.positionals.description]);
  rows.push(['--help, -h', 'this text']);
  const width = Math.max(...rows.map(([left]) => left.length));
  return [
    `usage: ${usage}`,
    '',
    command.summary,
    '',
    'options:',
    ...rows.map(([left, right]) => `  ${left.padEnd(width)}  ${right}`),
    '',
    command.examples.length > 1 ? 'examples:' : 'example:',
    ...command.examples.map((example) => `  ${example}`),
    '',
    'exit codes:',
    ...command.exits.map(([code, meaning]) => `  ${code}  ${meaning}`),
    '',
  ].join('\n');
}

/**
 * What a command works with, handed to it by its process (scripts/cli/main.ts) or by a test that
 * calls it in its own process: the checkout, where the user's relative paths start, the
 * environment, its output, and the signal that asks a long-running command to stop.
 */
export interface CommandIo {
  /** The checkout the command works on. */
  root: string;
  /** Where the user's relative paths start (npm runs scripts in the package's folder: npm's INIT_CWD). */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** A line on stdout. */
  out(line: string): void;
  /** A line on stderr. */
  err(line: string): void;
  /** Text on stdout as it is (help, reports that end their own lines). */
  write(text: string): void;
  /** Aborted when a command that serves is asked to stop (Ctrl-C, SIGTERM, its parent gone): it stops cleanly and resolves. */
  signal: AbortSignal;
}

/** A command (scripts/commands/): its definition, and its work as a function of its arguments and an io, resolving to the exit code. */
export interface Command {
  definition: CommandDefinition;
  run(args: string[], io: CommandIo): Promise<number>;
  /** It serves until stopped: its process turns Ctrl-C, SIGTERM and a parent that is gone into `io.signal`. */
  serves?: boolean;
}

/**
 * For a command: the parsed arguments, or the exit code when the command ends here (0 after
 * `--help`, 2 after a usage error, printed on its line, then any hint's lines).
 */
export function commandLine(
  command: CommandDefinition,
  args: string[],
  io: Pick<CommandIo, 'err' | 'write' | 'env'>,
): { values: ParsedValues; positionals: string[] } | number {
  try {
    const parsed = parseCommandLine(command, args, io.env);
    if (!parsed.help) return parsed;
    io.write(helpText(command));
    return 0;
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error;
    io.err(error.message);
    return 2;
  }
}
