import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  DEFAULT_SECRETS_ADDRESS,
  SecretsClient,
  SecretsConnectionError,
  SecretsUsageError,
} from "@enginekit/api";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { clientFor, type DevServer, startServer } from "./fixture.js";

describe("TLS", () => {
  let server: DevServer;
  let caFile: string;
  beforeAll(async () => {
    server = await startServer({ tls: true });
    caFile = join(mkdtempSync(join(tmpdir(), "svc-ca-")), "ca.pem");
    writeFileSync(caFile, server.caCertPem ?? "");
  });
  afterAll(() => server.close());

  test("verification is on by default: the self-signed certificate is refused, without retries", async () => {
    const c = new SecretsClient({
      address: server.address,
      token: server.rootToken,
      env: {},
      homeDir: "/nonexistent",
    });
    const before = server.requestCount;
    const e = await c.kv.list("secret/").catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SecretsConnectionError);
    expect(e).toMatchObject({ reason: "tls" });
    expect((e as Error).message).toMatch(/TLS certificate verification failed.*SVC_CACERT/);
    expect(server.requestCount).toBe(before);
    await c.close();
  });

  test("SVC_CACERT makes the certificate trusted", async () => {
    const c = new SecretsClient({
      env: { SVC_ADDR: server.address, SVC_TOKEN: server.rootToken, SVC_CACERT: caFile },
      homeDir: "/nonexistent",
    });
    expect(await c.kv.list("secret/app/")).toEqual(["cache", "db", "nested/"]);
    await c.close();
  });

  test("SVC_SKIP_VERIFY=true (or skipVerify) turns verification off", async () => {
    const env = new SecretsClient({
      env: { SVC_ADDR: server.address, SVC_TOKEN: server.rootToken, SVC_SKIP_VERIFY: "true" },
      homeDir: "/nonexistent",
    });
    expect(await env.kv.list("secret/")).toContain("app/");
    const option = clientFor(server, { caCertPem: undefined, skipVerify: true });
    expect(await option.kv.list("secret/")).toContain("app/");
    await env.close();
    await option.close();
  });
});

describe("options from the environment", () => {
  test("token from SVC_TOKEN, else ~/.svc-token; explicit options win", async () => {
    const home = mkdtempSync(join(tmpdir(), "svc-home-"));
    writeFileSync(join(home, ".svc-token"), "hvs.from-file\n");
    const server = await startServer({ rootToken: "hvs.from-file" });
    const fromFile = new SecretsClient({ env: { SVC_ADDR: server.address }, homeDir: home });
    expect((await fromFile.lookupSelf()).policies).toEqual(["root"]);
    const fromEnv = new SecretsClient({
      env: { SVC_ADDR: server.address, SVC_TOKEN: "hvs.env" },
      homeDir: home,
    });
    await expect(fromEnv.lookupSelf()).rejects.toMatchObject({ status: 403 });
    const explicit = new SecretsClient({
      address: server.address,
      token: "hvs.from-file",
      env: { SVC_TOKEN: "hvs.env" },
      homeDir: home,
    });
    expect((await explicit.lookupSelf()).policies).toEqual(["root"]);
    for (const c of [fromFile, fromEnv, explicit]) await c.close();
    await server.close();
  });

  test("defaults and bad values", () => {
    const c = new SecretsClient({ env: {}, homeDir: "/nonexistent" });
    expect(c.address).toBe(new URL(DEFAULT_SECRETS_ADDRESS).origin);
    expect(c.hasToken).toBe(false);
    expect(() => new SecretsClient({ env: { SVC_SKIP_VERIFY: "yes" } })).toThrow(SecretsUsageError);
    expect(() => new SecretsClient({ env: { SVC_ADDR: "127.0.0.1:8200" } })).toThrow(
      /http or https|not a URL/,
    );
    expect(() => new SecretsClient({ env: { SVC_CACERT: "/nonexistent/ca.pem" } })).toThrow(/SVC_CACERT/);
  });
});
