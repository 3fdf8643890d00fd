// The folder the build with overlays (and the site, with its own records) replaces, and how it
// knows the folder is its own. It trusts nothing inside the folder (anyone who could write a file
// there could forge a list of files): what it wrote is recorded outside, in the user's tools cache
// (project.ts's toolsCache: overlay-builds/ or site-builds/, folders only the user may enter), one
// record per output folder with the size and SHA-256 of each file. The folder may be replaced only
// when it is new or empty, or holds exactly the files of that record, each unchanged.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { forTerminal } from '../escape.ts';
import { type Project, ReportedError, toolsCache, within } from '../project.ts';

/** The file in the output folder that lists what the command wrote there (for readers; never trusted). */
export const manifestFile = '.overlay-build.json';

type FileRecord = { [file: string]: { bytes: number; sha256: string } };

/** Which command's records: the build with overlays', the site's, or the SDKs' (`npm run sdk`). */
export type RecordKind = 'overlay-builds' | 'site-builds' | 'sdk-builds';

/**
 * Where the records of the output folders are kept, in `tools`: the user's tools cache, as a
 * command's environment names it (project.ts' toolsCache), by default this process's.
 */
export function recordsFolder(kind: RecordKind = 'overlay-builds', tools = toolsCache()): string {
  return path.join(tools, kind);
}

const recordFile = (out: string, kind: RecordKind, tools: string) =>
  path.join(recordsFolder(kind, tools), `${crypto.createHash('sha256').update(path.resolve(out)).digest('hex')}.json`);

/** Everything below `dir` but its folders (files, and links or pipes too), relative to it, sorted. */
export function entriesBelow(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Records the files now in `out` as this command's own. */
export function recordOutputFolder(out: string, kind: RecordKind = 'overlay-builds', tools = toolsCache()): void {
  const record: FileRecord = {};
  for (const file of entriesBelow(out)) {
    const bytes = fs.readFileSync(path.join(out, file));
    record[file] = { bytes: bytes.length, sha256: crypto.createHash('sha256').update(bytes).digest('hex') };
  }
  fs.mkdirSync(recordsFolder(kind, tools), { recursive: true, mode: 0o700 });
  fs.writeFileSync(recordFile(out, kind, tools), `${JSON.stringify({ out: path.resolve(out), files: record }, null, 2)}\n`, { mode: 0o600 });
}

/** The record of `out`, if there is one the user alone could have written. */
function readRecord(out: string, kind: RecordKind, tools: string): FileRecord {
  const folder = fs.lstatSync(recordsFolder(kind, tools), { throwIfNoEntry: false });
  const file = fs.lstatSync(recordFile(out, kind, tools), { throwIfNoEntry: false });
  const own = (stat: fs.Stats) => stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0;
  if (!folder?.isDirectory() || !own(folder) || !file?.isFile() || !own(file) || file.size > 1024 * 1024) return {};
  try {
    const data = JSON.parse(fs.readFileSync(recordFile(out, kind, tools), 'utf8')) as { out?: unknown; files?: FileRecord };
    return data.out === path.resolve(out) && typeof data.files === 'object' && data.files !== null ? data.files : {};
  } catch {
    return {};
  }
}

/** Whether `file` in `out` is the one the record lists: a regular file of that size and hash. */
function unchanged(out: string, file: string, record: FileRecord): boolean {
  const listed = Object.hasOwn(record, file) ? record[file] : undefined;
  const stat = fs.lstatSync(path.join(out, file));
  if (!listed || !stat.isFile() || stat.size !== listed.bytes) return false;
  return (
    crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(out, file)))
      .digest('hex') === listed.sha256
  );
}

/** Why `out` cannot be the output folder wherever it is: inside generated/ or openapi/, or holding one of them. */
export function outputPlacementProblem(project: Project, out: string, outShown: string): string | undefined {
  for (const kept of [project.outputDir, path.dirname(project.sourceEntry)]) {
    if (within(kept, out))
      return `--out ${outShown} is inside ${path.basename(kept)}/, which only the description's own build writes; choose a folder outside it`;
    if (within(out, kept)) return `--out ${outShown} holds ${path.basename(kept)}/; choose a folder of its own for the build with overlays`;
  }
  return undefined;
}

/**
 * Refuses an output folder inside generated/ or openapi/ (or one of them), a file, or a folder that
 * holds anything this command (whose records are `kind`) did not write there, or wrote and someone
 * changed since. `contents` is where the folder is now: `out`, or where the swap renamed it aside.
 */
export function checkOutputFolder(
  project: Project,
  out: string,
  outShown: string,
  contents = out,
  tools = toolsCache(),
  kind: RecordKind = 'overlay-builds',
  leftovers?: RegExp,
): void {
  const misplaced = outputPlacementProblem(project, out, outShown);
  if (misplaced) throw new ReportedError(misplaced);
  const stat = fs.lstatSync(contents, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) throw new ReportedError(`--out ${outShown} is not a folder`);
  const foreign = foreignFile(out, kind, contents, tools, leftovers);
  if (foreign === undefined) return;
  const how = foreign.changed ? 'which this command wrote but has changed since' : 'which this command did not write';
  throw new ReportedError(`--out ${outShown} holds ${forTerminal(foreign.file)}, ${how}; it replaces the whole folder, so choose an empty or new one`);
}

/**
 * The first file in the folder `out` that its record (of `kind`) does not list unchanged, and
 * whether the record lists it at all; the files are read from `contents` (`out`, or where the swap
 * renamed it aside). `leftovers`: the paths (with `/`) the folder's own users make there, replaced
 * with the rest (an SDK's language's: pip's build/, bytecode).
 */
export function foreignFile(
  out: string,
  kind: RecordKind,
  contents = out,
  tools = toolsCache(),
  leftovers?: RegExp,
): { file: string; changed: boolean } | undefined {
  const present = entriesBelow(contents).filter((entry) => !leftovers?.test(entry.split(path.sep).join('/')));
  if (present.length === 0) return undefined;
  const record = readRecord(out, kind, tools);
  const file = present.find((entry) => !unchanged(contents, entry, record));
  return file === undefined ? undefined : { file, changed: Object.hasOwn(record, file) };
}
