/**
 * The BuildKit session server over a real HTTP/2 connection: Node's http2 client plays the engine's part
 * (after `POST /session` the engine is the HTTP/2 client), on a socket pair standing for the upgraded
 * connection. Checks the upgrade headers, gRPC framing and statuses of GetSecret and Health, and the
 * ForwardAgent relay to a local agent socket. The engine side is checked on the real engine in
 * packages/cli/test/build-secrets.engine.test.ts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { connect as h2connect } from "node:http2";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { afterEach, describe, expect, it } from "vitest";
import { type BuildSession, openBuildSession } from "../src/index.js";
import { GrpcFrameReader, grpcFrame } from "../src/upload/buildkit/session/grpc-frames.js";
import { socketPair } from "./session-helpers.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function session(services: Parameters<typeof openBuildSession>[1]) {
  const [ours, engines] = await socketPair();
  let sent: { path: string; headers: Record<string, string | string[]> } | undefined;
  const s: BuildSession = await openBuildSession(
    {
      upgrade: async (request, protocol) => {
        expect(protocol).toBe("h2c");
        sent = request;
        return ours;
      },
    },
    services,
    { name: "ctx", sharedKey: "k" },
  );
  const client = h2connect("http://engine", { createConnection: () => engines });
  cleanups.push(() => {
    client.close();
    s.close();
  });
  return { s, client, sent: sent! };
}

/** One unary gRPC call: status, trailers and response messages. */
function call(client: ReturnType<typeof h2connect>, path: string, message: Uint8Array, headers = {}) {
  return new Promise<{ status: string; messages: Uint8Array[] }>((resolve, reject) => {
    const req = client.request({
      ":method": "POST",
      ":path": path,
      "content-type": "application/grpc",
      te: "trailers",
      ...headers,
    });
    const reader = new GrpcFrameReader();
    const messages: Uint8Array[] = [];
    let status = "";
    req.on("response", (h) => {
      if (h["grpc-status"] !== undefined) status = String(h["grpc-status"]);
    });
    req.on("trailers", (t) => {
      status = String(t["grpc-status"]);
    });
    req.on("data", (d: Buffer) => messages.push(...reader.push(d)));
    req.on("end", () => resolve({ status, messages }));
    req.on("error", reject);
    req.end(grpcFrame(message));
  });
}

const idRequest = (id: string) => new BinaryWriter().tag(1, 2).string(id).finish();

describe("the BuildKit session server", () => {
  it("announces itself like the engine CLI and answers GetSecret and Health over HTTP/2", async () => {
    const { client, sent, s } = await session({
      secrets: new Map([["npm", Buffer.from("tok\n")]]),
      ssh: new Map(),
    });
    expect(sent.path).toBe("/session");
    expect(sent.headers["X-Docker-Expose-Session-Uuid"]).toBe(s.id);
    expect(sent.headers["X-Docker-Expose-Session-Name"]).toBe("ctx");
    expect(sent.headers["X-Docker-Expose-Session-Grpc-Method"]).toEqual([
      "/grpc.health.v1.Health/Check",
      "/moby.buildkit.secrets.v1.Secrets/GetSecret",
      "/moby.filesync.v1.Auth/Credentials",
    ]);
    const health = await call(client, "/grpc.health.v1.Health/Check", new Uint8Array(0));
    expect(health.status).toBe("0");
    expect(Buffer.from(health.messages[0]!)).toEqual(Buffer.from([8, 1]));
    const found = await call(client, "/moby.buildkit.secrets.v1.Secrets/GetSecret", idRequest("npm"));
    expect(found.status).toBe("0");
    expect(Buffer.from(found.messages[0]!)).toEqual(Buffer.from([10, 4, ...Buffer.from("tok\n")]));
    const missing = await call(client, "/moby.buildkit.secrets.v1.Secrets/GetSecret", idRequest("other"));
    expect(missing).toEqual({ status: "5", messages: [] });
    const unknown = await call(client, "/moby.filesync.v1.FileSync/DiffCopy", new Uint8Array(0));
    expect(unknown.status).toBe("12");
    expect(s.calls).toContain("/moby.buildkit.secrets.v1.Secrets/GetSecret");
  });

  it("relays ForwardAgent's requests to the local agent socket and back, read-only", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ek-agent-"));
    const path = join(dir, "agent.sock");
    const received: Buffer[] = [];
    const agent = createServer((c) =>
      c.on("data", (d) => {
        received.push(d);
        c.end(Buffer.from([0, 0, 0, 5, 12, 0, 0, 0, 0])); // SSH_AGENT_IDENTITIES_ANSWER, no keys
      }),
    );
    await new Promise<void>((resolve) => agent.listen(path, resolve));
    cleanups.push(() => {
      agent.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const { client, sent } = await session({ secrets: new Map(), ssh: new Map([["deploy", path]]) });
    expect(sent.headers["X-Docker-Expose-Session-Grpc-Method"]).toContain(
      "/moby.sshforward.v1.SSH/ForwardAgent",
    );
    const check = await call(client, "/moby.sshforward.v1.SSH/CheckAgent", idRequest("deploy"));
    expect(check.status).toBe("0");
    // REQUEST_IDENTITIES then REMOVE_ALL_IDENTITIES in one BytesMessage: only the first reaches the agent,
    // the second is answered SSH_AGENT_FAILURE after the agent's reply (read-only-agent.ts).
    const bytes = new BinaryWriter()
      .tag(1, 2)
      .bytes(new Uint8Array([0, 0, 0, 1, 11, 0, 0, 0, 1, 19]))
      .finish();
    const forwarded = await call(client, "/moby.sshforward.v1.SSH/ForwardAgent", bytes, {
      "buildkit.ssh.id": "deploy",
    });
    expect(Buffer.concat(received)).toEqual(Buffer.from([0, 0, 0, 1, 11]));
    expect(forwarded.status).toBe("0");
    expect(Buffer.from(forwarded.messages[0]!)).toEqual(
      Buffer.from([10, 14, 0, 0, 0, 5, 12, 0, 0, 0, 0, 0, 0, 0, 1, 5]),
    );
    // an agent id the user did not pass (a step's --mount=type=ssh,id=… is the Enginefile's choice) is
    // NotFound, and nothing reaches the agent
    expect((await call(client, "/moby.sshforward.v1.SSH/CheckAgent", idRequest("default"))).status).toBe("5");
    const other = await call(client, "/moby.sshforward.v1.SSH/ForwardAgent", bytes, {
      "buildkit.ssh.id": "other",
    });
    expect(other).toEqual({ status: "5", messages: [] });
    expect(Buffer.concat(received)).toEqual(Buffer.from([0, 0, 0, 1, 11]));
    // a request announced over 256 KiB ends the connection at its header: nothing is buffered or forwarded
    const huge = new BinaryWriter()
      .tag(1, 2)
      .bytes(new Uint8Array([0, 4, 0, 1, 17, 1, 2, 3]))
      .finish();
    // (the step's side stays open: the relay itself ends the call, at the header, without waiting for a body)
    const open = client.request({
      ":method": "POST",
      ":path": "/moby.sshforward.v1.SSH/ForwardAgent",
      "content-type": "application/grpc",
      te: "trailers",
      "buildkit.ssh.id": "deploy",
    });
    const trailers = new Promise<string>((resolve) =>
      open.on("trailers", (t) => resolve(String(t["grpc-status"]))),
    );
    const data: Buffer[] = [];
    open.on("data", (d: Buffer) => data.push(d));
    open.write(grpcFrame(huge));
    expect(await trailers).toBe("0");
    expect(data).toEqual([]);
    open.close();
    expect(Buffer.concat(received)).toEqual(Buffer.from([0, 0, 0, 1, 11]));
  });

  it("holds the step's stream back while the agent does not read, instead of buffering its requests", async () => {
    const dir = mkdtempSync(join(tmpdir(), "ek-agent-"));
    const path = join(dir, "agent.sock");
    // an agent that never reads (as one waiting for its user to confirm a signature)
    const agent = createServer((c) => c.pause());
    await new Promise<void>((resolve) => agent.listen(path, resolve));
    const { client } = await session({ secrets: new Map(), ssh: new Map([["deploy", path]]) });
    cleanups.push(() => {
      agent.close();
      rmSync(dir, { recursive: true, force: true });
    });
    const u32 = (n: number) => Buffer.from([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);
    const str = (b: Buffer) => Buffer.concat([u32(b.length), b]);
    const body = Buffer.concat([
      Buffer.from([13]),
      str(Buffer.concat([str(Buffer.from("ssh-ed25519")), str(Buffer.alloc(32))])),
      str(Buffer.alloc(200 * 1024, 7)),
      u32(0),
    ]);
    const sign = Buffer.concat([u32(body.length), body]);
    const forward = client.request({
      ":method": "POST",
      ":path": "/moby.sshforward.v1.SSH/ForwardAgent",
      "content-type": "application/grpc",
      te: "trailers",
      "buildkit.ssh.id": "deploy",
    });
    // 40 sign requests of 200 KiB (8 MiB, under the 64 unanswered requests the filter allows)
    let written = false;
    for (let i = 0; i < 40; i++)
      forward.write(grpcFrame(new BinaryWriter().tag(1, 2).bytes(sign).finish()), () => {
        if (i === 39) written = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // HTTP/2 flow control holds the rest at the sender: the relay did not take all 8 MiB in
    expect(written).toBe(false);
    forward.close();
  });
});
