// The MCP server's resources: what the build wrote for readers (the Markdown reference, llms.txt,
// llms-full.txt, the tool table, the bundle), each listed with its MIME type and size, read-only. The list is the
// build's (mcp-record.ts' writeMcpRecord writes it as mcp-resources.json beside the tools); a client names a
// resource by its URI, which must be one the list holds exactly: no URI is ever turned into a path.
// The build's folder may be one others can write to after the build: a file is read only when it is
// the regular file it was, reached through no link (each folder on the way checked, the file opened
// without following one and without waiting on a pipe, and checked by its handle), so nothing read
// leads elsewhere and no read blocks (a pipe would hold one of Node's four threads for files, then all).
// The build copies this file into the package.
import { constants } from 'node:fs';
import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { ErrorCode, type ReadResourceResult, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { closestName } from '../closest-name.ts';
import { forTerminal } from '../escape.ts';

/** The file the build writes the resources' list to, beside mcp-tools.json. */
export const resourceListFile = 'mcp-resources.json';

/** Where every resource's URI starts: the rest is the file's path in the build's folder, so the pages' relative links resolve to resources. */
export const resourceUriBase = 'email-delivery://docs/';

/** One resource as resources/list answers it, and the file of the build's folder it is read from. */
export interface ResourceEntry {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  /** In bytes, as the build wrote it. */
  size: number;
  file: string;
}

/** The resources a server offers: the list, and how to read one of them. */
export interface ResourceSet {
  entries: ResourceEntry[];
  /** The text of a listed entry. */
  read(entry: ResourceEntry): Promise<string>;
}

/**
 * A JSON-RPC error the SDK answers with as it is: its message goes to the client unprefixed (the
 * SDK's McpError puts `MCP error <code>: ` into its message, and a client adds that again).
 */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
  readonly code: number;
  readonly data?: unknown;
  constructor(code: number, message: string, data?: unknown) {
    super(message);
    this.code = code;
    this.data = data;
  }
}

/** A file of the build's folder, by a relative path of plain segments: no `..`, no absolute path, nothing hidden. */
const plainFile = /^(?:[a-z0-9][a-z0-9._-]*\/)*[a-z0-9][a-z0-9._-]*$/i;

/** The resources as resources/list answers them (without the file each is read from). */
export const listedResources = (entries: ResourceEntry[]): Resource[] => entries.map(({ file: _file, ...resource }) => resource);

/** Checks the list the build wrote: each entry a plain file under the folder, named by its own URI; throws naming the first that is not. */
export function checkedEntries(entries: unknown, where: string): ResourceEntry[] {
  if (!Array.isArray(entries)) throw new Error(`${where}: not a list of resources; run the build again`);
  for (const entry of entries as ResourceEntry[]) {
    const ok =
      typeof entry === 'object' &&
      entry !== null &&
      typeof entry.file === 'string' &&
      plainFile.test(entry.file) &&
      !entry.file.split('/').includes('..') &&
      entry.uri === `${resourceUriBase}${entry.file}` &&
      Number.isSafeInteger(entry.size) &&
      entry.size >= 0 &&
      [entry.name, entry.title, entry.description, entry.mimeType].every((text) => typeof text === 'string');
    if (!ok)
      throw new Error(`${where}: an entry is not a resource of the build's folder (${forTerminal(JSON.stringify(entry).slice(0, 200))}); run the build again`);
  }
  return entries as ResourceEntry[];
}

/** A file of the build's folder that is not the regular file it was: a link, a pipe or a folder is there now. */
export class NotRegularFile extends Error {
  override name = 'NotRegularFile';
}

/**
 * Opens `file` (plain segments, `/`-separated) of `folder` for reading: each folder on the way a
 * folder, not a link; the file opened without following a link or waiting on a pipe, a regular file
 * by its handle, and still the one at its name. Throws NotRegularFile when any of it is not so.
 */
async function openRegular(folder: string, file: string): Promise<{ handle: FileHandle; size: number }> {
  const segments = file.split('/');
  const foldersOnTheWay = async () => {
    for (let i = 1; i < segments.length; i++)
      if (!(await fs.lstat(path.join(folder, ...segments.slice(0, i))).catch(() => undefined))?.isDirectory()) throw new NotRegularFile(file);
  };
  await foldersOnTheWay();
  const at = path.join(folder, ...segments);
  const handle = await fs.open(at, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch((error: NodeJS.ErrnoException) => {
    throw error.code === 'ELOOP' ? new NotRegularFile(file) : error;
  });
  try {
    const opened = await handle.stat();
    if (!opened.isFile()) throw new NotRegularFile(file);
    // A folder on the way swapped for a link while it was opened: the name now leads to another file.
    await foldersOnTheWay();
    const named = await fs.lstat(at).catch(() => undefined);
    if (named?.ino !== opened.ino || named.dev !== opened.dev) throw new NotRegularFile(file);
    return { handle, size: opened.size };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * `file` of the build's folder (openRegular), read up to one byte past its size as opened and past
 * `maxBytes`, whichever is less (a byte more than the size says it grew while read), and that size.
 */
async function readRegular(folder: string, file: string, maxBytes: number): Promise<{ bytes: Buffer; size: number }> {
  const { handle, size } = await openRegular(folder, file);
  try {
    const bytes = Buffer.alloc(Math.min(size, maxBytes) + 1);
    let length = 0;
    for (let read = -1; read !== 0 && length < bytes.length; length += read)
      ({ bytesRead: read } = await handle.read(bytes, length, bytes.length - length, length));
    return { bytes: bytes.subarray(0, length), size };
  } finally {
    await handle.close();
  }
}

/** The most a file the server reads at start may hold (the tool table, the resources' list). */
export const maxBuildFileBytes = 64 * 1024 * 1024;

/** A file the build wrote for the server (the tool table, the resources' list), read as readRegular does; an error names it and says to build. */
export async function readBuildFile(folder: string, file: string): Promise<string> {
  const where = path.join(folder, file);
  const { bytes, size } = await readRegular(folder, file, maxBuildFileBytes).catch((error: NodeJS.ErrnoException) => {
    const why =
      error instanceof NotRegularFile ? 'not a regular file of the build (a link, a pipe or a folder)' : error.code === 'ENOENT' ? 'missing' : error.message;
    throw new Error(`${where}: ${why}; run the build again (npm run build)`);
  });
  if (size > maxBuildFileBytes) throw new Error(`${where}: more than ${maxBuildFileBytes} bytes; run the build again (npm run build)`);
  if (bytes.length !== size) throw new Error(`${where}: changed while it was read; run the build again (npm run build)`);
  return bytes.toString('utf8');
}

/** The resources of a build's folder, as its mcp-resources.json lists them; each read from its file, which must still be the regular file of the listed size. */
export async function resourcesInFolder(folder: string): Promise<ResourceSet> {
  const listFile = path.join(folder, resourceListFile);
  const entries = checkedEntries(JSON.parse(await readBuildFile(folder, resourceListFile)), listFile);
  return {
    entries,
    async read(entry) {
      // At most one byte more than listed: a file that grew since is refused without being read whole.
      const { bytes } = await readRegular(folder, entry.file, entry.size).catch((error: NodeJS.ErrnoException) => {
        if (error instanceof NotRegularFile)
          throw new ProtocolError(
            ErrorCode.InternalError,
            `${entry.uri} is not the file the build wrote (a link, a pipe or a folder is there now): run the build again, then restart the server`,
          );
        throw new ProtocolError(
          ErrorCode.InternalError,
          `${entry.uri} could not be read (${error.code ?? error.message}): run the build again, then restart the server`,
        );
      });
      if (bytes.length !== entry.size)
        throw new ProtocolError(ErrorCode.InternalError, `${entry.uri} has changed since the server started (a build ran): restart the server`);
      return bytes.toString('utf8');
    },
  };
}

/** Resources held in memory (`npm run mcp -- --overlay`): the texts by file. */
export function resourcesInMemory(entries: ResourceEntry[], texts: ReadonlyMap<string, string>): ResourceSet {
  return { entries, read: (entry) => Promise.resolve(texts.get(entry.file)!) };
}

/** resources/read: a listed URI's text; any other URI is an InvalidParams error that says what this server reads. */
export async function readResource(set: ResourceSet, uri: string): Promise<ReadResourceResult> {
  const entry = set.entries.find((candidate) => candidate.uri === uri);
  if (!entry) {
    const shown = forTerminal(uri.length > 200 ? `${uri.slice(0, 200)}…` : uri);
    const near = closestName(
      uri,
      set.entries.map((candidate) => candidate.uri),
    );
    const why = /(^|[/\\])\.\.?([/\\]|$)|%2e/i.test(uri)
      ? 'a URI that names a path is never read: this server reads only the resources resources/list lists'
      : `not a resource of this server${near ? ` (did you mean '${near}'?)` : ''}; resources/list lists the ${set.entries.length} it offers`;
    throw new ProtocolError(ErrorCode.InvalidParams, `Unknown resource: ${shown}: ${why}`, { uri: shown });
  }
  return { contents: [{ uri: entry.uri, mimeType: entry.mimeType, text: await set.read(entry) }] };
}
