/**
 * The EngineClient's own limits (docs/api-client.md "Time-outs and limits") against a loopback server: the
 * whole-call deadline cuts a body that drips forever (each pause shorter than the answer limit), the size
 * cap refuses a body once it passes the cap, and environment durations are read and checked.
 */
import { afterEach, describe, expect, it } from "vitest";
import {
  EngineClient,
  EngineConfigError,
  EngineProtocolError,
  EngineTimeoutError,
} from "../../src/engine/client/index.js";
import { type LoopbackServer, startLoopbackServer } from "./loopback-server.js";

let server: LoopbackServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("EngineClient limits", () => {
  it("a slow-drip body ends at deadlineMs even though no pause reaches timeoutMs", async () => {
    server = await startLoopbackServer((_request, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write("[");
      const timer = setInterval(() => res.write('"x",'), 50);
      res.on("close", () => clearInterval(timer));
    });
    const client = new EngineClient({
      host: server.host,
      negotiate: false,
      timeoutMs: 1000,
      deadlineMs: 600,
    });
    const started = Date.now();
    const error = await client.containers.list().catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error).toBeInstanceOf(EngineTimeoutError);
    expect(error).toMatchObject({ limit: "deadline", timeoutMs: 600 });
    expect((error as Error).message).toBe("GET /containers/json did not finish within 600 ms");
    await client.close();
  });

  it("a JSON body over maxResponseBytes is refused once it passes the cap", async () => {
    let written = 0;
    server = await startLoopbackServer((_request, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = `"${"x".repeat(64 * 1024)}",`;
      res.write("[");
      const pump = () => {
        while (written < 50 * 1024 * 1024 && res.write(chunk)) written += chunk.length;
        if (written < 50 * 1024 * 1024) res.once("drain", pump);
        else res.end('""]');
      };
      pump();
    });
    const client = new EngineClient({ host: server.host, negotiate: false, maxResponseBytes: 1024 * 1024 });
    const error = await client.containers.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineProtocolError);
    expect((error as Error).message).toContain("answered more than 1 MiB (the client's maxResponseBytes)");
    expect(written).toBeLessThan(40 * 1024 * 1024);
    await client.close();
  });

  it("ENGINE_* durations are read, DOCKER_CLIENT_TIMEOUT is the fallback, a bad one names the variable", async () => {
    server = await startLoopbackServer(() => {
      // never answers
    });
    const client = new EngineClient({
      host: server.host,
      negotiate: false,
      env: { DOCKER_CLIENT_TIMEOUT: "0.4" },
    });
    await expect(client.system.ping()).rejects.toMatchObject({ timeoutMs: 400, limit: "answer" });
    await client.close();
    expect(() => new EngineClient({ env: { ENGINE_IDLE_TIMEOUT: "forever" } })).toThrow(EngineConfigError);
    expect(() => new EngineClient({ env: { ENGINE_CONNECT_TIMEOUT: "5 minutes" } })).toThrow(
      'ENGINE_CONNECT_TIMEOUT="5 minutes" is not a duration like 10s, 2m or 500ms',
    );
  });
});
