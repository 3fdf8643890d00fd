// Reads recorded traffic (a file, or every traffic file of a folder) within learn-limits.ts'
// bounds, in chunks, and hands each exchange to the caller as it is framed (record-framer.ts) and
// read (exchange.ts). A file is opened without following a link and only if it is a regular file;
// bytes, exchanges and time are counted as they are read, and reading stops at the first bound
// passed. A problem names the file and, where it applies, the line and the record.
import fs from 'node:fs/promises';
import fsSync from 'node:fs';
import path from 'node:path';
import { ReportedError } from '../project.ts';
import { type Exchange, exchangeOf } from './exchange.ts';
import { learnLimits } from './learn-limits.ts';
import { FramingError, RecordFramer } from './record-framer.ts';

/** The extensions of traffic files in a folder: HAR, JSON logs, NDJSON (Redocly's own, and `.log` for a gateway's). */
export const trafficExtensions = ['.har', '.json', '.ndjson', '.jsonl', '.jsonlines', '.log', '.kong'];

export interface TrafficFiles {
  files: string[];
  /** Files of the folder left out (not a traffic file by their extension, a link, not a regular file), as shown. */
  skipped: string[];
}

/** The traffic files `given` names: itself, or the traffic files below it in path order (dot-files and links left out). */
export async function trafficFiles(given: string, shownAs: (file: string) => string): Promise<TrafficFiles> {
  const stat = await fs.lstat(given).catch(() => undefined);
  if (!stat) throw new ReportedError(`${shownAs(given)}: no such file or folder`);
  if (stat.isSymbolicLink()) throw new ReportedError(`${shownAs(given)} is a symbolic link: name the file or folder it leads to`);
  if (stat.isFile()) return { files: [given], skipped: [] };
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
  return { files, skipped };
}

export interface ReadCounts {
  bytes: number;
  records: number;
  /** Records that hold no exchange, by why (with the first place each was seen). */
  unread: Map<string, { count: number; first: string }>;
}

/** Reads `file`, calling `onExchange` for each exchange it holds; `counts` and the deadline are shared across files. */
export async function readTrafficFile(
  file: string,
  shownAs: string,
  counts: ReadCounts,
  deadline: number,
  onExchange: (exchange: Exchange) => void,
): Promise<void> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, fsSync.constants.O_RDONLY | fsSync.constants.O_NOFOLLOW | fsSync.constants.O_NONBLOCK);
  } catch (error) {
    throw new ReportedError(`${shownAs}: cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  try {
    if (!(await handle.stat()).isFile()) throw new ReportedError(`${shownAs} is not a regular file`);
    const framer = new RecordFramer({
      maxRecordBytes: learnLimits.recordBytes,
      maxDepth: learnLimits.framingDepth,
      onRecord: (text, place, _bytes, tooDeep) => {
        const where = `record ${place.index + 1} (line ${place.line})`;
        counts.records++;
        if (counts.records > learnLimits.exchanges)
          throw new ReportedError(`${shownAs}: more than ${learnLimits.exchanges} exchanges in all: learn from a sample of the traffic`);
        if (text === undefined) return unread(counts, tooDeep ? tooDeepWhy : tooLargeWhy, `${shownAs} ${where}`);
        let record: unknown;
        try {
          record = JSON.parse(text);
        } catch (error) {
          const at = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
          throw new ReportedError(`${shownAs}: ${where} is not JSON${at ? ` (at its character ${Number(at) + 1})` : ''}`);
        }
        const exchange = exchangeOf(record);
        if ('problem' in exchange) return unread(counts, exchange.problem, `${shownAs} ${where}`);
        onExchange(exchange);
      },
    });
    const buffer = Buffer.alloc(1024 * 1024);
    for (;;) {
      if (Date.now() > deadline)
        throw new ReportedError(`${shownAs}: reading took more than ${learnLimits.timeoutMs / 1000} s: learn from a sample of the traffic`);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) break;
      counts.bytes += bytesRead;
      if (counts.bytes > learnLimits.totalBytes)
        throw new ReportedError(`${shownAs}: the traffic is more than ${learnLimits.totalBytes} bytes: learn from a sample`);
      framer.push(buffer.subarray(0, bytesRead));
    }
    framer.end();
    if (framer.records === 0) throw new ReportedError(`${shownAs} holds no exchange (an empty log, or not a HAR, JSON or NDJSON traffic file)`);
  } catch (error) {
    if (error instanceof FramingError) throw new ReportedError(`${shownAs}:${error.line}: ${error.message}`);
    throw error;
  } finally {
    await handle.close();
  }
}

const tooDeepWhy = `nested deeper than ${learnLimits.framingDepth} levels`;
const tooLargeWhy = `over ${learnLimits.recordBytes} bytes as JSON`;

function unread(counts: ReadCounts, why: string, where: string): void {
  const had = counts.unread.get(why);
  counts.unread.set(why, { count: (had?.count ?? 0) + 1, first: had?.first ?? where });
}
