// The bounds an overlay and its result live within, in bytes and in nodes: an overlay is the user's
// file, or one handed to the user, so nothing it asks for may take unbounded time or memory.
// - The file is read in chunks, never more than `fileBytes` + 1 bytes, whatever its size on disk
//   says (a file in /proc says 0).
// - Its value, with YAML aliases expanded, may not exceed `expandedBytes`: an alias costs nothing in
//   the parsed value, but every copy of the description is a full copy.
// - The description, after each action, may not exceed `documentBytes`; an action that could exceed
//   it (its update's size times the nodes its target selects) is refused before it is applied.
// - A target may select at most `selectedNodes` nodes.
// - The description, after each action, may not nest objects and lists deeper than `depth`: the
//   linters and generators read it with js-yaml, which stops at 100 nodes down with a stack trace.
import fs from 'node:fs';
import path from 'node:path';
import { assertReachable } from '../lint/source-boundary.ts';
import { ReportedError } from '../project.ts';

export const overlayLimits = {
  fileBytes: 1024 * 1024,
  expandedBytes: 4 * 1024 * 1024,
  documentBytes: 16 * 1024 * 1024,
  selectedNodes: 100_000,
  depth: 64,
};

/**
 * Reads the overlay `file` as UTF-8 text, reading at most `maxBytes` + 1 bytes: a regular file
 * reached through no symbolic link (checked from its own folder). Refusals name it as `shownAs`.
 */
export function readBounded(file: string, shownAs: string, maxBytes = overlayLimits.fileBytes): string {
  try {
    assertReachable(path.dirname(file), file, shownAs, 'file', maxBytes);
  } catch (error) {
    throw new ReportedError(`overlay ${error instanceof Error ? error.message : String(error)}`);
  }
  // Opened without following a link (one may have been put in place since the check), and without
  // waiting on a pipe.
  const descriptor = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  try {
    if (!fs.fstatSync(descriptor).isFile()) throw new ReportedError(`overlay ${shownAs} is not a regular file`);
    // In whole chunks: some files of /proc take only reads of a multiple of 8 bytes.
    const chunk = 64 * 1024;
    const buffer = Buffer.alloc(maxBytes + chunk);
    let length = 0;
    for (let read = -1; read !== 0 && length <= maxBytes; length += read) read = readChunk(descriptor, buffer, length, chunk, shownAs);
    if (length > maxBytes) throw new ReportedError(`overlay ${shownAs} has more than the ${maxBytes} bytes it may have`);
    return decodeUtf8(buffer.subarray(0, length), shownAs);
  } finally {
    fs.closeSync(descriptor);
  }
}

function readChunk(descriptor: number, buffer: Buffer, at: number, length: number, shownAs: string): number {
  try {
    return fs.readSync(descriptor, buffer, at, length, null);
  } catch (error) {
    throw new ReportedError(`overlay ${shownAs} could not be read (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
}

function decodeUtf8(bytes: Uint8Array, shownAs: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // The line of the first byte that is not UTF-8: where the lenient decoding first differs.
    const lenient = new TextDecoder('utf-8').decode(bytes);
    const bad = lenient.indexOf('\uFFFD');
    const line = lenient.slice(0, Math.max(bad, 0)).split('\n').length;
    throw new ReportedError(`overlay ${shownAs}: line ${line} holds bytes that are not UTF-8; an overlay must be UTF-8`);
  }
}

/**
 * The size of `value` as JSON, about, in bytes (every string, key and number counted whole, shared
 * objects once per place they appear); stops counting, and returns Infinity, past `budget`.
 */
export function jsonSize(value: unknown, budget: number): number {
  return measureJson(value, budget).bytes;
}

/** A container being walked: its keys (none for a list), its values, the next one to enter. */
interface Frame {
  keys?: string[];
  values: unknown[];
  next: number;
}

/**
 * The size of `value` as JSON (as `jsonSize`: Infinity past `budget`) and, when objects and lists
 * nest in it deeper than `maxDepth` (the value itself, if one, is level 1), the path of the first
 * container past it; one walk, without recursion, which stops at either.
 */
export function measureJson(value: unknown, budget: number, maxDepth = Infinity): { bytes: number; tooDeep?: (string | number)[] } {
  let bytes = 0;
  const frames: Frame[] = [];
  const pathHere = () => frames.map((frame) => (frame.keys ? frame.keys[frame.next - 1] : frame.next - 1));
  for (let node = value, first = true; ; first = false) {
    if (!first) {
      while (frames.length > 0 && frames[frames.length - 1].next >= frames[frames.length - 1].values.length) frames.pop();
      if (frames.length === 0) return { bytes };
      const frame = frames[frames.length - 1];
      node = frame.values[frame.next];
      frame.next += 1;
    }
    if (typeof node === 'string') bytes += node.length + 2;
    else if (typeof node === 'object' && node !== null) {
      if (frames.length >= maxDepth) return { bytes, tooDeep: pathHere() };
      if (Array.isArray(node)) {
        bytes += 2 + node.length;
        frames.push({ values: node, next: 0 });
      } else {
        const keys = Object.keys(node);
        bytes += 2;
        for (const key of keys) bytes += key.length + 4;
        frames.push({ keys, values: keys.map((key) => (node as Record<string, unknown>)[key]), next: 0 });
      }
    } else bytes += 8;
    if (bytes > budget) return { bytes: Infinity };
  }
}
