// Files of a commit, read from git's object store into memory (never checked out, nothing of the
// commit run): each a regular file, bounded in size and count, UTF-8. A commit is as untrusted as
// a pull request: a symbolic link, an oversized or non-UTF-8 file is refused, naming it.
import { sourceLimits } from '../lint/source-boundary.ts';
import { type Project, ReportedError } from '../project.ts';
import { gitBytes } from './git.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

interface TreeEntry {
  mode: string;
  type: string;
  object: string;
  size: number;
  path: string;
}

/** The entries below `folder` in `commit`'s tree (every level), with their sizes. */
async function treeEntries(project: Project, commit: string, folder: string): Promise<TreeEntry[]> {
  const listing = (await gitBytes(project, ['ls-tree', '-r', '-l', '-z', '--full-tree', commit, '--', folder], 16 * 1024 * 1024)).toString('utf8');
  return listing
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const [meta, file] = [line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1)];
      const [mode, type, object, size] = meta.split(/ +/);
      return { mode, type, object, size: Number(size), path: file };
    });
}

/** Refuses an entry that is not a regular file or is larger than `maxBytes`. */
function checkEntry(entry: TreeEntry, maxBytes: number): void {
  if (entry.type !== 'blob' || !/^100(644|755)$/.test(entry.mode)) throw new ReportedError(`${entry.path} is not a regular file (mode ${entry.mode})`);
  if (!(entry.size <= maxBytes)) throw new ReportedError(`${entry.path} has ${entry.size} bytes, more than the ${maxBytes} it may have`);
}

function text(entry: TreeEntry, bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ReportedError(`${entry.path} holds bytes that are not UTF-8`);
  }
}

/**
 * The texts of `entries` (each checked first), read by one `git cat-file --batch` (one process, not
 * one per file): each answer is `<object> blob <size>` on a line, the bytes, then a line break.
 */
async function blobTexts(project: Project, entries: TreeEntry[], maxBytes: number): Promise<string[]> {
  for (const entry of entries) checkEntry(entry, maxBytes);
  const expected = entries.reduce((sum, entry) => sum + entry.size + entry.object.length + 32, 0);
  const output = await gitBytes(project, ['cat-file', '--batch'], expected, entries.map((entry) => `${entry.object}\n`).join(''));
  let at = 0;
  return entries.map((entry) => {
    const lineEnd = output.indexOf(0x0a, at);
    const header = lineEnd < 0 ? '' : output.subarray(at, lineEnd).toString('latin1');
    if (header !== `${entry.object} blob ${entry.size}`)
      throw new ReportedError(`${entry.path}: git cat-file answered ${JSON.stringify(header.slice(0, 100))}`);
    at = lineEnd + 1 + entry.size + 1;
    return text(entry, output.subarray(lineEnd + 1, lineEnd + 1 + entry.size));
  });
}

/**
 * Every file below `folder` at `commit` (path relative to the repository -> text), within the
 * source boundary's limits (sourceLimits: per file, in number, in total).
 */
export async function filesAtCommit(project: Project, commit: string, folder: string): Promise<Map<string, string>> {
  const entries = await treeEntries(project, commit, folder);
  if (entries.length === 0) throw new ReportedError(`the commit has no ${folder}/ folder`);
  if (entries.length > sourceLimits.files) throw new ReportedError(`${folder}/ holds more than ${sourceLimits.files} files`);
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  if (!(total <= sourceLimits.totalBytes)) throw new ReportedError(`${folder}/ holds more than ${sourceLimits.totalBytes} bytes`);
  const texts = await blobTexts(project, entries, sourceLimits.fileBytes);
  return new Map(entries.map((entry, index) => [entry.path, texts[index]]));
}

/** One file at `commit`, or undefined when the commit has none there; a refusal begins with `label`. */
export async function fileAtCommit(project: Project, commit: string, file: string, label: string): Promise<string | undefined> {
  const [entry] = await treeEntries(project, commit, file);
  if (!entry || entry.path !== file) return undefined;
  return blobTexts(project, [entry], sourceLimits.fileBytes).then(
    ([only]) => only,
    (error: unknown) => Promise.reject(error instanceof ReportedError ? new ReportedError(`${label}: ${error.message}`) : error),
  );
}
