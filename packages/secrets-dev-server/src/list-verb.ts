import type { Duplex } from "node:stream";
import type { RawRequest } from "./router.js";
import type { DevReply } from "./types.js";

/** Reason phrases for the statuses a LIST can get. */
const REASONS: Record<number, string> = {
  200: "OK",
  400: "Bad Request",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
};

/**
 * Node's HTTP parser (llhttp) rejects methods it does not know, and `LIST` is one of them, so such a
 * request arrives as a `clientError` with the raw bytes. This parses the request head from those bytes
 * (`LIST /v1/<path> HTTP/1.1` + headers); undefined when it is not a complete LIST head.
 */
export function parseListHead(packet: Buffer | undefined): RawRequest | undefined {
  if (!packet) return undefined;
  const text = packet.toString("latin1");
  const end = text.indexOf("\r\n\r\n");
  if (end < 0) return undefined;
  const [requestLine, ...lines] = text.slice(0, end).split("\r\n");
  const m = /^LIST (\S+) HTTP\/1\.[01]$/.exec(requestLine ?? "");
  if (!m) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { method: "LIST", url: m[1] as string, headers, body: Buffer.alloc(0) };
}

/** Writes a reply straight to the socket and closes the connection (the parser cannot continue after it). */
export function writeRawReply(socket: Duplex, reply: DevReply): void {
  const body = reply.body === undefined ? "" : JSON.stringify(reply.body);
  const head = [
    `HTTP/1.1 ${reply.status} ${REASONS[reply.status] ?? "Status"}`,
    "connection: close",
    "cache-control: no-store",
    `content-length: ${Buffer.byteLength(body)}`,
  ];
  if (body) head.push("content-type: application/json");
  for (const [name, value] of Object.entries(reply.headers ?? {})) head.push(`${name}: ${value}`);
  socket.end(`${head.join("\r\n")}\r\n\r\n${body}`);
}
