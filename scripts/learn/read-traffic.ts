// Reads recorded traffic (a file, or every traffic file of a folder) in chunks, and hands each
// exchange to the caller as it is framed (record-framer.ts) and read (exchange.ts): memory holds
// one chunk and one record, whatever the traffic's size. A file is opened without following a link
// and only if it is a regular file. In a folder, a file that holds no traffic (empty, text, another
// format: no exchange before its first problem) is named and left out; the reading fails only when
// no file holds traffic, or a file that does is broken (cut short, a record that is not JSON). A
// sample reads 1 record in N, chosen by a hash of its place (its file in the folder, its index in
// the file); the time bound ends the
// reading, and what was read is learned, with how much was left. A problem names the file and,
// where it applies, the line and the record.
import fs from 'node:fs/promises';
import fsSync from 'node:fs';
import path from 'node:path';
import type { OptionDefinition } from '../command-line.ts';
import { ReportedError } from '../project.ts';
import { type Exchange, exchangeOf } from './exchange.ts';
import { learnLimits } from './learn-limits.ts';
import { type FramedRecord, FramingError, RecordFramer } from './record-framer.ts';

/** The extensions of traffic files in a folder: HAR, JSON logs, NDJSON (Redocly's own, and `.log` for a gateway's). */
export const trafficExtensions = ['.har', '.json', '.ndjson', '.jsonl', '.jsonlines', '.log', '.kong'];

export interface TrafficFiles {
  /** The file or folder given. */
  given: string;
  files: string[];
  /** Whether `files` came from a folder (then a file that holds no traffic is left out, not refused). */
  folder: boolean;
  /** Files of the folder left out (not a traffic file by their extension, a link, not a regular file), as shown. */
  skipped: string[];
}

/** The traffic files `given` names: itself, or the traffic files below it in path order (dot-files and links left out). */
export async function trafficFiles(given: string, shownAs: (file: string) => string): Promise<TrafficFiles> {
  const stat = await fs.lstat(given).catch(() => undefined);
  if (!stat) throw new ReportedError(`${shownAs(given)}: no such file or folder`);
  if (stat.isSymbolicLink()) throw new ReportedError(`${shownAs(given)} is a symbolic link: name the file or folder it leads to`);
  if (stat.isFile()) return { given, files: [given], folder: false, skipped: [] };
  if (!stat.isDirectory()) throw new ReportedError(`${shownAs(given)} is not a regular file or a folder`);
  const files: string[] = [];
  const skipped: string[] = [];
  const walk = async (folder: string, depth: number) => {
    const entries = (await fs.readdir(folder, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const file = path.join(folder, entry.name);
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory() && depth < 8) await walk(file, depth + 1);
      else if (entry.isFile() && trafficExtensions.includes(path.extname(entry.name).toLowerCase())) files.push(file);
      else skipped.push(shownAs(file));
      if (files.length > learnLimits.files)
        throw new ReportedError(`${shownAs(given)} holds more than ${learnLimits.files} traffic files: name a folder with fewer`);
    }
  };
  await walk(given, 0);
  if (files.length === 0) {
    const streaming = skipped.some((file) => file.endsWith('.entries.tmp'));
    throw new ReportedError(
      `${shownAs(given)} holds no traffic file (${trafficExtensions.join(', ')})${skipped.length > 0 ? `; left out: ${skipped.slice(0, 3).join(', ')}${skipped.length > 3 ? ', ...' : ''}` : ''}${streaming ? ' (a .entries.tmp is what redocly proxy streams while it runs: stop it for its HAR, or copy the .tmp to a .ndjson file)' : ''}`,
    );
  }
  return { given, files, folder: true, skipped };
}

/** The options learn and verify --traffic read traffic with: a sample, and the time bound. */
export const trafficReadingOptions: Record<string, OptionDefinition> = {
  sample: {
    type: 'string',
    value: '<n>',
    integer: { min: 1, max: learnLimits.maxSample },
    default: '1',
    description: 'read 1 record in n, chosen by a hash of its place (its file, its index there): the same traffic, the same sample and the same result',
  },
  'time-limit': {
    type: 'string',
    value: '<seconds>',
    integer: { min: 1, max: learnLimits.maxSeconds },
    default: String(learnLimits.seconds),
    description: 'stop reading after this long, use what was read, and say how much was left',
  },
};

/** The sample and the time bound from the options' values. */
export const trafficReading = (values: Record<string, unknown>) => ({ sample: Number(values.sample), seconds: Number(values['time-limit']) });

/** How the traffic is read: 1 record in `sample` (1: every one), until `deadline` (ms since the epoch), then no more. */
export interface ReadOptions {
  sample: number;
  deadline: number;
  /** The time bound in seconds, as a report names it. */
  seconds: number;
}

/** Records that hold no exchange, by why, with the first place each was seen. */
export type Unread = Map<string, { count: number; first: string }>;

export interface ReadCounts {
  /** Bytes read, of `totalBytes` in the traffic files. */
  bytes: number;
  totalBytes: number;
  /** Records framed (read or not), and those the sample did not take. */
  records: number;
  notSelected: number;
  unread: Unread;
  /** Files that hold no traffic, as shown, with why. */
  notTraffic: { file: string; why: string }[];
  /** Where the time bound stopped the reading: in which file, and how many files after it were not read. */
  stopped?: { file: string; filesLeft: number };
}

/** A file that holds no traffic: why, in a few words (for a folder's list), and as a message of its own (for a file given alone). */
class NoTraffic extends Error {
  readonly why: string;
  constructor(why: string, message: string) {
    super(message);
    this.why = why;
  }
}

/**
 * Whether the record at `index` of its file is in a sample of 1 in `every`: a hash of its place,
 * the file's among them (`file`: fileSeed of its path in the folder), so that the records at one
 * index of many small files are not all taken or all left (the same files, the same sample).
 */
export function sampled(index: number, every: number, file = 0): boolean {
  let hash = Math.imul(index ^ 0x9e3779b9, 0x85ebca6b) ^ file;
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return ((hash ^ (hash >>> 16)) >>> 0) % every === 0;
}

/**
 * Reads the traffic `files` (from a folder or not: `traffic`), calling `onExchange` for each
 * exchange. Throws a ReportedError for a file given alone that holds no traffic, for a broken one,
 * and when no file of a folder holds traffic.
 */
export async function readTraffic(
  traffic: TrafficFiles,
  shownAs: (file: string) => string,
  options: ReadOptions,
  onExchange: (exchange: Exchange) => void,
): Promise<ReadCounts> {
  const sizes = await Promise.all(traffic.files.map(async (file) => (await fs.lstat(file).catch(() => undefined))?.size ?? 0));
  const counts: ReadCounts = { bytes: 0, totalBytes: sizes.reduce((a, b) => a + b, 0), records: 0, notSelected: 0, unread: new Map(), notTraffic: [] };
  for (const [index, file] of traffic.files.entries()) {
    let read: FileRead;
    try {
      const seed = traffic.folder ? fileSeed(path.relative(traffic.given, file).split(path.sep).join('/')) : 0;
      read = await readTrafficFile(file, shownAs(file), counts, { ...options, seed }, onExchange);
    } catch (error) {
      if (!(error instanceof NoTraffic)) throw error;
      if (!traffic.folder) throw new ReportedError(error.message);
      counts.notTraffic.push({ file: shownAs(file), why: error.why });
      continue;
    }
    // A folder's file whose every record was read and none is an exchange is left out; a file given alone is reported as read.
    const [mostly] = [...read.unread].sort(([a, m], [b, n]) => n.count - m.count || (a < b ? -1 : 1))[0] ?? ['no record'];
    if (traffic.folder && read.exchanges === 0 && read.notSelected === 0 && !read.stopped)
      counts.notTraffic.push({ file: shownAs(file), why: `no record in it is an exchange: ${mostly}` });
    else {
      counts.notSelected += read.notSelected;
      for (const [why, { count: many, first }] of read.unread) count(counts.unread, why, first, many);
    }
    if (read.stopped) {
      counts.stopped = { file: shownAs(file), filesLeft: traffic.files.length - index - 1 };
      break;
    }
  }
  if (counts.notTraffic.length === traffic.files.length) {
    const listed = counts.notTraffic.slice(0, 5).map(({ file, why }) => `${file} (${why})`);
    throw new ReportedError(
      `no file of ${shownAs(traffic.given)} holds traffic: ${listed.join(', ')}${counts.notTraffic.length > 5 ? `, and ${counts.notTraffic.length - 5} more` : ''}`,
    );
  }
  return counts;
}

/** Why a record the framer skipped holds no exchange. */
const unreadWhy = {
  'too deep': `nested deeper than ${learnLimits.framingDepth} levels`,
  'too large': `over ${learnLimits.recordBytes} bytes as JSON`,
  'a log without entries': 'its `log` is an object with no `entries` list (a HAR without them, not an exchange)',
};

/** What one file held: its exchanges, its records the sample did not take, its records that hold no exchange; whether the time bound stopped it. */
interface FileRead {
  exchanges: number;
  notSelected: number;
  unread: Unread;
  stopped: boolean;
}

/** One file's records as they come: each exchange handed on, the rest counted into `read`; `problem` is what a problem that ends the file is. */
function fileRecords(shownAs: string, onExchange: (exchange: Exchange) => void) {
  const read: FileRead = { exchanges: 0, notSelected: 0, unread: new Map(), stopped: false };
  /** A problem that ends the file: it holds no traffic if nothing came before it, else it is broken. */
  const problem = (why: string, message: string) => (read.exchanges === 0 && read.notSelected === 0 ? new NoTraffic(why, message) : new ReportedError(message));
  const onRecord = (record: FramedRecord, place: { index: number; line: number }) => {
    const where = `record ${place.index + 1} (line ${place.line})`;
    if (record.kind === 'not selected') read.notSelected++;
    else if (record.kind === 'not JSON')
      throw problem(`${where}: not JSON`, `${shownAs}: ${where} is not JSON${record.at ? ` (at its character ${record.at})` : ''}`);
    else if (record.kind === 'object') {
      const exchange = exchangeOf(record.value);
      if ('problem' in exchange) count(read.unread, exchange.problem, `${shownAs} ${where}`);
      else {
        read.exchanges++;
        onExchange(exchange);
      }
    } else if (record.kind === 'not an object') count(read.unread, `it is not a JSON object (${record.what})`, `${shownAs} ${where}`);
    else count(read.unread, unreadWhy[record.kind], `${shownAs} ${where}`);
  };
  return { read, problem, onRecord };
}

/** Reads one file (its bytes and records counted in `counts`); throws NoTraffic where its first problem comes before any exchange. */
async function readTrafficFile(
  file: string,
  shownAs: string,
  counts: ReadCounts,
  options: ReadOptions & { seed: number },
  onExchange: (exchange: Exchange) => void,
): Promise<FileRead> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, fsSync.constants.O_RDONLY | fsSync.constants.O_NOFOLLOW | fsSync.constants.O_NONBLOCK);
  } catch (error) {
    // In a folder, a file that cannot be opened (no permission, say) is left out and named, as one holding no traffic is.
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new NoTraffic(`it cannot be read (${code})`, `${shownAs}: cannot be read (${code})`);
  }
  const { read, problem, onRecord } = fileRecords(shownAs, onExchange);
  try {
    if (!(await handle.stat()).isFile()) throw new ReportedError(`${shownAs} is not a regular file`);
    const framer = new RecordFramer({
      maxRecordBytes: learnLimits.recordBytes,
      maxDepth: learnLimits.framingDepth,
      ...(options.sample > 1 ? { select: (place) => sampled(place.index, options.sample, options.seed) } : {}),
      onRecord,
    });
    const buffer = Buffer.alloc(1024 * 1024);
    try {
      for (;;) {
        if (Date.now() > options.deadline) {
          read.stopped = true;
          break;
        }
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
        if (bytesRead === 0) break;
        counts.bytes += bytesRead;
        framer.push(buffer.subarray(0, bytesRead));
      }
      if (!read.stopped) framer.end();
    } catch (error) {
      if (!(error instanceof FramingError)) throw error;
      throw problem(`line ${error.line}: ${error.message.split(':')[0]}`, `${shownAs}:${error.line}: ${error.message}`);
    } finally {
      counts.records += framer.records;
    }
    if (framer.records === 0 && !read.stopped)
      throw new NoTraffic('empty', `${shownAs} holds no exchange (an empty log, or not a HAR, JSON or NDJSON traffic file)`);
  } finally {
    await handle.close();
  }
  return read;
}

/** A file's part of the sample's hash: an FNV-1a of its path below the folder given, `/` between names (0 for a file given alone). */
export function fileSeed(relative: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < relative.length; i++) hash = Math.imul(hash ^ relative.charCodeAt(i), 16777619);
  return relative === '' ? 0 : hash >>> 0;
}

function count(unread: Unread, why: string, where: string, by = 1): void {
  const had = unread.get(why);
  unread.set(why, { count: (had?.count ?? 0) + by, first: had?.first ?? where });
}
