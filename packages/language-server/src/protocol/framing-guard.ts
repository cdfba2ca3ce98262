/**
 * `FramingGuard`: a stream transform that checks the LSP base protocol's framing (`Content-Length` header,
 * `\r\n\r\n`, body) before vscode-jsonrpc reads it, dropping and reporting bad headers and bodies over
 * `MAX_MESSAGE_BYTES` so they never cost the next message.
 */
import { Transform, type TransformCallback } from "node:stream";

/** Largest message body the server reads, in bytes (a bigger frame is skipped whole and reported). */
const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

/** Largest header block, in bytes, before it is treated as garbage. */
const MAX_HEADER_BYTES = 8 * 1024;

const HEADER_END = Buffer.from("\r\n\r\n");

/**
 * Checks the base protocol's framing before vscode-jsonrpc reads it (LSP "Base Protocol": header fields,
 * `\r\n\r\n`, then exactly `Content-Length` bytes). A header block without a valid `Content-Length` (a
 * negative, zero, non-numeric or missing value, or more than {@link MAX_MESSAGE_BYTES}) is dropped with its
 * header and reported through `onProblem`; the next frame is then read as usual, so bad framing never
 * costs the following message (#14 item 9: after `Content-Length: -5` the next request was dropped).
 * The body that followed such a header is skipped up to the next `Content-Length` field (#29: the
 * body, taken for the start of the next header block, used to cost every later message).
 * Valid frames pass through byte for byte. An oversized frame's body is skipped as it streams by, never
 * buffered.
 */
export class FramingGuard extends Transform {
  private buffer: Buffer = Buffer.alloc(0);
  /** Bytes of the current valid body still to pass through. */
  private passing = 0;
  /** Bytes of an oversized body still to skip. */
  private skipping = 0;

  constructor(private readonly onProblem: (message: string) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let data = chunk;
    while (data.length > 0) {
      if (this.passing > 0) {
        const n = Math.min(this.passing, data.length);
        this.push(data.subarray(0, n));
        this.passing -= n;
        data = data.subarray(n);
        continue;
      }
      if (this.skipping > 0) {
        const n = Math.min(this.skipping, data.length);
        this.skipping -= n;
        data = data.subarray(n);
        continue;
      }
      this.buffer = this.buffer.length === 0 ? data : Buffer.concat([this.buffer, data]);
      data = Buffer.alloc(0);
      data = this.readHeader();
    }
    done();
  }

  /** Reads one header block from the buffer when it is complete; returns the bytes after it. */
  private readHeader(): Buffer {
    const end = this.buffer.indexOf(HEADER_END);
    if (end < 0) {
      if (this.buffer.length > MAX_HEADER_BYTES) {
        this.onProblem(`dropped ${this.buffer.length} bytes without a message header`);
        this.buffer = Buffer.alloc(0);
      }
      return Buffer.alloc(0);
    }
    let header = this.buffer.subarray(0, end).toString("latin1");
    const rest = this.buffer.subarray(end + HEADER_END.length);
    this.buffer = Buffer.alloc(0);
    const start = headerStart(header);
    if (start > 0) {
      // The body of a message whose header was dropped, then the next header: skip to that header.
      this.onProblem(`skipped ${start} bytes before a message header`);
      header = header.slice(start);
    }
    const lengthField = /(?:^|\r\n)content-length:[ \t]*([^\r\n]*)/i.exec(header)?.[1]?.trim();
    const length =
      lengthField !== undefined && /^\d{1,12}$/.test(lengthField) ? Number(lengthField) : undefined;
    if (length === undefined) {
      this.onProblem(
        `dropped a message header with ${lengthField === undefined ? "no Content-Length" : `Content-Length ${JSON.stringify(lengthField.slice(0, 20))}`}`,
      );
      return rest;
    }
    if (length === 0) {
      this.onProblem("dropped a message with an empty body");
      return rest;
    }
    if (length > MAX_MESSAGE_BYTES) {
      this.onProblem(`skipped a message of ${length} bytes (the limit is ${MAX_MESSAGE_BYTES})`);
      this.skipping = length;
      return rest;
    }
    this.push(Buffer.from(`${header}\r\n\r\n`, "latin1"));
    this.passing = length;
    return rest;
  }
}

/** A header line: a field name (RFC 7230 token characters), a colon, a value. */
const HEADER_LINE = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+:[^\r\n]*$/;

/**
 * Where the header fields of a header block start: 0 when every line is a header field; otherwise the
 * last `Content-Length:` field, the block's earlier bytes being the body of a message whose header was
 * dropped (or other garbage). 0 when there is no such field (the block is then reported as it is).
 */
function headerStart(block: string): number {
  if (block.split("\r\n").every((line) => HEADER_LINE.test(line))) return 0;
  const at = block.toLowerCase().lastIndexOf("content-length:");
  return Math.max(at, 0);
}
