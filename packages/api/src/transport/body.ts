/**
 * Request bodies: `jsonBody` with the `Content-Length` that POSTs need (engine §1), and `toDispatchBody`
 * turning a streamed body into what undici sends chunked.
 */
import { Readable } from "node:stream";

/** A request body: bytes or text sent with `Content-Length`, or a stream sent chunked. */
export type RequestBody = string | Uint8Array | Readable | AsyncIterable<Uint8Array>;

/**
 * A JSON request body with its `Content-Type` and explicit `Content-Length` (engine §1: POSTs that expect a
 * body must carry `Content-Length`; the byte length of the UTF-8 text, not its character count).
 */
export function jsonBody(value: unknown): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(value ?? {});
  return {
    body,
    headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
  };
}

/** Turns a streamed body into something undici sends chunked; byte bodies pass through unchanged. */
export function toDispatchBody(body: RequestBody | undefined): string | Uint8Array | Readable | undefined {
  if (
    body === undefined ||
    typeof body === "string" ||
    body instanceof Uint8Array ||
    body instanceof Readable
  ) {
    return body;
  }
  return Readable.from(body, { objectMode: false });
}
