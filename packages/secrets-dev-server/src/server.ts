import {
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { SECRETS_MAX_REQUEST_BYTES } from "@enginekit/api";
import { type Fault, FaultQueue } from "./faults.js";
import { parseListHead, writeRawReply } from "./list-verb.js";
import { type RawRequest, route } from "./router.js";
import { applySeed, type DevSeed, loadSeedFile } from "./seed.js";
import { newTokenId, type SealState, ServiceState } from "./state.js";
import { makeSelfSignedCertificate } from "./tls.js";
import { type DevReply, errorReply } from "./types.js";

/** Options of {@link startDevServer}. */
export interface DevServerOptions {
  /** TCP port on 127.0.0.1 (default 0: any free port). */
  port?: number;
  /** Root token (default: a new random `hvs.` token). */
  rootToken?: string;
  /** Serve HTTPS with a self-signed certificate made at start (default false). */
  tls?: boolean;
  /** Seed data, or the path of a JSON/YAML seed file. */
  seed?: DevSeed | string;
  /** Initial state (default `unsealed`, like the service's own dev mode). */
  state?: SealState;
  /** Largest request body in bytes (default 32 MiB, secrets §8); larger ones get 413. */
  maxRequestBytes?: number;
}

/** A running dev server. */
export interface DevServer {
  /** `http://127.0.0.1:<port>` or `https://…`. */
  address: string;
  rootToken: string;
  /** The self-signed certificate (PEM) when `tls` is on: give it to clients as their CA. */
  caCertPem?: string;
  /** The single unseal key share (hex). */
  unsealKey: string;
  /** The in-memory state (mounts, tokens, policies), for tests that inspect or change it. */
  state: ServiceState;
  /** Requests answered so far. */
  readonly requestCount: number;
  /** Makes the next matching requests fail with a status (retries, rate limits, 5xx). */
  failNext(fault: Fault): void;
  /** Seals the service (later requests get 503 until `sys/unseal`). */
  seal(): void;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/** Reads a body up to `limit` bytes; beyond that the rest is drained and `tooLarge` is set. */
async function readBody(req: IncomingMessage, limit: number): Promise<{ body: Buffer; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) tooLarge = true;
    else chunks.push(chunk);
  }
  return { body: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge };
}

function send(res: ServerResponse, reply: DevReply): void {
  const headers: Record<string, string> = { "cache-control": "no-store", ...reply.headers };
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers).end();
    return;
  }
  const text = JSON.stringify(reply.body);
  headers["content-type"] = "application/json";
  headers["content-length"] = String(Buffer.byteLength(text));
  res.writeHead(reply.status, headers).end(text);
}

/**
 * Starts the in-memory secrets service on 127.0.0.1 speaking the v1 API over HTTP or HTTPS
 * (secrets-api-v1.md and research/secrets-anchors.md; differences are listed in docs/secrets.md).
 * Mounts: KV v2 at `secret/`, KV v1 at `kv/`. Throws `SeedError` for a bad seed.
 */
export async function startDevServer(options: DevServerOptions = {}): Promise<DevServer> {
  const rootToken = options.rootToken ?? newTokenId();
  const state = new ServiceState(rootToken, options.state ?? "unsealed");
  if (options.seed)
    applySeed(state, typeof options.seed === "string" ? loadSeedFile(options.seed) : options.seed);
  const faults = new FaultQueue();
  const limit = options.maxRequestBytes ?? SECRETS_MAX_REQUEST_BYTES;
  let requestCount = 0;

  const handler = async (req: IncomingMessage, res: ServerResponse) => {
    requestCount++;
    try {
      const { body, tooLarge } = await readBody(req, limit);
      if (tooLarge) return send(res, errorReply(413, ["http: request body too large"]));
      const raw: RawRequest = {
        method: req.method ?? "GET",
        url: req.url ?? "/",
        headers: req.headers,
        body,
      };
      send(res, route(state, faults, raw));
    } catch (error) {
      if (!res.headersSent) send(res, errorReply(500, [`internal error: ${(error as Error).message}`]));
    }
  };

  let caCertPem: string | undefined;
  let server: Server;
  if (options.tls) {
    const cert = await makeSelfSignedCertificate();
    caCertPem = cert.cert;
    server = createHttpsServer({ cert: cert.cert, key: cert.key }, handler);
  } else {
    server = createHttpServer(handler);
  }
  // LIST is not a method Node's parser knows: answer it from the raw bytes (see list-verb.ts).
  server.on("clientError", (error: Error & { code?: string; rawPacket?: Buffer }, socket) => {
    const list = error.code === "HPE_INVALID_METHOD" ? parseListHead(error.rawPacket) : undefined;
    if (list && socket.writable) {
      requestCount++;
      writeRawReply(socket, route(state, faults, list));
    } else if (socket.writable) {
      socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
    } else {
      socket.destroy();
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    address: `${options.tls ? "https" : "http"}://127.0.0.1:${port}`,
    rootToken,
    ...(caCertPem ? { caCertPem } : {}),
    unsealKey: state.unsealKey,
    state,
    get requestCount() {
      return requestCount;
    },
    failNext: (fault) => faults.add(fault),
    seal: () => {
      if (state.seal === "unsealed") state.seal = "sealed";
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
