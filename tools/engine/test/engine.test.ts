import { existsSync, readFileSync } from "node:fs";
import { request } from "node:http";
import { afterAll, describe, expect, test } from "vitest";
import { skipIf } from "../../../vitest.shared.js";
import { engineHostForTests, parseEnvLines, type StartedEngine, startEngine } from "../src/index.js";

function ping(socketPath: string): Promise<{ status: number; body: string; apiVersion: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: "/_ping", method: "GET", timeout: 5000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          body,
          apiVersion: res.headers["api-version"] as string | undefined,
        }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

test("parseEnvLines reads NAME=value lines and ignores the rest", () => {
  expect(parseEnvLines("engine: ready\nENGINE_HOST=unix:///x/engine.sock\nENGINE_PID=12\n")).toEqual({
    ENGINE_HOST: "unix:///x/engine.sock",
    ENGINE_PID: "12",
  });
});

test("engineHostForTests fails in CI without an engine and skips outside CI", () => {
  expect(() => engineHostForTests({ CI: "true" })).toThrow(/ENGINE_HOST is not set in CI/);
  expect(engineHostForTests({})).toBeUndefined();
  expect(engineHostForTests({ ENGINE_HOST: "unix:///a" })).toBe("unix:///a");
});

const ciOrRoot = Boolean(process.env.CI) || process.getuid?.() === 0;

describe(
  "a second private engine",
  skipIf(!ciOrRoot, "needs root (or CI) to start a second private engine"),
  () => {
    let engine: StartedEngine | undefined;
    afterAll(async () => {
      await engine?.stop();
    });

    test("starts on its own socket, answers /_ping, and stop() ends only that process", async () => {
      engine = await startEngine();
      expect(engine.host).toMatch(/^unix:\/\/\/.+\/engine\.sock$/);
      const socket = engine.host.slice("unix://".length);
      const answer = await ping(socket);
      expect(answer.status).toBe(200);
      expect(answer.body).toBe("OK");
      expect(answer.apiVersion).toMatch(/^1\.\d+$/);
      expect(readFileSync(`/proc/${engine.pid}/cmdline`, "utf8")).toContain(socket);
      const { pid, root } = engine;
      await engine.stop();
      engine = undefined;
      expect(existsSync(`/proc/${pid}`)).toBe(false);
      expect(existsSync(root)).toBe(false);
    }, 120_000);
  },
);
