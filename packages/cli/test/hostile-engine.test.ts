/**
 * Fault injection for the engine side (docs/cli.md "Time-outs and limits"): hostile servers on 127.0.0.1
 * standing in for the engine — one that accepts connections and never answers, one that is not an engine
 * (HTML), one that resets the connection in the middle of the upload, one that drips its answer, one
 * answering a redirect, one with a huge body. Each case is one clear line with exit 3, bounded in time.
 */
import { once } from "node:events";
import { createServer as createHttpServer, type RequestListener, type Server } from "node:http";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { tree } from "./build-fixtures.js";
import { runCaptured } from "./run-in-process.js";

const open: { close: () => void }[] = [];
afterEach(() => {
  for (const server of open.splice(0)) server.close();
});

/** A TCP server that accepts connections and never writes a byte. */
async function silentServer(): Promise<string> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    sockets.push(socket);
    socket.resume();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  open.push({
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  });
  return `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An HTTP server with `handler`; `GET /version` and `GET /_ping` answer like an engine unless the handler takes them. */
async function httpServer(handler: RequestListener, engineVersion = true): Promise<string> {
  const server: Server = createHttpServer((req, res) => {
    if (engineVersion && req.url?.endsWith("/version")) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ApiVersion: "1.41", MinAPIVersion: "1.12" }));
      return;
    }
    if (engineVersion && req.url?.endsWith("/_ping")) {
      res.writeHead(200, { "content-type": "text/plain", "api-version": "1.41" });
      res.end("OK");
      return;
    }
    handler(req, res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  open.push({
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  });
  return `tcp://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function expectOneLine(stderr: string): void {
  const lines = stderr.split("\n").filter(Boolean);
  expect(lines.filter((l) => l.startsWith("enginekit: "))).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /); // no stack trace
}

describe("a hostile or wrong server in place of the engine", () => {
  it("a server that never answers: build reports it within the time limit, not after a minute", async () => {
    const host = await silentServer();
    const ctx = tree({ Enginefile: "FROM scratch\n" });
    const started = Date.now();
    const r = await runCaptured(["build", ctx, "-H", host], { ENGINE_TIMEOUT: "1s" });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain(`the engine at ${host} did not answer within 1000 ms`);
    expect(r.stderr).not.toContain("Sent ");
    expectOneLine(r.stderr);
  });

  it("--timeout and --connect-timeout take durations; a wrong one is one line naming the flag, exit 2", async () => {
    const host = await silentServer();
    const started = Date.now();
    const r = await runCaptured(["engine", "--timeout", "800ms", "info"], { ENGINE_HOST: host });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(r.stderr).toBe(
      `enginekit: the engine at ${host} did not answer within 800 ms: check that it is running\n`,
    );
    const bad = await runCaptured(["build", ".", "--connect-timeout", "soon"], { ENGINE_HOST: host });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      'enginekit: --connect-timeout "soon": expected a duration like 10s, 2m or 500ms\n',
    );
    const env = await runCaptured(["engine", "info"], { ENGINE_HOST: host, ENGINE_TIMEOUT: "later" });
    expect(env.code).toBe(2);
    expect(env.stderr).toBe('enginekit: ENGINE_TIMEOUT="later" is not a duration like 10s, 2m or 500ms\n');
  });

  it("engine info: a server that never answers is reported within ENGINE_TIMEOUT", async () => {
    const host = await silentServer();
    const started = Date.now();
    const r = await runCaptured(["engine", "info"], { ENGINE_HOST: host, ENGINE_TIMEOUT: "1s" });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      `enginekit: the engine at ${host} did not answer within 1000 ms: check that it is running\n`,
    );
  });

  it("a web server that is not an engine is named as such, not a JSON parse error", async () => {
    const host = await httpServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body>It works!</body></html>");
    }, false);
    const r = await runCaptured(["engine", "info"], { ENGINE_HOST: host });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      `enginekit: engine at ${host}: the server at ${host} is not an engine: GET /version answered not JSON (Content-Type: text/html)\n`,
    );
    const ctx = tree({ Enginefile: "FROM scratch\n" });
    const build = await runCaptured(["build", ctx, "-H", host]);
    expect(build.code).toBe(3);
    expect(build.stderr).toContain("is not an engine");
    expect(build.stderr).not.toContain("Sent ");
    expectOneLine(build.stderr);
  });

  it("a connection reset in the middle of the upload is one line saying so, exit 3", async () => {
    const host = await httpServer((req) => {
      req.once("data", () => req.socket.resetAndDestroy());
    });
    const ctx = tree({ Enginefile: "FROM scratch\nCOPY big /\n", big: "x".repeat(4 * 1024 * 1024) });
    // the archive upload (with BuildKit, the context would go through the session's file sync instead)
    const r = await runCaptured(["build", ctx, "-H", host, "--no-compress", "--context-transfer", "tarball"]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(
      /enginekit: the engine at \S+ closed the connection \((ECONNRESET|EPIPE|UND_ERR_SOCKET)\)/,
    );
    expect(r.stderr).not.toContain("unexpected error");
    expect(r.stderr).not.toContain("Sent ");
    expectOneLine(r.stderr);
  });

  it("a redirect is reported as the engine's answer, never followed", async () => {
    const host = await httpServer((_req, res) => {
      res.writeHead(301, { location: "http://example.invalid/" });
      res.end();
    }, false);
    const r = await runCaptured(["engine", "info"], { ENGINE_HOST: host });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(`enginekit: the engine at ${host} answered 301: (no message)\n`);
  });

  it("a response body over the size cap is refused without reading it whole", async () => {
    const host = await httpServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      const chunk = `"${"x".repeat(1024 * 1024)}",`;
      res.write("[");
      let sent = 0;
      const pump = () => {
        while (sent < 100 && res.write(chunk)) sent++;
        if (sent < 100) res.once("drain", pump);
        else res.end('""]');
      };
      pump();
    }, false);
    const r = await runCaptured(["engine", "info"], { ENGINE_HOST: host });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("answered more than 64 MiB");
  });

  it("a build stream silent for longer than ENGINE_IDLE_TIMEOUT ends with one line, after its output", async () => {
    const host = await httpServer((req, res) => {
      req.resume();
      req.on("end", () => {
        res.writeHead(200, { "content-type": "application/json" });
        res.write(`${JSON.stringify({ stream: "Step 1/2 : FROM scratch\n" })}\r\n`);
        // then silence
      });
    });
    const ctx = tree({ Enginefile: "FROM scratch\n" });
    const started = Date.now();
    const r = await runCaptured(["build", ctx, "-H", host, "--builder", "classic"], {
      ENGINE_IDLE_TIMEOUT: "1500ms",
    });
    expect(Date.now() - started).toBeLessThan(8000);
    expect(r.code).toBe(3);
    expect(r.stdout).toContain("Step 1/2 : FROM scratch");
    expect(r.stderr).toContain("no output for 1500 ms");
  });

  it("TLS to a server that speaks plain HTTP is one line naming TLS and the certificate variables", async () => {
    const host = await httpServer((_req, res) => res.end("{}"));
    const certs = tree({ "README.txt": "an empty certificate folder: Node's trust store applies" });
    const r = await runCaptured(["engine", "info"], {
      ENGINE_HOST: host,
      ENGINE_TLS_VERIFY: "1",
      ENGINE_CERT_PATH: certs,
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      `enginekit: TLS with the engine at ${host} (TLS) failed (ERR_SSL_WRONG_VERSION_NUMBER): the server does not speak TLS; check ENGINE_CERT_PATH/DOCKER_CERT_PATH and the address\n`,
    );
  });
});
