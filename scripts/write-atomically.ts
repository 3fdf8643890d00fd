// The one way the toolchain writes a file the user named (verify's --record and --junit, learn's
// --out, lint --fix's source files, the MCP Bundle npm run package writes beside the tarball):
// whole or not at all, and through no link. The text goes into a temporary file beside it, under
// a name nobody can guess (random), created exclusively and opened without following a link, so a
// file or a link planted there beforehand is never written through; then it is renamed over the
// file, which replaces a link at that name instead of writing where it points. A mode, when given,
// is set on the open handle before anything is written, whatever the umask.
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ReportedError } from './project.ts';

export interface WriteOptions {
  /** How a failure names the file (default: as given). */
  shownAs?: string;
  /** The file's mode exactly (`0o600`: the user's alone), whatever the umask; default: 0o666 less the umask, as any new file. */
  mode?: number;
}

/**
 * The temporary file's name beside `file`: hidden, random, short enough for any file system (names
 * are bounded in bytes, 255 on most: the file's own name is cut at 180 bytes, not characters).
 */
export const temporaryName = (file: string) =>
  path.join(path.dirname(file), `.${Buffer.from(path.basename(file)).subarray(0, 180).toString('utf8')}.${randomBytes(12).toString('hex')}.tmp`);

/** Writes `data` to `file` whole or not at all (see the header); a failure is a ReportedError naming it, and leaves it as it was. */
export async function writeAtomically(file: string, data: string | Uint8Array, { shownAs = file, mode }: WriteOptions = {}): Promise<void> {
  const temporary = temporaryName(file);
  let created = false;
  try {
    const handle = await fs.open(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, mode ?? 0o666);
    created = true;
    try {
      if (mode !== undefined) await handle.chmod(mode);
      await handle.writeFile(data);
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  } catch (error) {
    // Only a file this call created is removed: whatever else is at a name is not its own.
    if (created) await fs.rm(temporary, { force: true });
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? `its folder ${path.dirname(shownAs) || '.'} does not exist` : code === 'EISDIR' ? 'it is a folder' : (code ?? String(error));
    throw new ReportedError(`${shownAs} could not be written (${why})`);
  }
}
