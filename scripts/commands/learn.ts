// `npm run learn`: an overlay of what recorded traffic shows (fields, parameters, credentials'
// carriers; names and types only), matched to the description's own operations
// (scripts/learn/learn.ts, docs/learn.md).
import fs from 'node:fs';
import path from 'node:path';
import { type CommandDefinition, type CommandIo, commandLine } from '../command-line.ts';
import { forTerminal } from '../escape.ts';
import { learn } from '../learn/learn.ts';
import { writeAtomically } from '../write-atomically.ts';
import { trafficExtensions, trafficReading, trafficReadingOptions } from '../learn/read-traffic.ts';
import { asTyped, ReportedError, openProject, within } from '../project.ts';
import { checkBaseUrl, UsageError } from '../verify/verify-options.ts';

export const definition: CommandDefinition = {
  name: 'learn',
  summary: [
    'Learns an overlay from recorded traffic (HAR; Kong, Nginx or Apache JSON logs; NDJSON, as redocly proxy',
    "streams it): each exchange is matched to the description's operation by method and path template,",
    'whatever its host; what matches none is counted and listed, never added. It writes the fields of the',
    "bodies, the query and header parameters and the credentials' carriers (names and types only, never a",
    'value) as an Overlay 1.0 file of observed facts, whole or not at all. Facts your --overlay files state are kept.',
    'Any amount is read in bounded memory; reaching --time-limit ends the reading (what was read is learned, and',
    'how much was left is said); --sample reads 1 record in n, the same ones every run.',
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
    ...trafficReadingOptions,
  },
  examples: [
    'npm run learn -- --traffic capture.har --out learned.yaml',
    'npm run learn -- --traffic logs/ --base-url https://gw.example.com/email --out learned.yaml',
    'npm run learn -- --traffic gateway-day.ndjson --sample 10 --out learned.yaml',
  ],
  exits: [
    [0, 'written'],
    [1, 'the traffic or an overlay cannot be read, or no exchange matches an operation; nothing written'],
    [2, 'bad arguments; nothing read'],
    [3, 'nothing to learn beyond what the description and your overlays state; nothing written (so `learn && build` stops here)'],
  ],
};

/** `file` with its folder's links followed (the folder's real path, then its name), or as it is where that folder does not exist. */
function realPlace(file: string): string {
  try {
    return path.join(fs.realpathSync(path.dirname(file)), path.basename(file));
  } catch {
    return file;
  }
}

/** The real path of `file` (every link followed), or its real place where it does not exist. */
function realPath(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return realPlace(file);
  }
}

/**
 * Why `out` may not be written, if it may not: an input (the traffic, an overlay), a traffic file
 * inside the traffic folder (the next learn would read it), or a file inside the project's own
 * sources and outputs; compared by real paths, so that a link to a folder leads nowhere else.
 */
function outProblem(project: ReturnType<typeof openProject>, out: string, traffic: string, overlays: string[]): string | undefined {
  const real = realPlace(out);
  if ([traffic, ...overlays].some((input) => realPath(input) === real || path.resolve(input) === out))
    return '--out names one of the inputs: write the overlay to a file of its own';
  if ([project.outputDir, path.dirname(project.sourceEntry)].some((folder) => within(folder, out) || within(realPath(folder), real)))
    return '--out is inside generated/ or openapi/, which only the build writes';
  const trafficFolder = fs.statSync(traffic, { throwIfNoEntry: false })?.isDirectory() ? realPath(traffic) : undefined;
  if (trafficFolder && within(trafficFolder, real) && trafficExtensions.includes(path.extname(out).toLowerCase()))
    return `--out is a traffic file (${path.extname(out)}) inside the traffic folder, which the next learn would read as traffic: name it .yaml, or write it elsewhere`;
  return undefined;
}

export async function run(args: string[], io: CommandIo): Promise<number> {
  const parsed = commandLine(definition, args, io);
  if (typeof parsed === 'number') return parsed;
  const { values } = parsed;
  const project = openProject(io.root);
  const shownAs = asTyped(io.cwd, [...values.overlay, values.traffic, values.out]);
  const out = path.resolve(io.cwd, values.out);
  const traffic = path.resolve(io.cwd, values.traffic);
  let prefix = '';
  try {
    if (values['base-url'] !== undefined) prefix = new URL(checkBaseUrl(values['base-url'], 'learn')).pathname.replace(/\/+$/, '');
    const problem = outProblem(
      project,
      out,
      traffic,
      values.overlay.map((file: string) => path.resolve(io.cwd, file)),
    );
    if (problem) throw new UsageError(problem);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`learn: ${forTerminal(error.message)}: see \`npm run learn -- --help\``);
    return 2;
  }
  try {
    const overlays = values.overlay.map((file: string) => path.resolve(io.cwd, file));
    const result = await learn(project, { traffic, out, prefix, overlays, shownAs, ...trafficReading(values) });
    for (const line of result.lines) io.out(`learn: ${forTerminal(line)}`);
    if (result.text === undefined) {
      if (result.observations.operations.size === 0) return 1;
      // A distinct code: the build that would follow has no overlay of this traffic to build with (a file already there is an older one).
      io.out(`learn: ${forTerminal(values.out)} not written${fs.existsSync(out) ? ': the file there is as it was, not learned from this traffic' : ''}`);
      return 3;
    }
    await writeAtomically(out, result.text, { shownAs: shownAs(out) });
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
