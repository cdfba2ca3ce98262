/**
 * The `LIST` method through Node's own HTTP parser. llhttp rejects methods it does not know, and `LIST`
 * (the secrets API's listing verb, secrets §5; research secrets-anchors §5) is one of them. Each connection
 * is therefore wrapped in a {@link ListVerbConnection} before the HTTP server sees it: when a request
 * starts with `LIST `, those five bytes reach the parser as `GET ` and the request is marked, so the
 * head — however it is split across TCP segments — the headers, the body and keep-alive are all Node's
 * parser's work. The server's handler asks {@link listMethodOf} for the real method. This is the way
 * Node's documentation gives for custom transports: `server.emit("connection", duplex)`.
 *
 * A request's start is known because the client waits for an answer before it sends the next request on
 * a connection (HTTP/1.1 without pipelining, as every client of the service does): the next request
 * starts after the handler began to answer ({@link ListVerbConnection.expectRequest}). A `LIST` pipelined
 * behind another request gets Node's 400, as any unknown method does.
 */

import type { Socket } from "node:net";
import { Duplex } from "node:stream";

const LIST = Buffer.from("LIST ");
const GET = Buffer.from("GET ");

/** A connection whose requests may use `LIST` (see the module comment). */
export class ListVerbConnection extends Duplex {
  readonly #socket: Socket;
  /** Bytes at a request's start held back until they show whether it is `LIST ` (at most 4). */
  #head: Buffer | undefined = Buffer.alloc(0);
  #isList = false;

  constructor(socket: Socket) {
    super({ allowHalfOpen: true });
    this.#socket = socket;
    socket.on("data", (chunk: Buffer) => this.#receive(chunk));
    socket.on("end", () => {
      if (this.#head && this.#head.length > 0) this.push(this.#head);
      this.#head = undefined;
      this.push(null);
    });
    socket.on("error", (error) => this.destroy(error));
    socket.on("close", () => this.destroy());
  }

  /** Whether the request being answered was sent as `LIST`. */
  get isList(): boolean {
    return this.#isList;
  }

  /** The handler began to answer: the next bytes from the client start a new request. */
  expectRequest(): void {
    this.#head ??= Buffer.alloc(0);
  }

  #receive(chunk: Buffer): void {
    let out = chunk;
    if (this.#head) {
      const head = Buffer.concat([this.#head, chunk]);
      const n = Math.min(head.length, LIST.length);
      if (head.subarray(0, n).equals(LIST.subarray(0, n)) && head.length < LIST.length) {
        this.#head = head; // "L", "LI", "LIS", "LIST": wait for the next segment
        return;
      }
      this.#head = undefined;
      this.#isList = head.subarray(0, LIST.length).equals(LIST);
      out = this.#isList ? Buffer.concat([GET, head.subarray(LIST.length)]) : head;
    }
    if (!this.push(out)) this.#socket.pause();
  }

  override _read(): void {
    this.#socket.resume();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.#socket.write(chunk, encoding, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.#socket.end(callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.#socket.destroy(error ?? undefined);
    callback(error);
  }

  /** The client's address, as a socket has it. */
  get remoteAddress(): string | undefined {
    return this.#socket.remoteAddress;
  }

  setTimeout(ms: number, callback?: () => void): this {
    this.#socket.setTimeout(ms, callback);
    return this;
  }

  setNoDelay(noDelay?: boolean): this {
    this.#socket.setNoDelay(noDelay);
    return this;
  }

  setKeepAlive(enable?: boolean, delayMs?: number): this {
    this.#socket.setKeepAlive(enable, delayMs);
    return this;
  }
}

/** The method of a request as the client sent it: `LIST` for a marked request, else Node's. */
export function listMethodOf(socket: unknown, parsedMethod: string | undefined): string {
  return socket instanceof ListVerbConnection && socket.isList ? "LIST" : (parsedMethod ?? "GET");
}
