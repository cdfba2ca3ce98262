import { engineHostForTests, NO_ENGINE_MESSAGE } from "@enginekit/engine-tools";
import { describe, expect, test } from "vitest";
import { runCaptured } from "./run-in-process.js";

const engineHost = engineHostForTests();
if (!engineHost) console.warn(NO_ENGINE_MESSAGE);

describe("enginekit engine info: configuration and reachability errors", () => {
  test("a malformed ENGINE_HOST exits 2 with one line naming the value and the accepted forms", async () => {
    const { code, stdout, stderr } = await runCaptured(["engine", "info"], { ENGINE_HOST: "http://x:1" });
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      'enginekit: invalid engine address "http://x:1": unsupported scheme http (accepted: unix:///path/to/engine.sock or tcp://host:port)\n',
    );
  });

  test("--host wins over ENGINE_HOST and is validated the same way", async () => {
    const { code, stderr } = await runCaptured(["engine", "--host", "tcp://nohost", "info"], {
      ENGINE_HOST: "unix:///x.sock",
    });
    expect(code).toBe(2);
    expect(stderr).toContain('"tcp://nohost": the port is missing');
  });

  test("no engine at the address exits 3 with one line saying what to do, no stack trace", async () => {
    const { code, stderr } = await runCaptured(["engine", "info"], {
      ENGINE_HOST: "unix:///nonexistent/engine.sock",
    });
    expect(code).toBe(3);
    expect(stderr).toBe(
      "enginekit: no engine answers at unix:///nonexistent/engine.sock (ENOENT): start one with tools/engine/start.sh, or set ENGINE_HOST\n",
    );
  });

  test("connection refused on tcp exits 3 naming the address", async () => {
    const { code, stderr } = await runCaptured(["engine", "info"], { ENGINE_HOST: "tcp://127.0.0.1:1" });
    expect(code).toBe(3);
    expect(stderr).toMatch(
      /^enginekit: no engine answers at tcp:\/\/127\.0\.0\.1:1 \(ECONNREFUSED\): start one/,
    );
    expect(stderr.split("\n")).toHaveLength(2);
  });
});

describe.skipIf(!engineHost)("enginekit engine info against the real engine", () => {
  test("prints engine version, API version used with the engine's range, OS/arch and address", async () => {
    const { code, stdout, stderr } = await runCaptured(["engine", "info"], { ENGINE_HOST: engineHost });
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Engine version: \S+\n/);
    expect(stdout).toMatch(/\nAPI version:\s+1\.24 \(engine supports 1\.\d+–1\.\d+\)\n/);
    expect(stdout).toMatch(/\nOS\/Arch:\s+linux\/\w+\n/);
    expect(stdout).toContain(`Address:        ${engineHost}\n`);
  });

  test("--json prints the same facts as one object", async () => {
    const { code, stdout } = await runCaptured(["engine", "info", "--json"], { ENGINE_HOST: engineHost });
    expect(code).toBe(0);
    const report = JSON.parse(stdout) as Record<string, unknown>;
    expect(report).toMatchObject({
      address: engineHost,
      apiVersion: "1.24",
      os: "linux",
      negotiationNote: null,
    });
    expect(report.engineVersion).toEqual(expect.any(String));
  });
});
