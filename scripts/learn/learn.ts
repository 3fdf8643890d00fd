// `npm run learn`: reads recorded traffic, matches each exchange to the description's operation by
// method and path template, and writes what it shows (fields, parameters, credentials' carriers,
// names and types only) as an overlay of observed facts. The description is read with the user's
// overlays applied (what they state is kept, not written again); the overlay is written whole or
// not at all, and nothing is written when the traffic holds nothing to learn or cannot be read.
import fs from 'node:fs/promises';
import path from 'node:path';
import { isRef, type OpenApiDocument, successStatus } from '../openapi-document.ts';
import { applyOverlays } from '../overlay/apply-overlay.ts';
import { type Overlay, readOverlay } from '../overlay/read-overlay.ts';
import { type Project, ReportedError } from '../project.ts';
import { type Exchange } from './exchange.ts';
import { type MatchedOperation, operationMatcher } from './match-operation.ts';
import { addExchange, emptyObservations, type Observations } from './observations.ts';
import { learnedActions } from './overlay-actions.ts';
import { type OverlayAction, overlayText } from './overlay-text.ts';
import { overlayLimits } from '../overlay/overlay-limits.ts';
import { learnLimits } from './learn-limits.ts';
import { type ReadCounts, readTraffic, trafficFiles } from './read-traffic.ts';
import type { StatedSource } from './schema-additions.ts';
import { securityPlan } from './security-actions.ts';
import { compare } from './shape.ts';

export interface LearnOptions {
  traffic: string;
  out: string;
  /** The path prefix the service is under in the traffic's URLs (from --base-url), or ''. */
  prefix: string;
  overlays: string[];
  shownAs: (file: string) => string;
  /** Read 1 record in `sample` (1: every one), chosen by a hash of its place (its file in the folder, its index there). */
  sample: number;
  /** The reading's time bound, in seconds: past it, what was read is learned. */
  seconds: number;
}

/** What reading the traffic takes: where it is, the prefix its paths carry, the sample and the time bound. */
export type ReadingOptions = Pick<LearnOptions, 'traffic' | 'prefix' | 'shownAs' | 'sample' | 'seconds'>;

export interface LearnResult {
  /** The overlay's text, or undefined when there is nothing to write. */
  text?: string;
  observations: Observations;
  counts: ReadCounts;
  /** Report lines (not yet escaped). */
  lines: string[];
}

/** The description with the user's overlays applied in memory, the titles of those overlays, and who states what. */
export async function statedDescription(project: Project, overlays: string[], shownAs: (file: string) => string) {
  const base = JSON.parse(await fs.readFile(path.join(project.outputDir, 'openapi.json'), 'utf8')) as OpenApiDocument;
  const read = overlays.map((file) => readOverlay(file, shownAs(file)));
  const document = applyOverlays(base, read).document;
  return { base, document, titles: read.map((overlay) => overlay.title), source: statedSource(base, read, document) };
}

/**
 * Who states what `value` reads: `the description`, or `the overlay <file>` (as typed) after which
 * it reads as it does with every overlay applied. The description with each overlay's predecessors
 * applied is made once, when first asked (only where the traffic differs from what is stated).
 */
function statedSource(base: OpenApiDocument, overlays: Overlay[], document: OpenApiDocument): StatedSource {
  let layers: OpenApiDocument[] | undefined;
  return (value) => {
    layers ??= [base, ...overlays.slice(0, -1).map((_, i) => applyOverlays(base, overlays.slice(0, i + 1)).document), document];
    const stated = JSON.stringify(value(document));
    let layer = layers.length - 1;
    while (layer > 0 && JSON.stringify(value(layers[layer - 1])) === stated) layer--;
    return layer === 0 ? 'the description' : `the overlay ${overlays[layer - 1].file}`;
  };
}

/** The operations' success statuses, by `method path`, for matching an answer to the stated success. */
export function successStatuses(document: OpenApiDocument): Map<string, string | undefined> {
  const statuses = new Map<string, string | undefined>();
  for (const [path, item] of Object.entries(document.paths ?? {}))
    if (item && !isRef(item))
      for (const [method, operation] of Object.entries(item))
        if (typeof operation === 'object' && operation && 'responses' in operation) statuses.set(`${method} ${path}`, successStatus(operation));
  return statuses;
}

/**
 * Reads the traffic and hands each exchange, with the operation it matches (or none), to
 * `onExchange`; returns the files read and left out, and the counts.
 */
export async function eachExchange(
  document: OpenApiDocument,
  options: ReadingOptions,
  onExchange: (exchange: Exchange, operation: MatchedOperation | undefined) => void,
): Promise<{ files: string[]; skipped: string[]; counts: ReadCounts; exchanges: number }> {
  const traffic = await trafficFiles(options.traffic, options.shownAs);
  const match = operationMatcher(document, options.prefix);
  let exchanges = 0;
  const counts = await readTraffic(
    traffic,
    options.shownAs,
    { sample: options.sample, seconds: options.seconds, deadline: Date.now() + options.seconds * 1000 },
    (exchange) => {
      exchanges++;
      onExchange(exchange, match(exchange.method, exchange.path));
    },
  );
  return { files: traffic.files, skipped: traffic.skipped, counts, exchanges };
}

/** Reads the traffic and observes it against `document`. */
export async function observeTraffic(document: OpenApiDocument, options: ReadingOptions) {
  const statuses = successStatuses(document);
  const observations = emptyObservations();
  const read = await eachExchange(document, options, (exchange, operation) =>
    addExchange(observations, exchange, operation, operation && statuses.get(`${operation.method} ${operation.path}`)),
  );
  return { ...read, observations };
}

/** Learns the overlay of `options.traffic`; throws a ReportedError naming the file (and line) of what cannot be read. */
export async function learn(project: Project, options: LearnOptions): Promise<LearnResult> {
  const { base, document, titles, source } = await statedDescription(project, options.overlays, options.shownAs);
  const { files, skipped, observations, counts } = await observeTraffic(document, options);
  const lines = readingLines({ files: files.length, skipped, counts, exchanges: observations.exchanges, sample: options.sample, seconds: options.seconds });
  const matchedCount = observations.exchanges - observations.unmatchedCount;
  lines.push(
    `${matchedCount} matched ${observations.operations.size} ${observations.operations.size === 1 ? 'operation' : 'operations'} of the description by method and path`,
  );
  if (observations.unmatchedCount > 0) {
    lines.push(`${observations.unmatchedCount} match no operation (not learned; a path the description lacks is never added):`);
    lines.push(...unmatchedLines(observations.unmatched));
  }
  const seen = [...observations.operations.values()];
  if (seen.length === 0) {
    lines.push('no exchange matches an operation of the description: nothing learned, nothing written');
    const prefix = options.prefix ? undefined : likelyPrefix(document, observations.unmatched);
    if (prefix) lines.push(`  ${prefix.count} of them match under the path prefix ${prefix.prefix}: give it, --base-url https://<host>${prefix.prefix}`);
    const withoutPrefix = options.prefix ? matchedWithout(document, observations.unmatched) : 0;
    if (withoutPrefix > 0)
      lines.push(
        `  ${withoutPrefix} of them match with no path prefix: their paths do not start with ${options.prefix}, the prefix --base-url gives; give --base-url without it`,
      );
    return { observations, counts, lines };
  }
  const security = securityPlan(document, seen);
  const { actions, operationIds, notes } = learnedActions({ document, base, security, source }, observations.operations);
  for (const note of notes) lines.push(note);
  if (actions.length === 0) {
    lines.push('nothing to learn beyond what the description and your overlays state: nothing written');
    return { observations, counts, lines };
  }
  const matched = seen.reduce((sum, operation) => sum + operation.exchanges, 0);
  const text = overlayText(actions, { exchanges: observations.exchanges, matched, operations: seen.length, after: titles });
  checkSize(text, actions, operationIds);
  return { text, observations, counts, lines };
}

/**
 * Refuses an overlay the build would refuse for its size (scripts/overlay/overlay-limits.ts'
 * fileBytes), naming the operation whose actions are the largest part of it.
 */
function checkSize(text: string, actions: OverlayAction[], operationIds: (string | undefined)[]): void {
  const bytes = Buffer.byteLength(text);
  if (bytes <= overlayLimits.fileBytes) return;
  const sizes = new Map<string, number>();
  actions.forEach((action, i) => {
    const id = operationIds[i] ?? 'the credentials';
    sizes.set(id, (sizes.get(id) ?? 0) + JSON.stringify(action).length);
  });
  const [largest, size] = [...sizes].sort(([a, m], [b, n]) => n - m || compare(a, b))[0];
  throw new ReportedError(
    `the overlay would have ${bytes} bytes, more than the ${overlayLimits.fileBytes} an overlay may have (the build would refuse it); ${largest} is the largest part (about ${size} bytes): learn from traffic without it, or from fewer of its exchanges`,
  );
}

/** How many unmatched exchanges (of the first 1,000 kinds) would match with no path prefix. */
function matchedWithout(document: OpenApiDocument, unmatched: Map<string, number>): number {
  const match = operationMatcher(document, '');
  let count = 0;
  for (const [key, n] of [...unmatched].slice(0, 1000)) if (match(key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1))) count += n;
  return count;
}

/** The path prefix (one to three leading segments) under which most unmatched exchanges would match, if any would. */
function likelyPrefix(document: OpenApiDocument, unmatched: Map<string, number>): { prefix: string; count: number } | undefined {
  const matchers = new Map<string, ReturnType<typeof operationMatcher>>();
  const counts = new Map<string, number>();
  for (const [key, count] of [...unmatched].slice(0, 1000)) {
    const [method, path] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
    const segments = path.split('/');
    for (let depth = 2; depth <= Math.min(4, segments.length - 1); depth++) {
      const prefix = segments.slice(0, depth).join('/');
      if (!matchers.has(prefix)) matchers.set(prefix, operationMatcher(document, prefix));
      if (matchers.get(prefix)!(method, path)) counts.set(prefix, (counts.get(prefix) ?? 0) + count);
    }
  }
  const [best] = [...counts].sort(([a, m], [b, n]) => n - m || compare(a, b));
  return best && { prefix: best[0], count: best[1] };
}

/** What was read, as learn and verify --traffic say it: the files and exchanges, the sample, what was left out or could not be read, where the time bound stopped the reading. */
export function readingLines(read: { files: number; skipped: string[]; counts: ReadCounts; exchanges: number; sample: number; seconds: number }): string[] {
  const { counts, skipped, sample } = read;
  const files = read.files - counts.notTraffic.length;
  const lines = [
    `read ${read.exchanges} ${read.exchanges === 1 ? 'exchange' : 'exchanges'} from ${files} ${files === 1 ? 'file' : 'files'} (${counts.bytes} bytes)`,
  ];
  if (sample > 1)
    lines.push(`a sample: 1 record in ${sample} read (--sample ${sample}), ${counts.notSelected} ${counts.notSelected === 1 ? 'record' : 'records'} not read`);
  if (skipped.length > 0)
    lines.push(
      `left out ${skipped.length} ${skipped.length === 1 ? 'file that is not a traffic file' : 'files that are not traffic files'} by name: ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ', ...' : ''}`,
    );
  if (counts.notTraffic.length > 0) {
    const listed = counts.notTraffic.slice(0, 5).map(({ file, why }) => `${file} (${why})`);
    lines.push(
      `left out ${counts.notTraffic.length} ${counts.notTraffic.length === 1 ? 'file that holds' : 'files that hold'} no traffic: ${listed.join(', ')}${counts.notTraffic.length > 5 ? ', ...' : ''}`,
    );
  }
  for (const [why, { count, first }] of [...counts.unread].sort(([a], [b]) => compare(a, b)))
    lines.push(`${count} ${count === 1 ? 'record holds' : 'records hold'} no exchange: ${why} (the first: ${first})`);
  if (counts.stopped) {
    const { file, filesLeft } = counts.stopped;
    const share = counts.bytes / Math.max(1, counts.totalBytes);
    lines.push(
      `the reading stopped at its time bound, ${read.seconds} s (--time-limit), in ${file}: ${counts.bytes} of ${counts.totalBytes} bytes read (${Math.floor(share * 100)}%)${filesLeft > 0 ? `, ${filesLeft} more ${filesLeft === 1 ? 'file' : 'files'} not read` : ''}; what was read is used, and another run may read more or less. To read it all: --time-limit ${Math.min(learnLimits.maxSeconds, Math.ceil((read.seconds * 1.2) / Math.max(share, 0.01)))}, or a sample: --sample ${Math.min(learnLimits.maxSample, Math.ceil((sample * 1.2) / Math.max(share, 0.01)))}`,
    );
  }
  return lines;
}

/** The unmatched exchanges as a report lists them: the 20 most frequent (then how many more), each `METHOD path  N×`. */
export function unmatchedLines(unmatched: Map<string, number>): string[] {
  const listed = [...unmatched].sort(([a, m], [b, n]) => n - m || compare(a, b));
  const lines = listed.slice(0, 20).map(([key, count]) => `  ${key}  ${count}×`);
  if (listed.length > 20) lines.push(`  and ${listed.length - 20} more`);
  return lines;
}
