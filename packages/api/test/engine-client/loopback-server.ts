import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A request as the loopback server saw it: method, raw URL, lower-cased headers and the full body. */
interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

/** A running test server; `host` is an ENGINE_HOST value pointing at it. */
export interface LoopbackServer {
  host: string;
  seen: SeenRequest[];
  server: Server;
  close: () => Promise<void>;
}

/** Handles one request after its body was read. */
export type Handler = (request: SeenRequest, response: ServerResponse) => void | Promise<void>;

/**
 * Starts an HTTP server on 127.0.0.1 (`tcp`) or on a Unix socket in a fresh temp folder (`unix`), recording
 * every request and answering with `handler` (default: 200 `{}`).
 */
export async function startLoopbackServer(
  handler: Handler,
  kind: "tcp" | "unix" = "tcp",
): Promise<LoopbackServer> {
  const seen: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = {
      method: req.method ?? "",
      url: req.url ?? "",
      headers: req.headers,
      body: Buffer.concat(chunks),
    };
    seen.push(request);
    try {
      await handler(request, res);
    } catch (error) {
      res.statusCode = 599;
      res.end(String(error));
    }
  });
  let host: string;
  let folder: string | undefined;
  if (kind === "unix") {
    folder = mkdtempSync(join(tmpdir(), "enginekit-loopback-"));
    const socketPath = join(folder, "engine.sock");
    server.listen(socketPath);
    await once(server, "listening");
    host = `unix://${socketPath}`;
  } else {
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    host = `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  return {
    host,
    seen,
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** Answers with a JSON body and status. */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
  res.end(body);
}

/** A `/version` answer for a fake engine speaking `min`–`max`. */
export function versionBody(min: string, max: string) {
  return { Version: "test", ApiVersion: max, MinAPIVersion: min, Os: "linux", Arch: "amd64" };
}

/** One frame of the multiplexed attach/logs format (engine §4.1.2): 8-byte header, then the payload. */
export function frame(stream: number, text: string): Buffer {
  const payload = Buffer.from(text);
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(payload.length, 4);
  return Buffer.concat([header, payload]);
}
