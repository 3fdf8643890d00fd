// The stdio transport: JSON-RPC messages one a line on stdin, answers one a line on stdout, as the
// SDK's StdioServerTransport, except what a line it cannot take does. The SDK's closes the
// transport on a line longer than its buffer (10 MiB), silently, and the server with it; here a
// line past the bound is skipped as it streams by (never held: memory stays bounded), a line that
// is not JSON or not a JSON-RPC message is skipped too, and each is answered with a JSON-RPC error
// (to its request, when its id can be read) and one line on stderr. The server serves on. The
// transport closes only when stdin ends or fails, and says which (`ended`).
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, JSONRPCMessageSchema, type RequestId } from '@modelcontextprotocol/sdk/types.js';

/** The longest line read, in bytes: the SDK's own bound. */
export const maxStdioMessageBytes = 10 * 1024 * 1024;

/** The most bytes of an id kept while a line is skipped: an id longer than this is not read. */
const maxIdBytes = 256;

const [quote, backslash, openBrace, closeBrace, openBracket, closeBracket, comma, colon] = [...'"\\{}[],:'].map((char) => char.charCodeAt(0));

/**
 * Reads the top-level `"id"` of a JSON object as its bytes stream by, keeping only the bytes of
 * the id (wherever it stands: the TypeScript SDK writes it after the params, the Python SDK
 * before). `id` is the id read, or undefined when the object has none that is a string or an integer.
 */
export class TopLevelIdReader {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private expectingKey = false;
  /** The key being read at the top level, up to 3 bytes (enough to tell `"id"`). */
  private key: number[] | undefined;
  private lastKeyIsId = false;
  /** The bytes of the id's value, once its `:` is read, until the `,` or `}` that ends it. */
  private value: number[] | undefined;
  private found: RequestId | undefined;

  get id(): RequestId | undefined {
    return this.found;
  }

  feed(bytes: Uint8Array): void {
    for (const byte of bytes) this.step(byte);
  }

  private step(byte: number): void {
    if (this.value !== undefined) {
      if (!this.inString && this.depth === 1 && (byte === comma || byte === closeBrace)) this.endValue();
      else if (this.value.length <= maxIdBytes) this.value.push(byte);
    }
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (byte === backslash) this.escaped = true;
      else if (byte === quote) {
        this.inString = false;
        if (this.key !== undefined) this.lastKeyIsId = this.key.length === 2 && this.key[0] === 0x69 && this.key[1] === 0x64;
        this.key = undefined;
      } else if (this.key !== undefined && this.key.length < 3) this.key.push(byte);
      return;
    }
    if (byte === quote) {
      this.inString = true;
      if (this.depth === 1 && this.expectingKey) {
        this.key = [];
        this.expectingKey = false;
      }
    } else if (byte === openBrace || byte === openBracket) {
      this.depth += 1;
      this.expectingKey = this.depth === 1 && byte === openBrace;
    } else if (byte === closeBrace || byte === closeBracket) this.depth -= 1;
    else if (byte === comma && this.depth === 1) this.expectingKey = true;
    else if (byte === colon && this.depth === 1 && this.lastKeyIsId && this.value === undefined && this.found === undefined) {
      this.value = [];
      this.lastKeyIsId = false;
    }
  }

  private endValue(): void {
    const text = new TextDecoder().decode(new Uint8Array(this.value!)).trim();
    this.value = undefined;
    try {
      const id: unknown = JSON.parse(text);
      if (typeof id === 'string' || Number.isSafeInteger(id)) this.found = id as RequestId;
    } catch {
      // Not an id the protocol has (cut, or an object): none.
    }
  }
}

export interface LineTransportOptions {
  /** The longest line taken, in bytes; default {@link maxStdioMessageBytes}. */
  maxMessageBytes?: number;
  /** One line on stderr per line skipped, saying why. */
  log: (line: string) => void;
}

/** How the transport closed: stdin ended, or it failed (its error). */
export type TransportEnd = { ended: true } | { ended: false; error: Error };

/** The MCP server's stdio transport: see the file's header. */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Settles when the transport closes: stdin ended, or failed. */
  readonly closed: Promise<TransportEnd>;
  private settle!: (end: TransportEnd) => void;
  private readonly input: Readable;
  private readonly output: Writable;
  private readonly maxMessageBytes: number;
  private readonly log: (line: string) => void;
  /** The pieces of the line being read, while it is within the bound. */
  private pieces: Buffer[] = [];
  private pieceBytes = 0;
  /** The line being skipped (past the bound): its id as it streams by, and its length. */
  private skipping: { reader: TopLevelIdReader; bytes: number } | undefined;
  private done = false;

  constructor(input: Readable, output: Writable, options: LineTransportOptions) {
    this.input = input;
    this.output = output;
    this.maxMessageBytes = options.maxMessageBytes ?? maxStdioMessageBytes;
    this.log = options.log;
    this.closed = new Promise((resolve) => (this.settle = resolve));
  }

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.once('end', this.onEnd);
    this.input.once('error', this.onInputError);
  }

  async close(): Promise<void> {
    this.finish({ ended: true });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.output.write(`${JSON.stringify(message)}\n`)) resolve();
      else {
        this.output.once('drain', resolve);
        this.output.once('error', reject);
      }
    });
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (bytes.length > 0 && !this.done) {
      const end = bytes.indexOf(0x0a);
      const part = end === -1 ? bytes : bytes.subarray(0, end);
      this.take(part);
      if (end === -1) return;
      this.endLine();
      bytes = bytes.subarray(end + 1);
    }
  };

  private readonly onEnd = (): void => {
    if (this.pieceBytes > 0 || this.skipping) this.endLine();
    this.finish({ ended: true });
  };

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
    this.finish({ ended: false, error });
  };

  /** A part of the current line: kept while the line is within the bound; else only its id is looked for. */
  private take(part: Buffer): void {
    if (this.skipping) {
      this.skipping.reader.feed(part);
      this.skipping.bytes += part.length;
      return;
    }
    if (this.pieceBytes + part.length <= this.maxMessageBytes) {
      this.pieces.push(part);
      this.pieceBytes += part.length;
      return;
    }
    const reader = new TopLevelIdReader();
    for (const piece of this.pieces) reader.feed(piece);
    reader.feed(part);
    this.skipping = { reader, bytes: this.pieceBytes + part.length };
    this.pieces = [];
    this.pieceBytes = 0;
  }

  private endLine(): void {
    if (this.skipping) {
      const { reader, bytes } = this.skipping;
      this.skipping = undefined;
      return this.refuse(
        reader.id,
        ErrorCode.InvalidRequest,
        `the message is ${bytes} bytes, more than the ${this.maxMessageBytes} this server reads on stdio: it was skipped unread`,
      );
    }
    const line = Buffer.concat(this.pieces).toString('utf8').replace(/\r$/, '');
    this.pieces = [];
    this.pieceBytes = 0;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return this.refuse(undefined, ErrorCode.ParseError, `a line of ${Buffer.byteLength(line)} bytes is not JSON: it was skipped`);
    }
    const message = JSONRPCMessageSchema.safeParse(value);
    if (!message.success) {
      const id = (value as { id?: unknown } | null)?.id;
      const known = typeof id === 'string' || Number.isSafeInteger(id) ? (id as RequestId) : undefined;
      return this.refuse(known, ErrorCode.InvalidRequest, 'the line is JSON but not a JSON-RPC message: it was skipped');
    }
    this.onmessage?.(message.data);
  }

  /** Answers a line skipped with a JSON-RPC error (to its request, where its id was read) and logs why. */
  private refuse(id: RequestId | undefined, code: number, reason: string): void {
    this.log(`mcp: stdin: ${reason}${id === undefined ? '' : ` (request ${JSON.stringify(id).slice(0, 80)})`}; still serving`);
    const error: JSONRPCMessage = { jsonrpc: '2.0', ...(id === undefined ? {} : { id }), error: { code, message: reason } } as JSONRPCMessage;
    this.send(error).catch((failure: unknown) => this.onerror?.(failure instanceof Error ? failure : new Error(String(failure))));
  }

  private finish(end: TransportEnd): void {
    if (this.done) return;
    this.done = true;
    this.input.off('data', this.onData);
    this.input.off('end', this.onEnd);
    this.input.off('error', this.onInputError);
    this.input.pause();
    this.pieces = [];
    this.skipping = undefined;
    this.settle(end);
    this.onclose?.();
  }
}
