// `npm run learn`: an overlay of what recorded traffic shows (fields, parameters, credentials'
// carriers; names and types only), matched to the description's own operations
// (scripts/learn/learn.ts, docs/learn.md).
import fs from 'node:fs';
import path from 'node:path';
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { forTerminal } from '../escape.ts';
import { learn, writeAtomically } from '../learn/learn.ts';
import { ReportedError, openProject, within } from '../project.ts';
import { checkBaseUrl, UsageError } from '../verify/verify-options.ts';

export const definition: CommandDefinition = {
  name: 'learn',
  summary: [
    'Learns an overlay from recorded traffic (HAR; Kong, Nginx or Apache JSON logs; NDJSON, as redocly proxy',
    "streams it): each exchange is matched to the description's operation by method and path template,",
    'whatever its host; what matches none is counted and listed, never added. It writes the fields of the',
    "bodies, the query and header parameters and the credentials' carriers (names and types only, never a",
    'value) as an Overlay 1.0 file of observed facts, whole or not at all. Facts your --overlay files state are kept.',
  ].join('\n'),
  options: {
    traffic: { type: 'string', value: '<file|folder>', required: true, description: 'the recorded traffic: a file, or a folder of them' },
    out: { type: 'string', value: '<overlay.yaml>', required: true, description: 'the overlay to write' },
    'base-url': { type: 'string', value: '<url>', description: "the service's URL with any path prefix its paths follow (the host is not compared)" },
    overlay: {
      type: 'string',
      value: '<file>',
      multiple: true,
      default: [],
      description: 'an overlay you have, applied first: what it states is not written again',
    },
  },
  examples: [
    'npm run learn -- --traffic capture.har --out learned.yaml',
    'npm run learn -- --traffic logs/ --base-url https://gw.example.com/email --out learned.yaml',
  ],
  exits: [
    [0, 'written, or nothing to learn (said)'],
    [1, 'the traffic or an overlay cannot be read, or no exchange matches an operation; nothing written'],
    [2, 'bad arguments; nothing read'],
  ],
};

/** Why `out` may not be written, if it may not: a folder, the project's own sources and outputs, or an input. */
function outProblem(project: ReturnType<typeof openProject>, out: string, inputs: string[]): string | undefined {
  if (inputs.some((input) => path.resolve(input) === out)) return '--out names one of the inputs: write the overlay to a file of its own';
  if (within(project.outputDir, out) || within(path.dirname(project.sourceEntry), out))
    return '--out is inside generated/ or openapi/, which only the build writes';
  return undefined;
}

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const project = openProject(io.root);
  const typed = new Map<string, string>([...values.overlay, values.traffic, values.out].map((file: string) => [path.resolve(io.cwd, file), file]));
  const shownAs = (file: string) => typed.get(file) ?? (path.relative(io.cwd, file) || '.');
  const out = path.resolve(io.cwd, values.out);
  const traffic = path.resolve(io.cwd, values.traffic);
  let prefix = '';
  try {
    if (values['base-url'] !== undefined) prefix = new URL(checkBaseUrl(values['base-url'])).pathname.replace(/\/+$/, '');
    const problem = outProblem(project, out, [traffic, ...values.overlay.map((file: string) => path.resolve(io.cwd, file))]);
    if (problem) throw new UsageError(problem);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`learn: ${forTerminal(error.message)}: see \`npm run learn -- --help\``);
    return 2;
  }
  try {
    const overlays = values.overlay.map((file: string) => path.resolve(io.cwd, file));
    const result = await learn(project, { traffic, out, prefix, overlays, shownAs });
    for (const line of result.lines) io.out(`learn: ${forTerminal(line)}`);
    if (result.text === undefined) return result.observations.operations.size === 0 ? 1 : 0;
    await writeAtomically(out, result.text);
    const actions = (result.text.match(/^ {2}- target: /gm) ?? []).length;
    io.out(`learn: wrote ${forTerminal(shownAs(out))}: ${actions} ${actions === 1 ? 'action' : 'actions'} of observed facts; review it, then build with it:`);
    io.out(`learn:   npm run build -- ${[...values.overlay, values.out].map((file: string) => `--overlay ${forTerminal(file)}`).join(' ')} --out <folder>`);
    return 0;
  } catch (error) {
    if (!(error instanceof ReportedError)) throw error;
    io.err(`learn: ${forTerminal(error.message)}`);
    io.err(`learn: nothing written${fs.existsSync(out) ? ` (${forTerminal(values.out)} is as it was)` : ''}`);
    return 1;
  }
}
