// Splits a traffic file, as its bytes arrive, into its records (one exchange each), without
// parsing the rest: a HAR's `log.entries` items, a JSON array's items (Kong, Nginx or Apache JSON
// logs), or a sequence of top-level objects (NDJSON, one per line, as `redocly proxy` streams its
// entries and the logs Redocly's `drift` reads). Each record's text is kept only while it is at
// most `maxRecordBytes`; a larger one is counted and skipped as it streams by, so a 100 MB body
// costs time, never memory; so is one nested deeper than `maxDepth` (the file's other records are
// read). Each record is then parsed by JSON.parse, natively.
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

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const NEWLINE = 0x0a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const byteOrderMark = [0xef, 0xbb, 0xbf];

/** The index of `byte` in `chunk` from `from`, or the chunk's length when it is not there. */
function indexOrEnd(chunk: Buffer, byte: number, from: number): number {
  const at = chunk.indexOf(byte, from);
  return at === -1 ? chunk.length : at;
}

/** The keys whose value holds the records: a HAR's `log`, then its `entries`. */
const harPath = ['log', 'entries'];

export interface FramerOptions {
  maxRecordBytes: number;
  maxDepth: number;
  /** A record's text (undefined when it was larger than maxRecordBytes, or nested deeper than maxDepth: `tooDeep`), with its size. */
  onRecord(text: string | undefined, place: RecordPlace, bytes: number, tooDeep?: boolean): void;
}

/** The framer's state between chunks. */
export class RecordFramer {
  private readonly options: FramerOptions;
  /** Containers open: true for an object, false for an array. */
  private readonly stack: boolean[] = [];
  /** Per open object: whether a key comes next. */
  private readonly expectKey: boolean[] = [];
  /** Per open container: the key its value came under (objects at depth 1 and 2 only). */
  private readonly keys: (string | undefined)[] = [];
  private inString = false;
  private escaped = false;
  private keyBytes: number[] | undefined;
  private lastKey: string | undefined;
  private line = 1;
  /** How many bytes of a byte-order mark were read (3 once past the start). */
  private bom = 0;
  /** The depth a record starts at: 0 (a top-level object), 1 (in a top-level array), 3 (a HAR's entries). */
  private recordDepth = -1;
  private record: { chunks: Buffer[]; bytes: number; place: RecordPlace; kept: boolean; depth: number; tooDeep?: boolean } | undefined;
  /** Containers open below maxDepth inside a record that is skipped for it: counted, not tracked. */
  private beyond = 0;
  private count = 0;
  /** Whether the top-level object seen is a HAR (it has `log`). */
  private har = false;

  constructor(options: FramerOptions) {
    this.options = options;
  }

  /** The number of records framed so far. */
  get records(): number {
    return this.count;
  }

  push(chunk: Buffer): void {
    let recordFrom = this.record ? 0 : -1;
    // Where the next quote and backslash are: inside a string (a body of megabytes, say) the scan
    // jumps from one to the next, natively; a JSON string holds no raw line break to count.
    let nextQuote = -1;
    let nextBackslash = -1;
    for (let i = 0; i < chunk.length; i++) {
      if (this.inString && !this.escaped && !this.keyBytes) {
        if (nextQuote < i) nextQuote = indexOrEnd(chunk, QUOTE, i);
        if (nextBackslash < i) nextBackslash = indexOrEnd(chunk, BACKSLASH, i);
        i = Math.min(nextQuote, nextBackslash);
        if (i >= chunk.length) break;
      }
      const byte = chunk[i];
      // A byte-order mark (EF BB BF) before the first value, whichever chunks it comes in.
      if (this.bom < 3 && byte === byteOrderMark[this.bom]) {
        this.bom++;
        continue;
      }
      this.bom = 3;
      if (byte === NEWLINE) this.line++;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.endString();
        else if (this.keyBytes && this.keyBytes.length <= 64) this.keyBytes.push(byte);
        continue;
      }
      if (byte <= 0x20) continue;
      const startsRecord = this.startsRecord(byte);
      if (startsRecord) {
        this.record = { chunks: [], bytes: 0, place: { index: this.count, line: this.line }, kept: true, depth: this.stack.length };
        recordFrom = i;
      }
      const ended = this.structural(byte);
      if (ended && this.record) {
        this.keep(chunk.subarray(recordFrom, i + 1));
        this.emit();
        recordFrom = -1;
      }
    }
    if (this.record && recordFrom >= 0) this.keep(chunk.subarray(recordFrom));
  }

  /** At the end of the file: throws when it ends inside a value. */
  end(): void {
    if (this.stack.length === 0 && !this.inString) return;
    const inside = this.record ? `record ${this.record.place.index + 1}, which starts at line ${this.record.place.line}` : 'its outer JSON value';
    throw new FramingError(this.line, `the file ends inside ${inside}: it is truncated (a capture still being written, or cut short)`);
  }

  /** Whether `byte`, outside a string, starts a record here. */
  private startsRecord(byte: number): boolean {
    if (this.record || byte !== OPEN_OBJECT) return false;
    const depth = this.stack.length;
    if (depth === 0) return true;
    if (depth !== this.recordDepth) return false;
    return this.stack[depth - 1] === false;
  }

  /** Handles a byte outside a string; true when it closes the record being kept. */
  private structural(byte: number): boolean {
    const depth = this.stack.length;
    const inObject = depth > 0 && this.stack[depth - 1];
    if (byte === QUOTE) {
      this.inString = true;
      this.keyBytes = inObject && this.expectKey[depth - 1] && depth <= 2 ? [] : undefined;
      return false;
    }
    if (byte === COLON && inObject) {
      this.expectKey[depth - 1] = false;
      return false;
    }
    if (byte === COMMA) {
      if (inObject) this.expectKey[depth - 1] = true;
      return false;
    }
    if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) return this.open(byte === OPEN_OBJECT, depth);
    if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) return this.close(byte === CLOSE_OBJECT, depth);
    if (depth === 0) throw new FramingError(this.line, `not JSON here: a record is a JSON object (\`{\`), a file of them a JSON array or one object a line`);
    return false;
  }

  private open(isObject: boolean, depth: number): boolean {
    if (depth >= this.options.maxDepth) {
      // Inside a record: that record is skipped (counted), the rest of the file is read; outside one, the file is refused.
      if (!this.record) throw new FramingError(this.line, `nested deeper than ${this.options.maxDepth} levels`);
      this.record.kept = false;
      this.record.tooDeep = true;
      this.record.chunks = [];
      this.beyond++;
      return false;
    }
    const key = depth > 0 && this.stack[depth - 1] ? this.lastKey : undefined;
    if (depth === 0) this.recordDepth = isObject ? 0 : 1;
    // A top-level object with `log` is a HAR: its records are log.entries' items, not itself.
    if (depth === 2 && !isObject && this.har && this.keys[1] === harPath[0] && key === harPath[1]) this.recordDepth = 3;
    this.stack.push(isObject);
    this.expectKey.push(isObject);
    this.keys.push(key);
    return false;
  }

  private close(isObject: boolean, depth: number): boolean {
    if (this.beyond > 0) {
      this.beyond--;
      return false;
    }
    if (depth === 0 || this.stack[depth - 1] !== isObject) throw new FramingError(this.line, `a \`${isObject ? '}' : ']'}\` that closes nothing open`);
    this.stack.pop();
    this.expectKey.pop();
    this.keys.pop();
    return this.record !== undefined && this.stack.length === this.record.depth;
  }

  private endString(): void {
    this.inString = false;
    if (!this.keyBytes) return;
    const key = this.keyBytes.length > 64 ? undefined : Buffer.from(this.keyBytes).toString('utf8');
    this.keyBytes = undefined;
    this.lastKey = key;
    // `log` at the top of the outer object: a HAR, not a record of its own.
    if (this.stack.length === 1 && key === harPath[0] && this.recordDepth === 0) {
      this.har = true;
      this.record = undefined;
    }
  }

  private keep(bytes: Buffer): void {
    const record = this.record!;
    record.bytes += bytes.length;
    if (!record.kept) return;
    if (record.bytes > this.options.maxRecordBytes) {
      record.kept = false;
      record.chunks = [];
      return;
    }
    // A copy: the chunk's buffer is reused for the next read.
    record.chunks.push(Buffer.from(bytes));
  }

  private emit(): void {
    const record = this.record!;
    this.record = undefined;
    this.count++;
    const text = record.kept ? Buffer.concat(record.chunks).toString('utf8') : undefined;
    this.options.onRecord(text, record.place, record.bytes, record.tooDeep);
  }
}
