import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { SecretsApiError, SecretsConnectionError } from "@enginekit/api";
import { describe, expect, test } from "vitest";
import { clientFor, startServer, useDevServer } from "./fixture.js";

const ctx = useDevServer();

/** The error a call rejects with. */
async function failure(promise: Promise<unknown>): Promise<SecretsApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SecretsApiError);
  return error as SecretsApiError;
}

describe("the error table (secrets §7) over real HTTP", () => {
  test("400 invalid request, not retried", async () => {
    const before = ctx.server.requestCount;
    const e = await failure(ctx.client.loginUserpass("alice", "wrong-password"));
    expect(e).toMatchObject({
      status: 400,
      kind: "invalid-request",
      method: "POST",
      path: "auth/userpass/login/alice",
    });
    expect(e.message).toMatch(/invalid request.*invalid username or password/);
    expect(ctx.server.requestCount - before).toBe(1);
  });

  test("403 permission denied (bad token; also unknown paths for limited tokens), multierror text flattened", async () => {
    const bad = clientFor(ctx.server, { token: "hvs.not-a-token" });
    const e = await failure(bad.request("GET", "secret/data/app/db"));
    expect(e).toMatchObject({ status: 403, kind: "permission-denied" });
    expect(e.message).toMatch(/permission denied.*also answers 403 for paths that do not exist/);
    await bad.close();
    const alice = clientFor(ctx.server, { token: undefined });
    await alice.loginUserpass("alice", "alice-password-123");
    const unknown = await failure(alice.request("GET", "secret/data/ci/registry"));
    expect(unknown.message).toMatch(/\(service: permission denied\)$/);
    await alice.close();
  });

  test("a redirect (a standby node) is not followed and says so", async () => {
    ctx.server.failNext({ status: 307, pathPrefix: "secret/data/app/db" });
    const e = await failure(ctx.client.request("GET", "secret/data/app/db"));
    expect(e).toMatchObject({ status: 307, kind: "redirect" });
    expect(e.message).toMatch(/not followed/);
  });

  test("404 not found, 405 method not allowed", async () => {
    expect(await failure(ctx.client.request("GET", "secret/data/missing"))).toMatchObject({
      status: 404,
      kind: "not-found",
      errors: [],
    });
    expect(await failure(ctx.client.request("LIST", "secret/data/app/"))).toMatchObject({
      status: 405,
      kind: "method-not-allowed",
    });
  });

  test("412, 429, 500, 502 are retried and succeed when the service recovers", async () => {
    await ctx.client.kv.mount("secret/");
    for (const status of [412, 429, 500, 502]) {
      ctx.server.failNext({ status, count: 2, pathPrefix: "secret/data/app/db" });
      const before = ctx.server.requestCount;
      expect((await ctx.client.kv.read("secret/app/db"))?.data).toMatchObject({ username: "app" });
      expect(ctx.server.requestCount - before).toBe(3);
    }
  });

  test("each retryable status gives its own message when retries run out", async () => {
    const messages = new Set<string>();
    for (const status of [412, 429, 500, 502, 503]) {
      ctx.server.failNext({ status, count: 3, pathPrefix: "secret/data/app/db" });
      const e = await failure(ctx.client.request("GET", "secret/data/app/db"));
      expect(e.status).toBe(status);
      messages.add(e.message.replace(/ \(service:.*/, ""));
    }
    expect(messages.size).toBe(5);
  });

  test("429 honours Retry-After", async () => {
    ctx.server.failNext({ status: 429, retryAfterSeconds: 1, pathPrefix: "secret/data/app/cache" });
    const started = Date.now();
    await ctx.client.kv.read("secret/app/cache");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  test("a Retry-After beyond the time budget stops at once instead of waiting", async () => {
    ctx.server.failNext({ status: 429, retryAfterSeconds: 60, pathPrefix: "secret/data/app/cache" });
    const started = Date.now();
    await expect(ctx.client.request("GET", "secret/data/app/cache")).rejects.toMatchObject({
      status: 429,
      kind: "rate-limited",
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("503 sealed: retried, bounded in count and time, then a clear error", async () => {
    const sealed = await startServer();
    sealed.seal();
    const c = clientFor(sealed, {
      retry: { maxRetries: 50, minWaitMs: 100, maxWaitMs: 150, maxElapsedMs: 700 },
    });
    const started = Date.now();
    const e = await failure(c.kv.read("secret/app/db"));
    expect(e).toMatchObject({ status: 503, kind: "unavailable" });
    expect(e.message).toMatch(/sealed/);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(sealed.requestCount).toBeLessThan(8);
    const status = await c.sealStatus();
    expect(status).toMatchObject({ sealed: true, initialized: true });
    expect((await c.health()).status).toBe(503);
    await c.close();
    await sealed.close();
  });

  test("501 not initialised is not retried", async () => {
    const fresh = await startServer({ state: "uninitialized" });
    const c = clientFor(fresh);
    const e = await failure(c.request("GET", "secret/data/app/db"));
    expect(e).toMatchObject({ status: 501, kind: "not-initialized" });
    expect(fresh.requestCount).toBe(1);
    expect(await c.health()).toMatchObject({ status: 501, health: { initialized: false } });
    await c.close();
    await fresh.close();
  });
});

describe("refused before sending", () => {
  test("a path segment ending in a period is a 404 'unsupported path' without a request", async () => {
    const before = ctx.server.requestCount;
    for (const path of ["secret/app./db", "secret/../sys", "secret/app/db."]) {
      const e = await failure(ctx.client.kv.read(path));
      expect(e).toMatchObject({ status: 404, sent: false });
      expect(e.message).toMatch(/unsupported path/);
    }
    expect(ctx.server.requestCount).toBe(before);
  });

  test("a body over 32 MiB is refused with 413 without a request", async () => {
    await ctx.client.kv.mount("secret/");
    const before = ctx.server.requestCount;
    const e = await failure(ctx.client.kv.write("secret/big", { blob: "x".repeat(32 * 1024 * 1024) }));
    expect(e).toMatchObject({ status: 413, kind: "too-large", sent: false });
    expect(ctx.server.requestCount).toBe(before);
  });
});

describe("no answer", () => {
  test("connection refused is a network error after bounded retries", async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, "127.0.0.1", r));
    const { port } = dead.address() as AddressInfo;
    await new Promise<void>((r) => dead.close(() => r()));
    const c = clientFor(ctx.server, { address: `http://127.0.0.1:${port}` });
    const e = await c.health().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SecretsConnectionError);
    expect(e).toMatchObject({ reason: "network" });
    await c.close();
  });

  test("a ctx.server that never answers hits the timeout; an AbortSignal aborts at once", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    const address = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const c = clientFor(ctx.server, {
      address,
      timeoutMs: 200,
      retry: { maxRetries: 1, minWaitMs: 5, maxWaitMs: 5 },
    });
    const started = Date.now();
    await expect(c.request("GET", "secret/data/x")).rejects.toMatchObject({
      name: "SecretsConnectionError",
      reason: "timeout",
    });
    expect(Date.now() - started).toBeLessThan(2000);
    const controller = new AbortController();
    const aborted = c.request("GET", "secret/data/x", { signal: controller.signal, timeoutMs: 60_000 });
    setTimeout(() => controller.abort(new Error("user cancelled")), 50);
    await expect(aborted).rejects.toThrow("user cancelled");
    await c.close();
    silent.closeAllConnections();
    silent.close();
  });

  test("an abort during a retry wait ends the call", async () => {
    ctx.server.failNext({ status: 500, count: 3, pathPrefix: "secret/data/app/db" });
    const c = clientFor(ctx.server, {
      retry: { maxRetries: 2, minWaitMs: 5000, maxWaitMs: 5000, maxElapsedMs: 60_000 },
    });
    const started = Date.now();
    await expect(
      c.request("GET", "secret/data/app/db", { signal: AbortSignal.timeout(300) }),
    ).rejects.toMatchObject({ name: "TimeoutError" });
    expect(Date.now() - started).toBeLessThan(2000);
    await c.close();
  });
});
