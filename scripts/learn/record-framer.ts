// Splits a traffic file, as its bytes arrive, into its records (one exchange each) and parses each:
// a HAR's `log.entries` items, a JSON array's items (Kong, Nginx or Apache JSON logs), or a sequence
// of top-level values (NDJSON, one a line, as `redocly proxy` streams its entries and the logs
// Redocly's `drift` reads). A record that is a line of its own (NDJSON; a HAR or an array written
// one item a line) is found by its line break and parsed by JSON.parse at once, natively; any other
// is scanned for its end (strings, brackets), its text kept only while it is at most
// `maxRecordBytes`: a larger one is counted and skipped as it streams by, so a 100 MB body costs
// time, never memory; so is one nested deeper than `maxDepth` (the file's other records are read).
// A record that is not a JSON object (a string, a number, true, false, null, a list) is handed on
// as one, to be counted, never dropped without a word.
//
// Why our own and not Redocly's parsers or a streaming JSON library: Redocly CLI 2.77's traffic
// readers read a HAR or JSON file whole and parse it at once (no bound in bytes), skip an NDJSON
// line that is not JSON without a word, and are content-hashed bundler chunks with one-letter
// exports, not a module with an API. stream-json (the streaming parser most used) tokenized a
// 20 MB HAR in 12 s here, against 0.4 s for this framing and JSON.parse: a HAR's bodies are JSON
// inside JSON strings, one escape token per quote.

/** Where a record is: its index among the file's records (from 0) and its first line (from 1). */
export interface RecordPlace {
  index: number;
  line: number;
}

/** A problem with the file's own structure: its line and what is wrong. */
export class FramingError extends Error {
  override name = 'FramingError';
  readonly line: number;
  constructor(line: number, message: string) {
    super(message);
    this.line = line;
  }
}

/** A record as framed: an object parsed, or why it holds none (`at`: the character where its text stops being JSON). */
export type FramedRecord =
  | { kind: 'object'; value: Record<string, unknown> }
  | { kind: 'not an object'; what: string }
  | { kind: 'not JSON'; at?: number }
  | { kind: 'too large' | 'too deep' | 'not selected' | 'a log without entries' };

export interface FramerOptions {
  maxRecordBytes: number;
  maxDepth: number;
  /** Whether the record at `place` is read (a sample); every record is when not given. Asked before the record is parsed. */
  select?(place: RecordPlace): boolean;
  onRecord(record: FramedRecord, place: RecordPlace): void;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const SPACE = 0x20;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const OBJECT = 1;
const ARRAY = 2;
const byteOrderMark = [0xef, 0xbb, 0xbf];

/** The index of `byte` in `chunk` from `from`, or the chunk's length when it is not there. */
function indexOrEnd(chunk: Buffer, byte: number, from: number): number {
  const at = chunk.indexOf(byte, from);
  return at === -1 ? chunk.length : at;
}

/** What a JSON value that is not an object is, as a report says it. */
function whatValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'string' ? 'a string' : typeof value === 'number' ? 'a number' : 'true or false';
}

/** What a value that starts with `byte` (outside a string) is, or undefined where no JSON value starts so. */
function whatStarts(byte: number): string | undefined {
  if (byte === QUOTE) return 'a string';
  if (byte === 0x74 || byte === 0x66) return 'true or false';
  if (byte === 0x6e) return 'null';
  return byte === 0x2d || (byte >= 0x30 && byte <= 0x39) ? 'a number' : undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` nests at most `limit` lists and objects deep (itself the first). */
function nestsWithin(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  while (pending.length > 0) {
    const [item, depth] = pending.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (depth > limit) return false;
    for (const child of Array.isArray(item) ? item : Object.values(item)) if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
  }
  return true;
}

/** A record being scanned: where it is, the stack depth it ends at, its bytes from earlier chunks while kept, or why they are not. */
interface OpenRecord {
  place: RecordPlace;
  depth: number;
  parts: Buffer[];
  bytes: number;
  dropped?: 'too large' | 'too deep' | 'not selected' | 'a list';
}

/** The framer's state between chunks. */
export class RecordFramer {
  private readonly options: FramerOptions;
  /** Containers open: OBJECT or ARRAY. */
  private readonly stack: number[] = [];
  /** The stack depth records start at: 0 (top-level values), 1 (a top-level array's items), 3 (a HAR's entries), -1 (none here). */
  private recordDepth = 0;
  private record: OpenRecord | undefined;
  /** Containers open past maxDepth inside a record skipped for it: counted, not tracked. */
  private beyond = 0;
  private inString = false;
  private escaped = false;
  /** Inside a bare value (a number, true, false, null) that was a record of its own. */
  private bare = false;
  /** A top-level value that is not a container: its line, until its line break (then parsed whole). */
  private pendingLine: Buffer[] | undefined;
  private pendingBytes = 0;
  private pendingPlace: RecordPlace | undefined;
  /** Keys are read only at the top of the file (a HAR's `log`, then its `entries`): whether the next string is one, its bytes. */
  private readonly expectKey: boolean[] = [];
  private keyBytes: number[] | undefined;
  private lastKey: string | undefined;
  /** Whether the top-level object open is a HAR (its `log` an object), whether that object is open, and whether it had `entries`; where the HAR starts. */
  private har = false;
  private inLog = false;
  private harEntries = false;
  private harPlace: RecordPlace | undefined;
  private line = 1;
  private bom = 0;
  private count = 0;
  /** Whether a record alone on its line is parsed as a line (off for the rest of the file once such a line was not one record). */
  private byLine = true;
  /** Whether a line has parsed as one record: then a line not selected is skipped unparsed. */
  private linesHold = false;
  /** In the chunk being read: where the record being scanned starts (-1: before it), where the next quote and backslash are. */
  private from = -1;
  private nextQuote = -1;
  private nextBackslash = -1;
  private nextNewline = -1;

  constructor(options: FramerOptions) {
    this.options = options;
  }

  /** The number of records framed so far. */
  get records(): number {
    return this.count;
  }

  push(chunk: Buffer): void {
    const n = chunk.length;
    let i = this.skipByteOrderMark(chunk);
    this.from = this.record && !this.record.dropped ? i : -1;
    this.nextQuote = -1;
    this.nextBackslash = -1;
    this.nextNewline = -1;
    while (i < n) {
      if (this.pendingLine) {
        i = this.continueLine(chunk, i);
        continue;
      }
      if (this.inString) {
        i = this.stringScan(chunk, i);
        continue;
      }
      const byte = chunk[i];
      if (byte <= SPACE) {
        if (byte === NEWLINE) this.line++;
        this.bare = false;
        i++;
        continue;
      }
      if (this.bare && byte !== COMMA && byte !== CLOSE_ARRAY && byte !== CLOSE_OBJECT) {
        i++;
        continue;
      }
      this.bare = false;
      if (this.record === undefined && this.stack.length === this.recordDepth && byte !== COMMA && byte !== CLOSE_ARRAY && byte !== CLOSE_OBJECT) {
        const after = this.valueWhereRecordsAre(chunk, i, byte);
        if (after >= 0) {
          i = after;
          continue;
        }
      }
      this.structural(chunk, i, byte);
      i++;
    }
    if (this.record && !this.record.dropped && this.from >= 0) this.keep(chunk.subarray(this.from, n));
  }

  /** How many bytes of a byte-order mark (EF BB BF) start the file, whichever chunks it comes in: where the chunk's JSON starts. */
  private skipByteOrderMark(chunk: Buffer): number {
    let i = 0;
    while (this.bom < 3 && i < chunk.length) {
      if (chunk[i] !== byteOrderMark[this.bom]) {
        this.bom = 3;
        break;
      }
      this.bom++;
      i++;
    }
    return i;
  }

  /**
   * Inside a string, from `i`: jumps to the next quote or backslash, natively (a body of megabytes
   * is one string; a JSON string holds no raw line break to count). Returns where to go on.
   */
  private stringScan(chunk: Buffer, i: number): number {
    if (this.escaped) {
      this.escaped = false;
      if (this.keyBytes) this.keyBytes.push(chunk[i]);
      return i + 1;
    }
    if (this.nextQuote < i) this.nextQuote = indexOrEnd(chunk, QUOTE, i);
    if (this.nextBackslash < i) this.nextBackslash = indexOrEnd(chunk, BACKSLASH, i);
    const stop = Math.min(this.nextQuote, this.nextBackslash);
    if (this.keyBytes) for (let k = i; k < stop && this.keyBytes.length <= 64; k++) this.keyBytes.push(chunk[k]);
    if (stop >= chunk.length) return chunk.length;
    if (stop === this.nextBackslash) this.escaped = true;
    else this.endString();
    return stop + 1;
  }

  /**
   * A value where records are: one alone on its line is parsed as it is (returns where it ends);
   * any other is scanned as a record (returns -1: the byte is then read as structure), or read to
   * its line's end (a top-level value that is not a container).
   */
  private valueWhereRecordsAre(chunk: Buffer, i: number, byte: number): number {
    if (this.byLine && byte === OPEN_OBJECT) {
      const after = this.lineRecord(chunk, i);
      if (after > 0) return after;
    }
    if (byte === OPEN_OBJECT || (byte === OPEN_ARRAY && this.stack.length > 0)) {
      this.startRecord(byte === OPEN_ARRAY);
      this.from = i;
    } else if (this.stack.length === 0 && byte !== OPEN_ARRAY) {
      this.pendingLine = [];
      this.pendingPlace = { index: this.count, line: this.line };
      return i;
    } else if (byte !== OPEN_ARRAY) {
      this.scalarRecord(whatStarts(byte));
      if (byte !== QUOTE) this.bare = true;
    }
    return -1;
  }

  /** A byte outside a string that is not a blank: a string opens, a key's colon, a comma, a container opens or closes. */
  private structural(chunk: Buffer, i: number, byte: number): void {
    const depth = this.stack.length;
    if (byte === QUOTE) {
      this.inString = true;
      const keyed = depth === 1 ? this.har || this.record?.depth === 0 : depth === 2 && this.inLog;
      this.keyBytes = keyed && this.expectKey[depth - 1] ? [] : undefined;
    } else if (byte === COLON || byte === COMMA) {
      if (depth > 0 && depth <= 2) this.expectKey[depth - 1] = byte === COMMA && this.stack[depth - 1] === OBJECT;
    } else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) this.open(byte === OPEN_OBJECT);
    else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
      if (this.close(byte === CLOSE_OBJECT)) {
        this.emit(chunk, this.from, i + 1);
        this.from = -1;
      }
    } else if (depth === 0) throw this.notJsonHere();
  }

  /** At the end of the file: throws when it ends inside a value. */
  end(): void {
    if (this.pendingLine) this.endLine();
    if (this.stack.length === 0 && !this.inString) return;
    const inside = this.record ? `record ${this.record.place.index + 1}, which starts at line ${this.record.place.line}` : 'its outer JSON value';
    throw new FramingError(this.line, `the file ends inside ${inside}: it is truncated (a capture still being written, or cut short)`);
  }

  private notJsonHere(): FramingError {
    return new FramingError(this.line, 'not JSON here: a record is a JSON object (`{`), a file of them a JSON array or one object a line');
  }

  private selected(place: RecordPlace): boolean {
    return this.options.select?.(place) ?? true;
  }

  private startRecord(list: boolean): void {
    const place = { index: this.count, line: this.line };
    this.record = { place, depth: this.stack.length, parts: [], bytes: 0, dropped: list ? 'a list' : this.selected(place) ? undefined : 'not selected' };
  }

  /** A record that is a string, a number, true, false or null (or no JSON value: undefined): counted as it starts. */
  private scalarRecord(what: string | undefined): void {
    const place = { index: this.count++, line: this.line };
    this.options.onRecord(!this.selected(place) ? { kind: 'not selected' } : what ? { kind: 'not an object', what } : { kind: 'not JSON' }, place);
  }

  private open(isObject: boolean): void {
    const depth = this.stack.length;
    if (depth >= this.options.maxDepth) {
      // Inside a record: that record is skipped (counted), the rest of the file is read; outside one, the file is refused.
      if (!this.record) throw new FramingError(this.line, `nested deeper than ${this.options.maxDepth} levels`);
      if (this.record.dropped !== 'a list') this.record.dropped = 'too deep';
      this.record.parts = [];
      this.beyond++;
      return;
    }
    if (depth === 0) this.recordDepth = isObject ? 0 : 1;
    // An object under `log` at the top of the outer object: a HAR, not a record of its own (a `log` that is text is a field of one).
    else if (depth === 1 && isObject && this.lastKey === 'log' && (this.har || this.record?.depth === 0)) {
      if (this.record) {
        this.harPlace = this.record.place;
        this.record = undefined;
      }
      this.har = true;
      this.inLog = true;
    }
    // A HAR's records are its log.entries' items.
    else if (depth === 2 && !isObject && this.inLog && this.lastKey === 'entries') {
      this.recordDepth = 3;
      this.harEntries = true;
    }
    this.stack.push(isObject ? OBJECT : ARRAY);
    if (depth < 2) this.expectKey[depth] = isObject;
    this.lastKey = undefined;
  }

  /** Closes a container; true when that ends the record being scanned. */
  private close(isObject: boolean): boolean {
    if (this.beyond > 0) {
      this.beyond--;
      return false;
    }
    const depth = this.stack.length;
    if (depth === 0 || this.stack[depth - 1] !== (isObject ? OBJECT : ARRAY))
      throw new FramingError(this.line, `a \`${isObject ? '}' : ']'}\` that closes nothing open`);
    this.stack.pop();
    if (depth === 1) {
      // A HAR with no entries list holds no records: it is counted as one that holds no exchange, never dropped silently.
      if (this.har && !this.harEntries) this.noEntries(this.harPlace ?? { index: this.count, line: this.line });
      this.recordDepth = 0;
      this.har = false;
      this.harEntries = false;
      this.harPlace = undefined;
    } else if (depth === 2) this.inLog = false;
    // The list that held the records is closed: none follow in it.
    if (depth === this.recordDepth && depth > 1) this.recordDepth = -1;
    return this.record !== undefined && depth - 1 === this.record.depth;
  }

  private endString(): void {
    this.inString = false;
    if (!this.keyBytes) return;
    const key = this.keyBytes.length > 64 ? undefined : Buffer.from(this.keyBytes).toString('utf8');
    this.keyBytes = undefined;
    this.lastKey = key;
  }

  /** An object whose `log` holds no `entries` list, at `place`: one record that holds no exchange. */
  private noEntries(place: RecordPlace): void {
    this.count++;
    this.options.onRecord(this.selected(place) ? { kind: 'a log without entries' } : { kind: 'not selected' }, place);
  }

  private keep(bytes: Buffer): void {
    const record = this.record!;
    record.bytes += bytes.length;
    if (record.bytes > this.options.maxRecordBytes) {
      record.dropped = 'too large';
      record.parts = [];
      return;
    }
    // A copy: the chunk's buffer may be reused for the next read.
    record.parts.push(Buffer.from(bytes));
  }

  /** The record being scanned ends at `to` in `chunk` (its bytes there from `from`). */
  private emit(chunk: Buffer, from: number, to: number): void {
    const record = this.record!;
    this.record = undefined;
    this.count++;
    if (!record.dropped && record.bytes + (to - from) > this.options.maxRecordBytes) record.dropped = 'too large';
    if (record.dropped === 'a list')
      return this.options.onRecord(this.selected(record.place) ? { kind: 'not an object', what: 'a list' } : { kind: 'not selected' }, record.place);
    if (record.dropped) return this.options.onRecord({ kind: record.dropped }, record.place);
    const text = record.parts.length === 0 ? chunk.toString('utf8', from, to) : Buffer.concat([...record.parts, chunk.subarray(from, to)]).toString('utf8');
    this.options.onRecord(parsed(text), record.place);
  }

  /**
   * A record that starts at `at` and is alone on its line (an object, then blanks, in a list a
   * comma): parsed and handed on; a top-level one with `log` is a HAR, its entries the records.
   * Returns where the record ends, or -1 when the line is not one record within this chunk.
   */
  private lineRecord(chunk: Buffer, at: number): number {
    // Where the chunk's next line break is, looked for once per line (a file on one line has none).
    if (this.nextNewline < at) this.nextNewline = indexOrEnd(chunk, NEWLINE, at);
    const newline = this.nextNewline;
    if (newline === chunk.length) return -1;
    let end = newline;
    while (end > at && chunk[end - 1] <= SPACE) end--;
    if (this.stack.length > 0 && chunk[end - 1] === COMMA) for (end--; end > at && chunk[end - 1] <= SPACE;) end--;
    if (chunk[end - 1] !== CLOSE_OBJECT || end - at > this.options.maxRecordBytes) return -1;
    const place = { index: this.count, line: this.line };
    const selected = this.selected(place);
    if (!selected && this.linesHold) {
      this.count++;
      this.options.onRecord({ kind: 'not selected' }, place);
      return end;
    }
    let value: unknown;
    try {
      value = JSON.parse(chunk.toString('utf8', at, end));
    } catch {
      this.byLine = false;
      return -1;
    }
    this.linesHold = true;
    if (this.stack.length === 0 && isPlainObject(value) && isPlainObject(value.log)) {
      const entries = value.log.entries;
      if (!Array.isArray(entries)) this.noEntries(place);
      for (const entry of Array.isArray(entries) ? entries : []) this.parsedRecord(entry, { index: this.count, line: this.line }, 3);
      return end;
    }
    if (!selected) {
      this.count++;
      this.options.onRecord({ kind: 'not selected' }, place);
    } else if (this.bracketsWithin(chunk.subarray(at, end), this.options.maxDepth - this.stack.length)) {
      this.count++;
      this.options.onRecord({ kind: 'object', value: value as Record<string, unknown> }, place);
    } else this.parsedRecord(value, place, this.stack.length);
    return end;
  }

  /** A record parsed already, `depth` containers down the file: handed on, within maxDepth. */
  private parsedRecord(value: unknown, place: RecordPlace, depth: number): void {
    this.count++;
    if (!this.selected(place)) return this.options.onRecord({ kind: 'not selected' }, place);
    if (!isPlainObject(value)) return this.options.onRecord({ kind: 'not an object', what: whatValue(value) }, place);
    this.options.onRecord(nestsWithin(value, this.options.maxDepth - depth) ? { kind: 'object', value } : { kind: 'too deep' }, place);
  }

  /** Whether `bytes` hold at most `limit` opening brackets: then whatever they parse to nests no deeper. */
  private bracketsWithin(bytes: Buffer, limit: number): boolean {
    let count = 0;
    for (const bracket of [OPEN_OBJECT, OPEN_ARRAY])
      for (let at = bytes.indexOf(bracket); at !== -1; at = bytes.indexOf(bracket, at + 1)) if (++count > limit) return false;
    return true;
  }

  /** A top-level value that is not a container, read to its line break: a record that is not an object, or not JSON (the file is refused). */
  private continueLine(chunk: Buffer, at: number): number {
    const newline = indexOrEnd(chunk, NEWLINE, at);
    this.pendingBytes += newline - at;
    if (this.pendingBytes > this.options.maxRecordBytes) throw this.notJsonHere();
    this.pendingLine!.push(Buffer.from(chunk.subarray(at, newline)));
    if (newline < chunk.length) this.endLine();
    return newline;
  }

  private endLine(): void {
    const text = Buffer.concat(this.pendingLine!).toString('utf8');
    const place = this.pendingPlace!;
    this.pendingLine = undefined;
    this.pendingBytes = 0;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw this.notJsonHere();
    }
    this.parsedRecord(value, place, 0);
  }
}

/** A record's text, parsed. */
function parsed(text: string): FramedRecord {
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? { kind: 'object', value } : { kind: 'not an object', what: whatValue(value) };
  } catch (error) {
    const at = /position (\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    return { kind: 'not JSON', ...(at ? { at: Number(at) + 1 } : {}) };
  }
}
