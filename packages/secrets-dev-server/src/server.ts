/**
 * `startDevServer`: the in-memory secrets service on 127.0.0.1 speaking the v1 API (secrets §1–§8) over HTTP
 * or HTTPS with a self-signed certificate, with a seed, seal state, request size limit, the `LIST` verb and
 * injectable faults for tests; differences from the service are listed in docs/secrets.md.
 */
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createTcpServer, type Server, type Socket } from "node:net";
import { createServer as createTlsServer } from "node:tls";
import { SECRETS_MAX_REQUEST_BYTES } from "@enginekit/api";
import { type Fault, FaultQueue } from "./faults.js";
import { ListVerbConnection, listMethodOf } from "./list-verb.js";
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
    const connection = req.socket as unknown;
    const method = listMethodOf(connection, req.method);
    const answer = (reply: DevReply) => {
      // the client's next request on this connection starts after this answer (see list-verb.ts)
      if (connection instanceof ListVerbConnection) connection.expectRequest();
      send(res, reply);
    };
    try {
      const { body, tooLarge } = await readBody(req, limit);
      if (tooLarge) return answer(errorReply(413, ["http: request body too large"]));
      const raw: RawRequest = { method, url: req.url ?? "/", headers: req.headers, body };
      answer(route(state, faults, raw));
    } catch (error) {
      if (!res.headersSent) answer(errorReply(500, [`internal error: ${(error as Error).message}`]));
    }
  };

  // Node's HTTP server parses every request; connections reach it through ListVerbConnection, which
  // lets LIST through its parser (list-verb.ts). TCP (or TLS) is accepted by `server` below.
  const http = createHttpServer(handler);
  http.on("clientError", (_error: Error, socket) => {
    if (socket.writable)
      socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
    else socket.destroy();
  });
  const accept = (socket: Socket) => http.emit("connection", new ListVerbConnection(socket));
  let caCertPem: string | undefined;
  let server: Server;
  if (options.tls) {
    const cert = await makeSelfSignedCertificate();
    caCertPem = cert.cert;
    server = createTlsServer({ cert: cert.cert, key: cert.key }, accept);
  } else {
    server = createTcpServer(accept);
  }
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
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
        http.closeAllConnections();
        for (const socket of sockets) socket.destroy();
      }),
  };
}
