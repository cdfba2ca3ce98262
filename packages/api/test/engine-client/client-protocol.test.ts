import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Readable } from "node:stream";
import { afterEach, describe, expect, test } from "vitest";
import {
  collectOutput,
  EngineApiError,
  EngineClient,
  EngineResponseError,
  EngineStreamError,
  EngineTimeoutError,
} from "../../src/engine/client/index.js";
import type { JsonMessage } from "../../src/engine/schemas/index.js";
import { frame, type LoopbackServer, sendJson, startLoopbackServer } from "./loopback-server.js";

let server: LoopbackServer | undefined;
let client: EngineClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

function connect(host: string) {
  client = new EngineClient({ host, env: {}, negotiate: false });
  return client;
}

function decodeHeader(value: string | string[] | undefined): unknown {
  const text = String(value);
  expect(text).toMatch(/^[A-Za-z0-9_-]+={0,2}$/);
  expect(text.length % 4).toBe(0);
  return JSON.parse(Buffer.from(text, "base64url").toString("utf8"));
}

describe("POST /build", () => {
  test("streams an AsyncIterable context chunked as application/x-tar with X-Registry-Config and extra headers", async () => {
    server = await startLoopbackServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"stream":"Step 1/1 : FROM scratch"}\r\n{"str');
      res.end('eam":"Successfully built 0123456789ab\\n"}\r\n');
    }, "unix");
    async function* context() {
      yield new Uint8Array([1, 2, 3]);
      yield new Uint8Array([4, 5]);
    }
    const messages: JsonMessage[] = [];
    const stream = await connect(server.host).images.build(
      context(),
      { enginefile: "sub/Enginefile", t: ["a:1", "b:2"], buildargs: { X: "1", UNSET: null }, nocache: true },
      {
        registryConfig: { "registry.example:5000": { username: "u", password: "p?>~" } },
        headers: { "x-extra": "yes" },
      },
    );
    for await (const m of stream) messages.push(m);
    expect(messages).toEqual([
      { stream: "Step 1/1 : FROM scratch" },
      { stream: "Successfully built 0123456789ab\n" },
    ]);
    const seen = server.seen[0];
    expect(seen?.headers["content-type"]).toBe("application/x-tar");
    expect(seen?.headers["transfer-encoding"]).toBe("chunked");
    expect(seen?.headers["x-extra"]).toBe("yes");
    expect([...(seen?.body ?? [])]).toEqual([1, 2, 3, 4, 5]);
    expect(decodeHeader(seen?.headers["x-registry-config"])).toEqual({
      "registry.example:5000": { username: "u", password: "p?>~" },
    });
    const url = new URL(seen?.url ?? "", "http://x");
    expect(url.pathname).toBe("/v1.24/build");
    expect(url.searchParams.get("dockerfile")).toBe("sub/Enginefile");
    expect(url.searchParams.getAll("t")).toEqual(["a:1", "b:2"]);
    expect(JSON.parse(url.searchParams.get("buildargs") ?? "")).toEqual({ X: "1", UNSET: null });
    expect(url.searchParams.get("nocache")).toBe("1");
  });

  test("a build error inside the 200 stream fails the iteration", async () => {
    server = await startLoopbackServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"stream":"Step 1/2"}\r\n{"errorDetail":{"code":2,"message":"boom"},"error":"boom"}\r\n');
    });
    const stream = await connect(server.host).images.build(Readable.from([Buffer.from("tar")]));
    const messages: JsonMessage[] = [];
    const error = await (async () => {
      for await (const m of stream) messages.push(m);
    })().catch((e: unknown) => e);
    expect(messages).toEqual([{ stream: "Step 1/2" }]);
    expect(error).toBeInstanceOf(EngineStreamError);
    expect(error).toMatchObject({ code: 2, message: "boom" });
  });
});

describe("X-Registry-Auth", () => {
  test("image pull, push and service create send base64 JSON credentials", async () => {
    server = await startLoopbackServer((req, res) => {
      if (req.url.startsWith("/v1.24/services/create")) return sendJson(res, 201, { ID: "svc" });
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"status":"done"}\r\n');
    });
    const engine = connect(server.host);
    for await (const _ of await engine.images.create(
      { fromImage: "repo/x", tag: "1" },
      { auth: { identitytoken: "tok" } },
    )) {
      // drain
    }
    for await (const _ of await engine.images.push(
      "registry.example:5000/x",
      { tag: "1" },
      {
        auth: { username: "u", password: "p" },
      },
    )) {
      // drain
    }
    await engine.services.create(
      { Name: "s", TaskTemplate: { ContainerSpec: { Image: "x" } } },
      { auth: { username: "u", password: "p" } },
    );
    const [pull, push, service] = server.seen;
    expect(decodeHeader(pull?.headers["x-registry-auth"])).toEqual({ identitytoken: "tok" });
    expect(push?.url).toBe("/v1.24/images/registry.example:5000/x/push?tag=1");
    expect(decodeHeader(push?.headers["x-registry-auth"])).toEqual({ username: "u", password: "p" });
    expect(decodeHeader(service?.headers["x-registry-auth"])).toEqual({ username: "u", password: "p" });
  });
});

describe("attach and logs", () => {
  test("logs (200, no upgrade) are demultiplexed into stdout and stderr", async () => {
    server = await startLoopbackServer((req, res) => {
      expect(req.headers.upgrade).toBeUndefined();
      res.writeHead(200, { "content-type": "application/vnd.engine.raw-stream" });
      res.end(Buffer.concat([frame(1, "a\n"), frame(2, "b\n"), frame(1, "c\n")]));
    });
    const frames = await connect(server.host).containers.logs("c1", {
      stdout: true,
      stderr: true,
      tail: "10",
    });
    expect(await collectOutput(frames)).toEqual({ stdin: "", stdout: "a\nc\n", stderr: "b\n" });
    expect(server.seen[0]?.url).toBe("/v1.24/containers/c1/logs?stdout=1&stderr=1&tail=10");
  });

  test("attach hijacks the connection with Upgrade: tcp; stdin reaches the engine, frames come back", async () => {
    const upgrades: IncomingMessage[] = [];
    const http = createServer((_req, res) => res.writeHead(400).end());
    http.on("upgrade", (req: IncomingMessage, socket: Socket) => {
      upgrades.push(req);
      socket.write(
        "HTTP/1.1 101 UPGRADED\r\nContent-Type: application/vnd.engine.raw-stream\r\nConnection: Upgrade\r\nUpgrade: tcp\r\n\r\n",
      );
      let input = "";
      socket.on("data", (chunk: Buffer) => {
        input += chunk.toString();
      });
      socket.on("end", () => {
        socket.end(Buffer.concat([frame(1, `echo:${input}`), frame(2, "done\n")]));
      });
    });
    http.listen(0, "127.0.0.1");
    await once(http, "listening");
    try {
      const engine = connect(`tcp://127.0.0.1:${(http.address() as AddressInfo).port}`);
      const session = await engine.containers.attach("c1", {
        stream: true,
        stdin: true,
        stdout: true,
        stderr: true,
      });
      await session.write("hello\n");
      session.closeStdin();
      expect(await collectOutput(session.output)).toEqual({
        stdin: "",
        stdout: "echo:hello\n",
        stderr: "done\n",
      });
      expect(upgrades[0]?.method).toBe("POST");
      expect(upgrades[0]?.url).toBe("/v1.24/containers/c1/attach?stream=1&stdin=1&stdout=1&stderr=1");
      expect(upgrades[0]?.headers.upgrade).toBe("tcp");
      expect(upgrades[0]?.headers.connection?.toLowerCase()).toBe("upgrade");
    } finally {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    }
  });
});

describe("refused upgrade", () => {
  test("an error answer to an upgrade request is an EngineApiError with the engine's message", async () => {
    server = await startLoopbackServer((_req, res) =>
      sendJson(res, 409, { message: "container c1 is paused" }),
    );
    const error = await connect(server.host)
      .containers.attach("c1", { stream: true })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineApiError);
    expect(error).toMatchObject({ status: 409, method: "POST", engineMessage: "container c1 is paused" });
    expect(server.seen[0]?.headers.upgrade).toBe("tcp");
  });
});

describe("archive path stat", () => {
  test("HEAD /archive reads the stat from either header name", async () => {
    const stat = { name: "etc", size: 4096, mode: 2147484141, mtime: "2026-01-01T00:00:00Z", linkTarget: "" };
    server = await startLoopbackServer((req, res) => {
      const header = req.url.includes("docker")
        ? "X-Docker-Container-Path-Stat"
        : "X-Engine-Container-Path-Stat";
      res.writeHead(200, { [header]: Buffer.from(JSON.stringify(stat)).toString("base64") });
      res.end();
    });
    const engine = connect(server.host);
    expect(await engine.containers.archiveStat("c1", "/docker")).toEqual(stat);
    expect(await engine.containers.archiveStat("c1", "/engine")).toEqual(stat);
    expect(server.seen.map((r) => `${r.method} ${r.url}`)).toEqual([
      "HEAD /v1.24/containers/c1/archive?path=%2Fdocker",
      "HEAD /v1.24/containers/c1/archive?path=%2Fengine",
    ]);
  });
});

describe("validateResponses", () => {
  test("off (default): the engine's JSON is returned as is; on: a mismatch is an EngineResponseError naming the field", async () => {
    server = await startLoopbackServer((_req, res) => sendJson(res, 200, { StatusCode: "three" }));
    expect(await connect(server.host).containers.wait("c1")).toEqual({ StatusCode: "three" });
    const checking = new EngineClient({
      host: server.host,
      env: {},
      negotiate: false,
      validateResponses: true,
    });
    try {
      const error = await checking.containers.wait("c1").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(EngineResponseError);
      expect((error as Error).message).toMatch(
        /^POST \/containers\/c1\/wait: the response does not match its schema: StatusCode: /,
      );
    } finally {
      await checking.close();
    }
  });
});

describe("streams: timeouts and cancellation while reading", () => {
  test("a stream silent for longer than timeoutMs ends with EngineTimeoutError after the messages before it", async () => {
    server = await startLoopbackServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"Type":"container","Action":"create"}\n');
      // then nothing: the connection stays open
    });
    const events = await connect(server.host).system.events({}, { timeoutMs: 300 });
    const seen: unknown[] = [];
    const error = await (async () => {
      for await (const event of events) seen.push(event);
    })().catch((e: unknown) => e);
    expect(seen).toEqual([{ Type: "container", Action: "create" }]);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect(error).toMatchObject({ method: "GET", path: "/v1.24/events", timeoutMs: 300 });
  });

  test("aborting the signal ends a running stream with the signal's reason", async () => {
    server = await startLoopbackServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"stream":"Step 1/9"}\r\n');
    });
    const controller = new AbortController();
    const messages = await connect(server.host).images.build(
      new Uint8Array([0]),
      {},
      { signal: controller.signal },
    );
    const error = await (async () => {
      for await (const _ of messages) controller.abort(new Error("stopped by the user"));
    })().catch((e: unknown) => e);
    expect((error as Error).message).toBe("stopped by the user");
  });
});
