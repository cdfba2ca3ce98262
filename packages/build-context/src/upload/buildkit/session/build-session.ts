/**
 * A BuildKit session with the engine, served by enginekit: `POST /session` upgraded to HTTP/2 without TLS
 * (`Upgrade: h2c`), after which the engine is the HTTP/2 client and enginekit the gRPC server, as the engine
 * CLI does it (docker/cli `cli/command/image/build_session.go`, moby/buildkit `session/session.go`,
 * `session/grpchijack`): headers `X-Docker-Expose-Session-Uuid`, `-Name`, `-Sharedkey` and one
 * `-Grpc-Method` line per method served; the build then names the session with `session=<id>`.
 *
 * Services (moby/buildkit `session/`): `grpc.health.v1.Health/Check` (the engine checks the session is
 * alive), `moby.buildkit.secrets.v1.Secrets/GetSecret` (`RUN --mount=type=secret`; an unknown id is gRPC
 * `NotFound`), `moby.filesync.v1.Auth/Credentials` (registry credentials for base images) and, with
 * `--ssh`, `moby.sshforward.v1.SSH/CheckAgent` and `ForwardAgent` (the agent protocol relayed between the
 * step's socket and the local agent's, or an agent served from key files in memory, read-only as BuildKit
 * relays it: `read-only-agent.ts`) and,
 * when the context goes through the session, `moby.filesync.v1.FileSync/DiffCopy` (`file-sync.ts`).
 * HTTP/2 is Node's `http2` on the upgraded socket; gRPC
 * framing and status codes follow grpc's `PROTOCOL-HTTP2.md`. Secret values live in memory only and are
 * never logged.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Http2Server, type IncomingHttpHeaders, type ServerHttp2Stream } from "node:http2";
import { connect } from "node:net";
import type { Duplex } from "node:stream";
import type { FileSync } from "./file-sync.js";
import { endWithStatus, GrpcFrameReader, grpcFrame } from "./grpc-frames.js";
import { ReadOnlyAgentFilter } from "./read-only-agent.js";
import {
  bytesMessage,
  credentialsResponse,
  EMPTY_MESSAGE,
  HEALTH_SERVING,
  readBytesField,
  readStringField,
} from "./session-messages.js";

/**
 * What the session serves. Secret values are bytes in memory; SSH ids map to a local agent socket or to a
 * connector returning a new in-memory agent connection (key files: `key-agent.ts`).
 */
export interface SessionServices {
  secrets: ReadonlyMap<string, Uint8Array>;
  ssh: ReadonlyMap<string, string | (() => Duplex)>;
  /** The build context and build file, through `moby.filesync.v1.FileSync/DiffCopy` (`file-sync.ts`). */
  fileSync?: FileSync;
  /** Registry credentials for `host` (`Auth/Credentials`); undefined = anonymous. */
  credentials?: (host: string) => { username: string; secret: string } | undefined;
}

/** The engine side: an upgrade to `POST /session` (`EngineClient.http`). */
export interface SessionEngine {
  upgrade(
    request: { method: "POST"; path: string; headers: Record<string, string | string[]> },
    protocol: string,
  ): Promise<Duplex>;
}

/** An open session: pass `id` as the build's `session` parameter; `close` when the build ended. */
export interface BuildSession {
  id: string;
  /** Methods the engine called, in order (for tests and `--progress=rawjson` debugging; no values). */
  calls: string[];
  close(): void;
}

const GRPC = {
  ok: 0,
  notFound: 5,
  unimplemented: 12,
  internal: 13,
} as const;

const HEALTH = "/grpc.health.v1.Health/Check";
const GET_SECRET = "/moby.buildkit.secrets.v1.Secrets/GetSecret";
const CREDENTIALS = "/moby.filesync.v1.Auth/Credentials";
const CHECK_AGENT = "/moby.sshforward.v1.SSH/CheckAgent";
const FORWARD_AGENT = "/moby.sshforward.v1.SSH/ForwardAgent";
const DIFF_COPY = "/moby.filesync.v1.FileSync/DiffCopy";

/**
 * Opens a session on `engine` serving `services`. `name` and `sharedKey` identify the client to the engine
 * (the engine CLI uses the context directory's name and a hash of its path).
 * @throws the engine client's errors when the upgrade is refused.
 */
export async function openBuildSession(
  engine: SessionEngine,
  services: SessionServices,
  identity: { name: string; sharedKey: string },
): Promise<BuildSession> {
  const id = randomBytes(16).toString("hex");
  const methods = [
    HEALTH,
    GET_SECRET,
    CREDENTIALS,
    ...(services.ssh.size > 0 ? [CHECK_AGENT, FORWARD_AGENT] : []),
    ...(services.fileSync ? [DIFF_COPY] : []),
  ];
  const socket = await engine.upgrade(
    {
      method: "POST",
      path: "/session",
      headers: {
        "X-Docker-Expose-Session-Uuid": id,
        "X-Docker-Expose-Session-Name": identity.name,
        "X-Docker-Expose-Session-Sharedkey": identity.sharedKey,
        "X-Docker-Expose-Session-Grpc-Method": methods,
      },
    },
    "h2c",
  );
  const calls: string[] = [];
  const server: Http2Server = createServer();
  server.on("stream", (stream, headers, _flags, rawHeaders: string[]) => {
    const path = String(headers[":path"] ?? "");
    calls.push(path);
    const serving =
      path === DIFF_COPY && services.fileSync
        ? services.fileSync.serve(stream, rawHeaders)
        : serve(stream, headers, path, services);
    serving.catch(() => {
      if (!stream.destroyed) stream.close();
    });
  });
  // The engine speaks first (the HTTP/2 preface) on the upgraded socket.
  server.emit("connection", socket);
  return {
    id,
    calls,
    close: () => {
      socket.destroy();
      server.close();
    },
  };
}

/** Answers a unary call with one message and `grpc-status: 0`. */
function reply(stream: ServerHttp2Stream, message: Uint8Array): void {
  stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
  stream.once("wantTrailers", () => stream.sendTrailers({ "grpc-status": String(GRPC.ok) }));
  stream.end(grpcFrame(message));
}

/** The single request message of a unary call. */
async function requestMessage(stream: ServerHttp2Stream): Promise<Uint8Array> {
  const reader = new GrpcFrameReader();
  const messages: Uint8Array[] = [];
  for await (const chunk of stream) messages.push(...reader.push(chunk as Buffer));
  return messages[0] ?? new Uint8Array(0);
}

async function serve(
  stream: ServerHttp2Stream,
  headers: IncomingHttpHeaders,
  path: string,
  services: SessionServices,
): Promise<void> {
  switch (path) {
    case HEALTH:
      await requestMessage(stream);
      return reply(stream, HEALTH_SERVING);
    case GET_SECRET: {
      const secretId = readStringField(await requestMessage(stream), 1);
      const value = services.secrets.get(secretId);
      if (value === undefined) return endWithStatus(stream, GRPC.notFound, `secret ${secretId} not found`);
      return reply(stream, bytesMessage(value));
    }
    case CREDENTIALS: {
      const host = readStringField(await requestMessage(stream), 1);
      const found = services.credentials?.(host);
      return reply(stream, credentialsResponse(found?.username ?? "", found?.secret ?? ""));
    }
    case CHECK_AGENT: {
      const agentId = readStringField(await requestMessage(stream), 1) || "default";
      if (!services.ssh.has(agentId)) return endWithStatus(stream, GRPC.notFound, `no SSH agent ${agentId}`);
      return reply(stream, EMPTY_MESSAGE);
    }
    case FORWARD_AGENT:
      return forwardAgent(stream, headers, services);
    default:
      await requestMessage(stream).catch(() => undefined);
      return endWithStatus(stream, GRPC.unimplemented, `${path} is not served by enginekit`);
  }
}

/**
 * `SSH/ForwardAgent`: a bidirectional stream of `BytesMessage`s carrying the agent protocol; the agent id
 * comes in the `buildkit.ssh.id` metadata (moby/buildkit `session/sshforward/ssh.go` `KeySSHID`; `default`
 * without it). Relayed to the local agent socket, or served by an in-memory agent, through the read-only
 * filter of `read-only-agent.ts` (list and sign pass; add, remove, lock and the rest are refused here).
 */
function forwardAgent(
  stream: ServerHttp2Stream,
  headers: IncomingHttpHeaders,
  services: SessionServices,
): Promise<void> {
  const agentId = String(headers["buildkit.ssh.id"] || "default");
  const source = services.ssh.get(agentId);
  if (source === undefined) {
    endWithStatus(stream, GRPC.notFound, `no SSH agent ${agentId}`);
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const agent = typeof source === "string" ? connect(source) : source();
    const reader = new GrpcFrameReader();
    const filter = new ReadOnlyAgentFilter();
    let ended = false;
    let held = false;
    const open = () => {
      if (!stream.headersSent && !stream.destroyed)
        stream.respond({ ":status": 200, "content-type": "application/grpc" }, { waitForTrailers: true });
    };
    const end = (code: number) => {
      if (ended) return;
      ended = true;
      agent.destroy();
      if (!stream.destroyed) {
        open();
        stream.once("wantTrailers", () => stream.sendTrailers({ "grpc-status": String(code) }));
        stream.end();
      }
      resolve();
    };
    // A socket answers once connected; an in-memory agent is there at once.
    if (typeof source === "string") agent.once("connect", open);
    else open();
    // A refusal may be due before the agent's socket has connected: the response then opens at once.
    const toClient = (bytes: Buffer[]) => {
      if (bytes.length === 0 || stream.destroyed) return;
      open();
      stream.write(grpcFrame(bytesMessage(Buffer.concat(bytes))));
    };
    agent.on("data", (chunk: Buffer) => toClient(filter.fromAgent(chunk)));
    agent.once("error", () => end(GRPC.internal));
    agent.once("close", () => end(GRPC.ok));
    stream.on("data", (chunk: Buffer) => {
      if (ended) return;
      try {
        for (const message of reader.push(chunk)) {
          const step = filter.fromClient(readBytesField(message));
          // backpressure: an agent slow to read (confirming a signature) holds the step's stream back
          if (step.toAgent.length > 0 && !agent.write(Buffer.concat(step.toAgent)) && !held) {
            held = true;
            stream.pause();
            agent.once("drain", () => {
              held = false;
              stream.resume();
            });
          }
          toClient(step.toClient);
          // An over-long request ends the connection, as OpenSSH's agent ends it.
          if (step.close !== undefined) return end(GRPC.ok);
        }
      } catch {
        end(GRPC.internal);
      }
    });
    // A socket's agent closes its side after ours; an in-memory agent has answered once its input is done.
    stream.once("end", () =>
      typeof source === "string" ? agent.end() : agent.end(() => setImmediate(() => end(GRPC.ok))),
    );
    stream.once("close", () => end(GRPC.ok));
  });
}
