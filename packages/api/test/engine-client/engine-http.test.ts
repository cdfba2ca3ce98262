import { afterEach, describe, expect, test } from "vitest";
import {
  EngineApiError,
  EngineClient,
  EngineConnectionError,
  EngineHttp,
  type EngineHttpOptions,
  EngineTimeoutError,
  EngineVersionError,
  resolveEngineConfig,
} from "../../src/engine/client/index.js";
import { type LoopbackServer, sendJson, startLoopbackServer, versionBody } from "./loopback-server.js";

let server: LoopbackServer | undefined;
let http: EngineHttp | undefined;
afterEach(async () => {
  await http?.close();
  await server?.close();
  http = server = undefined;
});

function connect(host: string, options: EngineHttpOptions = {}) {
  http = new EngineHttp(resolveEngineConfig({ host, env: {} }), options);
  return http;
}

describe("version negotiation (GET /version)", () => {
  test("an engine accepting 1.24 gets /v1.24 paths, after one /version request shared by concurrent calls", async () => {
    server = await startLoopbackServer((req, res) =>
      req.url === "/version" ? sendJson(res, 200, versionBody("1.12", "1.41")) : sendJson(res, 200, []),
    );
    const warnings: string[] = [];
    const client = connect(server.host, { onWarning: (m) => warnings.push(m) });
    await Promise.all([
      client.json({ method: "GET", path: "/containers/json" }),
      client.json({ method: "GET", path: "/images/json" }),
    ]);
    expect(server.seen.map((r) => r.url)).toEqual([
      "/version",
      "/v1.24/containers/json",
      "/v1.24/images/json",
    ]);
    expect(warnings).toEqual([]);
    expect(await client.version()).toEqual({ version: "1.24", engineMin: "1.12", engineMax: "1.41" });
  });

  test("an engine whose minimum is above 1.24 gets its minimum, and the user is told once", async () => {
    server = await startLoopbackServer((req, res) =>
      req.url === "/version" ? sendJson(res, 200, versionBody("1.44", "1.51")) : sendJson(res, 200, {}),
    );
    const warnings: string[] = [];
    const client = connect(server.host, { onWarning: (m) => warnings.push(m) });
    await client.json({ method: "GET", path: "/info" });
    await client.json({ method: "GET", path: "/info" });
    expect(server.seen.map((r) => r.url)).toEqual(["/version", "/v1.44/info", "/v1.44/info"]);
    expect(warnings).toEqual([
      "the engine refuses API 1.24 (its minimum is 1.44); using 1.44, the lowest it accepts",
    ]);
  });

  test("an engine whose maximum is below 1.24 fails with EngineVersionError", async () => {
    server = await startLoopbackServer((_req, res) => sendJson(res, 200, versionBody("1.12", "1.23")));
    const client = connect(server.host);
    await expect(client.json({ method: "GET", path: "/info" })).rejects.toThrow(EngineVersionError);
    await expect(client.json({ method: "GET", path: "/info" })).rejects.toThrow(
      /1\.12–1\.23, older than 1\.24/,
    );
  });

  test("negotiate: false sends the requested version without asking", async () => {
    server = await startLoopbackServer((_req, res) => sendJson(res, 200, {}));
    await connect(server.host, { negotiate: false, apiVersion: "1.41" }).json({
      method: "GET",
      path: "/info",
    });
    expect(server.seen.map((r) => r.url)).toEqual(["/v1.41/info"]);
  });
});

describe("requests", () => {
  test("JSON POST bodies carry Content-Type and a byte-exact Content-Length; bodyless POSTs carry 0", async () => {
    server = await startLoopbackServer((_req, res) => sendJson(res, 201, { Id: "x" }), "unix");
    const client = connect(server.host, { negotiate: false });
    await client.json({ method: "POST", path: "/containers/create", json: { Image: "ünïcode" } });
    await client.empty({ method: "POST", path: "/containers/x/start" });
    const [create, start] = server.seen;
    expect(create?.headers["content-type"]).toBe("application/json");
    expect(create?.headers["content-length"]).toBe(String(Buffer.byteLength('{"Image":"ünïcode"}')));
    expect(create?.headers["transfer-encoding"]).toBeUndefined();
    expect(JSON.parse(create?.body.toString() ?? "")).toEqual({ Image: "ünïcode" });
    expect(start?.headers["content-length"]).toBe("0");
  });

  test("query: bools as 1/0, filters as a JSON map of arrays, repeated keys for lists, undefined omitted", async () => {
    server = await startLoopbackServer((_req, res) => sendJson(res, 200, []));
    await connect(server.host, { negotiate: false }).json({
      method: "GET",
      path: "/containers/json",
      query: {
        all: true,
        size: false,
        limit: 3,
        since: undefined,
        filters: { label: ["a=b", "c"], status: ["exited"] },
        t: ["x:1", "y"],
      },
    });
    const url = new URL(server.seen[0]?.url ?? "", "http://x");
    expect(url.searchParams.get("all")).toBe("1");
    expect(url.searchParams.get("size")).toBe("0");
    expect(url.searchParams.get("limit")).toBe("3");
    expect(url.searchParams.has("since")).toBe(false);
    expect(JSON.parse(url.searchParams.get("filters") ?? "")).toEqual({
      label: ["a=b", "c"],
      status: ["exited"],
    });
    expect(url.searchParams.getAll("t")).toEqual(["x:1", "y"]);
  });

  test("an engine error {message} becomes EngineApiError with status, method, path and message", async () => {
    server = await startLoopbackServer((_req, res) =>
      sendJson(res, 404, { message: "No such container: nope" }),
    );
    const error = await connect(server.host, { negotiate: false })
      .json({ method: "GET", path: "/containers/nope/json", query: { size: true } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineApiError);
    expect(error).toMatchObject({
      status: 404,
      method: "GET",
      path: "/v1.24/containers/nope/json",
      engineMessage: "No such container: nope",
    });
    expect((error as Error).message).toBe(
      "GET /v1.24/containers/nope/json failed with 404: No such container: nope",
    );
  });

  test("a plain-text error body is kept as the message", async () => {
    server = await startLoopbackServer((_req, res) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end("page not found\n");
    });
    await expect(
      connect(server.host, { negotiate: false }).json({ method: "GET", path: "/x" }),
    ).rejects.toMatchObject({
      status: 500,
      engineMessage: "page not found",
    });
  });

  test("304 (already started/stopped) is not an error", async () => {
    server = await startLoopbackServer((_req, res) => {
      res.writeHead(304);
      res.end();
    });
    expect(
      await connect(server.host, { negotiate: false }).empty({ method: "POST", path: "/containers/x/start" }),
    ).toBe(304);
  });

  test("timeoutMs bounds the wait for the response head", async () => {
    server = await startLoopbackServer(async (_req, res) => {
      await new Promise((r) => setTimeout(r, 1500));
      sendJson(res, 200, {});
    });
    const started = Date.now();
    await expect(
      connect(server.host, { negotiate: false }).json({ method: "GET", path: "/info", timeoutMs: 200 }),
    ).rejects.toThrow(EngineTimeoutError);
    expect(Date.now() - started).toBeLessThan(1400);
  });

  test("an AbortSignal cancels a call with its reason", async () => {
    server = await startLoopbackServer(async (_req, res) => {
      await new Promise((r) => setTimeout(r, 1000));
      sendJson(res, 200, {});
    });
    const controller = new AbortController();
    const call = connect(server.host, { negotiate: false }).json({
      method: "GET",
      path: "/info",
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(new Error("user cancelled")), 50);
    await expect(call).rejects.toThrow("user cancelled");
  });

  test("a missing socket is an EngineConnectionError naming the address", async () => {
    const client = connect("unix:///nonexistent/enginekit.sock", { negotiate: false });
    const error = await client.json({ method: "GET", path: "/_ping" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineConnectionError);
    expect((error as EngineConnectionError).message).toContain("unix:///nonexistent/enginekit.sock");
    expect((error as EngineConnectionError).code).toBe("ENOENT");
  });
});

describe("ENGINE_API_VERSION", () => {
  test("pins the version and skips negotiation; a malformed value is a configuration error", async () => {
    server = await startLoopbackServer((_req, res) => sendJson(res, 200, {}));
    const pinned = new EngineClient({ host: server.host, env: { ENGINE_API_VERSION: "1.41" } });
    try {
      await pinned.system.info();
      expect(server.seen.map((r) => r.url)).toEqual(["/v1.41/info"]);
    } finally {
      await pinned.close();
    }
    expect(() => new EngineClient({ host: server?.host, env: { ENGINE_API_VERSION: "latest" } })).toThrow(
      'ENGINE_API_VERSION="latest" is not a version like 1.24',
    );
  });
});
