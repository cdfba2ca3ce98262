/**
 * Reading response bodies with a size cap, decoded as they arrive: chunks are decoded to text one by one
 * (a `TextDecoder` in streaming mode) and counted, and the body is destroyed as soon as it passes the cap,
 * so a huge or endless answer costs at most the cap in memory instead of being buffered whole first.
 */
import type { HttpResponse } from "./response.js";

/** A response body larger than the reader's cap; the connection was closed. */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
  constructor(readonly limitBytes: number) {
    super(`the response body is larger than ${formatLimit(limitBytes)}`);
  }
}

/** A body that should be JSON but is not (e.g. an HTML page from a proxy or a web server). */
export class BodyNotJsonError extends Error {
  override name = "BodyNotJsonError";
  constructor(readonly contentType: string | undefined) {
    super(`the response is not JSON${contentType ? ` (Content-Type: ${contentType})` : ""}`);
  }
}

/** `1 MiB`, `64 MiB`, or bytes. */
export function formatLimit(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/**
 * Reads a body as UTF-8 text of at most `maxBytes` bytes.
 * @throws BodyTooLargeError (after destroying the body) when it is larger; the body's own errors.
 */
export async function readBodyText(response: HttpResponse, maxBytes: number): Promise<string> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.body.destroy();
    throw new BodyTooLargeError(maxBytes);
  }
  const decoder = new TextDecoder();
  const parts: string[] = [];
  let total = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > maxBytes) {
      response.body.destroy();
      throw new BodyTooLargeError(maxBytes);
    }
    parts.push(decoder.decode(chunk, { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join("");
}

/**
 * Reads a JSON body of at most `maxBytes` bytes; an empty body yields `undefined`.
 * @throws BodyTooLargeError; BodyNotJsonError (naming the `Content-Type`) for text that is not JSON.
 */
export async function readJsonBody(response: HttpResponse, maxBytes: number): Promise<unknown> {
  const text = await readBodyText(response, maxBytes);
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    const type = response.headers["content-type"];
    throw new BodyNotJsonError(Array.isArray(type) ? type[0] : type);
  }
}
