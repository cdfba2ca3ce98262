/**
 * What `enginekit build` sends with BuildKit, seen by a loopback engine (an HTTP server answering
 * `/version` and `/_ping` like the engine 20.10 and recording `/build`): `version=2`, the flags' query
 * parameters in the engine CLI's encodings, and the request sent at the engine's version when a parameter is
 * read only there (`platform`). The real engine's behaviour: build-buildkit.engine.test.ts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

let server: Server;
let host: string;
const builds: URL[] = [];
let builderVersion: string | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://engine");
    if (url.pathname.endsWith("/version")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ApiVersion: "1.41", MinAPIVersion: "1.12" }));
      return;
    }
    if (url.pathname.endsWith("/_ping")) {
      res.writeHead(200, {
        "api-version": "1.41",
        ostype: "linux",
        ...(builderVersion ? { "builder-version": builderVersion } : {}),
      });
      res.end("OK");
      return;
    }
    builds.push(url);
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(`${JSON.stringify({ id: "moby.image.id", aux: { ID: `sha256:${"ef".repeat(32)}` } })}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  host = `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("enginekit build → POST /build?version=2", () => {
  it("sends version=2 and the flags' parameters; --platform sends the request at the engine's version", async () => {
    const ctx = tree({ Enginefile: "FROM scratch\nCOPY . /\n" });
    // biome-ignore format: one flag and its value per pair
    const r = await runCaptured([
      "build", ctx, "-H", host, "--no-compress", "--target", "app", "--platform", "linux/arm64",
      "--network", "none", "--add-host", "db:10.0.0.2", "--add-host", "cache=10.0.0.3",
      "--cache-from", "app:1", "--cache-from", "app:2", "--progress", "quiet",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`sha256:${"ef".repeat(32)}\n`);
    const url = builds.at(-1)!;
    expect(url.pathname).toBe("/v1.41/build");
    const q = url.searchParams;
    expect(q.get("version")).toBe("2");
    expect(q.get("target")).toBe("app");
    expect(q.get("platform")).toBe("linux/arm64");
    expect(q.get("networkmode")).toBe("none");
    expect(q.getAll("extrahosts")).toEqual(["db:10.0.0.2", "cache:10.0.0.3"]);
    expect(JSON.parse(q.get("cachefrom")!)).toEqual(["app:1", "app:2"]);
    expect(q.has("session")).toBe(false);
  });

  it("follows the engine's Builder-Version and DOCKER_BUILDKIT; without --platform the negotiated version is kept", async () => {
    const ctx = tree({ Enginefile: "FROM scratch\n" });
    builderVersion = "1";
    try {
      expect((await runCaptured(["build", ctx, "-H", host, "--no-compress"])).code).toBe(0);
      expect(builds.at(-1)!.searchParams.has("version")).toBe(false);
      expect(builds.at(-1)!.pathname).toBe("/v1.24/build");
      expect(
        (await runCaptured(["build", ctx, "-H", host, "--no-compress"], { DOCKER_BUILDKIT: "1" })).code,
      ).toBe(0);
      expect(builds.at(-1)!.searchParams.get("version")).toBe("2");
    } finally {
      builderVersion = undefined;
    }
    expect(
      (await runCaptured(["build", ctx, "-H", host, "--no-compress"], { DOCKER_BUILDKIT: "0" })).code,
    ).toBe(0);
    expect(builds.at(-1)!.searchParams.has("version")).toBe(false);
    const bad = await runCaptured(["build", ctx, "-H", host], { DOCKER_BUILDKIT: "maybe" });
    expect(bad).toMatchObject({
      code: 2,
      stderr: 'enginekit: DOCKER_BUILDKIT "maybe": expected 1 (BuildKit) or 0 (classic builder)\n',
    });
  });
});
