import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { describe, expect, test } from "vitest";
import { NEEDS_ENGINE, skipIf } from "../../../vitest.shared.js";
import { runCaptured } from "./run-in-process.js";

const engineHost = engineHostForTests();
if (!engineHost) console.warn(NO_ENGINE_MESSAGE);

describe("enginekit engine info: configuration and reachability errors", () => {
  test("a malformed ENGINE_HOST exits 2 with one line naming the value and the accepted forms", async () => {
    const { code, stdout, stderr } = await runCaptured(["engine", "info"], { ENGINE_HOST: "http://x:1" });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      'enginekit: invalid engine address "http://x:1" (from ENGINE_HOST): unsupported scheme http (accepted: unix:///path/to/engine.sock, tcp://host:port or ssh://[user@]host[:port])\n',
    );
  });

  test("--host wins over ENGINE_HOST and is validated the same way", async () => {
    const { code, stderr } = await runCaptured(["engine", "--host", "tcp://nohost", "info"], {
      ENGINE_HOST: "unix:///x.sock",
    });
    expect(code).toBe(2);
    expect(stderr).toContain('"tcp://nohost" (from --host): the port is missing');
  });

  test("a malformed ENGINE_API_VERSION exits 2", async () => {
    const { code, stderr } = await runCaptured(["engine", "info"], {
      ENGINE_HOST: "unix:///nonexistent/engine.sock",
      ENGINE_API_VERSION: "v1",
    });
    expect(code).toBe(2);
    expect(stderr).toBe('enginekit: ENGINE_API_VERSION="v1" is not a version like 1.24\n');
  });

  test("no engine at the address exits 3 with one line saying what to do, no stack trace", async () => {
    const { code, stderr } = await runCaptured(["engine", "info"], {
      ENGINE_HOST: "unix:///nonexistent/engine.sock",
    });
    expect(code).toBe(3);
    expect(stderr).toBe(
      "enginekit: no engine answers at unix:///nonexistent/engine.sock (ENOENT): start the engine (or Docker), or set ENGINE_HOST or DOCKER_HOST to its address (with neither set, /var/run/engine.sock, else /var/run/docker.sock)\n",
    );
  });

  test("connection refused on tcp exits 3 naming the address", async () => {
    const { code, stderr } = await runCaptured(["engine", "info"], { ENGINE_HOST: "tcp://127.0.0.1:1" });
    expect(code).toBe(3);
    expect(stderr).toMatch(
      /^enginekit: no engine answers at tcp:\/\/127\.0\.0\.1:1 \(ECONNREFUSED\): start the engine \(or Docker\)/,
    );
    expect(stderr.split("\n")).toHaveLength(2);
  });
});

/** A loopback HTTP server answering `GET /version` like an engine speaking API `min`–`max`. */
async function fakeEngine(min: string, max: string) {
  const server = createServer((req, res) => {
    const body = JSON.stringify({
      Version: "29.0.0",
      ApiVersion: max,
      MinAPIVersion: min,
      Os: "linux",
      Arch: "arm64",
      KernelVersion: "6.1",
    });
    res.writeHead(req.url?.endsWith("/version") ? 200 : 404, { "content-type": "application/json" });
    res.end(body);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    host: `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("enginekit engine info: version negotiation (fake engine on 127.0.0.1)", () => {
  test("an engine refusing 1.24 gets its minimum, and the report says why", async () => {
    const engine = await fakeEngine("1.44", "1.51");
    try {
      const { code, stdout } = await runCaptured(["engine", "info"], { ENGINE_HOST: engine.host });
      expect(code).toBe(0);
      expect(stdout).toContain("API version:    1.44 (engine supports 1.44–1.51)\n");
      expect(stdout).toContain(
        "Note:           the engine refuses API 1.24 (its minimum is 1.44); using 1.44, the lowest it accepts\n",
      );
      expect(stdout).toContain("OS/Arch:        linux/arm64\n");
    } finally {
      await engine.close();
    }
  });

  test("an engine older than 1.24 exits 3 saying so", async () => {
    const engine = await fakeEngine("1.12", "1.23");
    try {
      const { code, stderr } = await runCaptured(["engine", "info"], { ENGINE_HOST: engine.host });
      expect(code).toBe(3);
      expect(stderr).toBe(
        `enginekit: engine at ${engine.host}: the engine speaks API 1.12–1.23, older than 1.24 which enginekit needs; upgrade the engine\n`,
      );
    } finally {
      await engine.close();
    }
  });
});

describe("enginekit engine info against the real engine", skipIf(!engineHost, NEEDS_ENGINE), () => {
  test("prints engine version, API version used with the engine's range, OS/arch and address", async () => {
    const { code, stdout, stderr } = await runCaptured(["engine", "info"], { ENGINE_HOST: engineHost });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Engine version: \S+\n/);
    expect(stdout).toMatch(/\nAPI version:\s+1\.24 \(engine supports 1\.\d+–1\.\d+\)\n/);
    expect(stdout).toMatch(/\nOS\/Arch:\s+linux\/\w+\n/);
    expect(stdout).toContain(`Address:        ${engineHost} (ENGINE_HOST)\n`);
  });

  test("--json prints the same facts as one object", async () => {
    const { code, stdout } = await runCaptured(["engine", "info", "--json"], { ENGINE_HOST: engineHost });
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      address: engineHost,
      addressSource: "ENGINE_HOST",
      apiVersion: "1.24",
      os: "linux",
      negotiationNote: null,
    });
    expect(report.engineVersion).toEqual(expect.any(String));
  });
});
