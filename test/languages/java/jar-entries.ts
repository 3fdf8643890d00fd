// The names of a jar's entries, read from its zip central directory in this process: what
// `jar tf` prints, without starting a JVM (some 0.5 s each, more on a busy machine).
import fs from 'node:fs/promises';

const endOfDirectory = 0x06054b50;
const directoryEntry = 0x02014b50;

/** The entry names of the jar (a zip, not zip64) at `file`, in the directory's order. */
export async function jarEntries(file: string): Promise<string[]> {
  const zip = await fs.readFile(file);
  // The end record is the last 22 bytes, before a comment of at most 65,535.
  let end = zip.length - 22;
  while (end >= Math.max(0, zip.length - 22 - 0xffff) && zip.readUInt32LE(end) !== endOfDirectory) end -= 1;
  if (end < 0 || zip.readUInt32LE(end) !== endOfDirectory) throw new Error(`${file}: no zip end of central directory record`);
  const count = zip.readUInt16LE(end + 10);
  const names: string[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== directoryEntry) throw new Error(`${file}: central directory entry ${index} is not one`);
    const nameLength = zip.readUInt16LE(at + 28);
    names.push(zip.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return names;
}
