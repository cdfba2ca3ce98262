/**
 * Fault injection for the SecretsClient (docs/secrets.md "Time-outs and limits"): servers on 127.0.0.1
 * that drip their answer, send a body far over the cap, answer HTML, reset the connection in the middle
 * of the body, or redirect. Each ends with one error within its bound (time, bytes, attempts).
 */
import { once } from "node:events";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  SecretsApiError,
  SecretsClient,
  SecretsConnectionError,
  SecretsProtocolError,
} from "../../src/index.js";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** A client of a server answering with `handler`, with fast, bounded retries. */
async function clientOf(
  handler: RequestListener,
  options = {},
): Promise<{ client: SecretsClient; requests: () => number }> {
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    handler(req, res);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  servers.push(server);
  const client = new SecretsClient({
    address: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token: "test-token-value",
    env: {},
    homeDir: "/nonexistent",
    retry: { maxRetries: 2, minWaitMs: 10, maxWaitMs: 20, maxElapsedMs: 3000 },
    ...options,
  });
  return { client, requests: () => count };
}

describe("the SecretsClient against hostile servers", () => {
  it("a slow-drip body is cut by the whole-attempt deadline, not kept alive chunk by chunk", async () => {
    const { client } = await clientOf(
      (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"data": {"keys": [');
        const timer = setInterval(() => res.write('"k",'), 100);
        res.on("close", () => clearInterval(timer));
      },
      { timeoutMs: 700, retry: { maxRetries: 0 } },
    );
    const started = Date.now();
    const error = await client.kv.list("secret/").catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(error).toBeInstanceOf(SecretsConnectionError);
    expect((error as SecretsConnectionError).reason).toBe("timeout");
    expect((error as Error).message).toContain("no complete answer within 700 ms");
    await client.close();
  });

  it("a body over the cap is refused once it passes the cap, without reading it whole or retrying", async () => {
    let written = 0;
    const { client, requests } = await clientOf(
      (_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        const pump = () => {
          while (written < 200 * 1024 * 1024 && res.write(chunk)) written += chunk.length;
          if (written < 200 * 1024 * 1024) res.once("drain", pump);
          else res.end();
        };
        res.write('{"data":');
        pump();
      },
      { maxResponseBytes: 4 * 1024 * 1024 },
    );
    const rss = process.memoryUsage().rss;
    const error = await client.kv.list("secret/").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretsProtocolError);
    expect((error as Error).message).toContain("is larger than 4 MiB");
    expect(requests()).toBe(1);
    expect(written).toBeLessThan(64 * 1024 * 1024);
    expect(process.memoryUsage().rss - rss).toBeLessThan(100 * 1024 * 1024);
    await client.close();
  });

  it("an HTML page with status 200 is named as not the secrets service", async () => {
    const { client } = await clientOf((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html>Welcome to nginx!</html>");
    });
    await expect(client.kv.list("secret/")).rejects.toThrow(
      /answered 200 with text\/html, not JSON: is it the secrets service\?/,
    );
    await client.close();
  });

  it("a reset in the middle of the body is a connection error, retried a bounded number of times", async () => {
    const { client, requests } = await clientOf((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
      res.write('{"data": {"keys": ["a"');
      setTimeout(() => res.socket?.resetAndDestroy(), 20);
    });
    const started = Date.now();
    const error = await client.kv.list("secret/").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretsConnectionError);
    expect((error as SecretsConnectionError).reason).toBe("network");
    expect(requests()).toBe(3);
    expect(Date.now() - started).toBeLessThan(3000);
    expect((error as Error).message).not.toContain("test-token-value");
    await client.close();
  });

  it("a redirect is an error naming the status, never followed (the token stays with this server)", async () => {
    const { client, requests } = await clientOf((_req, res) => {
      res.writeHead(307, { location: "http://example.invalid/v1/secret" });
      res.end();
    });
    const error = await client.kv.list("secret/").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SecretsApiError);
    expect((error as SecretsApiError).status).toBe(307);
    expect(requests()).toBe(1);
    await client.close();
  });
});
