/**
 * The secrets service's real-product conventions as fallbacks after `SVC_*` (ARCHITECTURE "Names";
 * docs/secrets.md "Configuration"): `VAULT_ADDR`, `VAULT_TOKEN`, `~/.vault-token`, `VAULT_NAMESPACE`,
 * `VAULT_CACERT`, `VAULT_CAPATH`, `VAULT_SKIP_VERIFY`, `VAULT_CLIENT_TIMEOUT`, the header word
 * (`X-Vault-*` when the address came from `VAULT_ADDR`) and bearer tokens — against the dev server, and
 * a recording server for the exact headers sent.
 */
import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SecretsClient, SecretsUsageError } from "@enginekit/api";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type DevServer, startServer } from "./fixture.js";

let folder: string;
let dev: DevServer;
let recorder: Server;
let recorderAddress: string;
const seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "svc-vault-conventions-"));
  dev = await startServer();
  recorder = createServer((req, res) => {
    seen.push(req.headers);
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ data: { keys: ["a"] } }));
  });
  recorder.listen(0, "127.0.0.1");
  await once(recorder, "listening");
  recorderAddress = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await dev.close();
  recorder.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The headers of the one request a client built from `env` sends to the recording server. */
async function headersSent(env: NodeJS.ProcessEnv, options = {}): Promise<IncomingHttpHeaders> {
  const client = new SecretsClient({ env: { HOME: "/nonexistent", ...env }, ...options });
  seen.length = 0;
  await client.request("GET", "secret/metadata/x", { retry: { maxRetries: 0 } });
  await client.close();
  return seen[0]!;
}

describe("VAULT_* fallbacks", () => {
  test("VAULT_ADDR and VAULT_TOKEN reach the dev server when no SVC_* is set", async () => {
    const client = new SecretsClient({
      env: { VAULT_ADDR: dev.address, VAULT_TOKEN: dev.rootToken, HOME: "/nonexistent" },
    });
    expect(client.address).toBe(dev.address);
    expect(await client.kv.list("secret/app/")).toEqual(["cache", "db", "nested/"]);
    await client.close();
  });

  test("SVC_* wins over VAULT_*, and explicit options win over both", () => {
    const env = { SVC_ADDR: "http://127.0.0.1:1", VAULT_ADDR: "http://127.0.0.1:2", HOME: "/nonexistent" };
    expect(new SecretsClient({ env }).address).toBe("http://127.0.0.1:1");
    expect(new SecretsClient({ env, address: "http://127.0.0.1:3" }).address).toBe("http://127.0.0.1:3");
  });

  test("the address from VAULT_ADDR sends X-Vault-Token, X-Vault-Namespace and X-Vault-Request", async () => {
    const headers = await headersSent({
      VAULT_ADDR: recorderAddress,
      VAULT_TOKEN: "t-1",
      VAULT_NAMESPACE: "ns1",
    });
    expect(headers["x-vault-token"]).toBe("t-1");
    expect(headers["x-vault-namespace"]).toBe("ns1/");
    expect(headers["x-vault-request"]).toBe("true");
    expect(headers["x-svc-token"]).toBeUndefined();
  });

  test("SVC_ADDR keeps the Svc word; SVC_HEADER_WORD or headerWord choose it; bearer sends Authorization", async () => {
    const svc = await headersSent({ SVC_ADDR: recorderAddress, SVC_TOKEN: "t-2" });
    expect(svc["x-svc-token"]).toBe("t-2");
    expect(svc["x-svc-request"]).toBe("true");
    const word = await headersSent({ SVC_ADDR: recorderAddress, SVC_TOKEN: "t-3", SVC_HEADER_WORD: "Vault" });
    expect(word["x-vault-token"]).toBe("t-3");
    const option = await headersSent(
      { VAULT_ADDR: recorderAddress, VAULT_TOKEN: "t-4" },
      { headerWord: "Svc" },
    );
    expect(option["x-svc-token"]).toBe("t-4");
    const bearer = await headersSent({
      SVC_ADDR: recorderAddress,
      SVC_TOKEN: "t-5",
      SVC_TOKEN_HEADER: "bearer",
    });
    expect(bearer.authorization).toBe("Bearer t-5");
    expect(bearer["x-svc-token"]).toBeUndefined();
    expect(() => new SecretsClient({ env: { SVC_HEADER_WORD: "X-Bad" } })).toThrow(SecretsUsageError);
  });

  test("~/.vault-token is read when ~/.svc-token does not exist; ~/.svc-token wins", async () => {
    const home = join(folder, "home");
    mkdirSync(home);
    writeFileSync(join(home, ".vault-token"), `${dev.rootToken}\n`);
    const client = new SecretsClient({ env: { VAULT_ADDR: dev.address, HOME: home } });
    expect(await client.kv.list("secret/app/")).toContain("db");
    await client.close();
    writeFileSync(join(home, ".svc-token"), "from-svc-token-file");
    const headers = await headersSent({ SVC_ADDR: recorderAddress, HOME: home });
    expect(headers["x-svc-token"]).toBe("from-svc-token-file");
  });

  test("an unreadable token file is one message naming the file, never a token", () => {
    const home = join(folder, "unreadable-home");
    mkdirSync(join(home, ".vault-token"), { recursive: true }); // a folder: EISDIR for every user
    expect(() => new SecretsClient({ env: { HOME: home } })).toThrow(
      `cannot read the token file ${join(home, ".vault-token")} (EISDIR)`,
    );
  });

  test("VAULT_CLIENT_TIMEOUT bounds a whole attempt; a malformed one names the variable", async () => {
    expect(() => new SecretsClient({ env: { VAULT_CLIENT_TIMEOUT: "soon" } })).toThrow(
      'VAULT_CLIENT_TIMEOUT must be a duration like 60s or 2m, got "soon"',
    );
    const silent = createServer(() => {
      // never answers
    });
    silent.listen(0, "127.0.0.1");
    await once(silent, "listening");
    const client = new SecretsClient({
      env: {
        VAULT_ADDR: `http://127.0.0.1:${(silent.address() as AddressInfo).port}`,
        VAULT_CLIENT_TIMEOUT: "0.5",
        HOME: "/nonexistent",
      },
      retry: { maxRetries: 0 },
    });
    const started = Date.now();
    await expect(client.kv.list("secret/")).rejects.toThrow("no complete answer within 500 ms");
    expect(Date.now() - started).toBeLessThan(3000);
    await client.close();
    silent.closeAllConnections();
    silent.close();
  });
});

describe("VAULT_CACERT, VAULT_CAPATH and VAULT_SKIP_VERIFY against the TLS dev server", () => {
  let tls: DevServer;
  beforeAll(async () => {
    tls = await startServer({ tls: true });
  });
  afterAll(() => tls.close());

  test("each makes the self-signed certificate acceptable", async () => {
    const caFolder = join(folder, "ca");
    mkdirSync(caFolder);
    writeFileSync(join(caFolder, "dev.pem"), tls.caCertPem ?? "");
    const base = { VAULT_ADDR: tls.address, VAULT_TOKEN: tls.rootToken, HOME: "/nonexistent" };
    for (const extra of [
      { VAULT_CACERT: join(caFolder, "dev.pem") },
      { VAULT_CAPATH: caFolder },
      { VAULT_SKIP_VERIFY: "true" },
    ]) {
      const client = new SecretsClient({ env: { ...base, ...extra } });
      expect(await client.kv.list("secret/app/"), JSON.stringify(extra)).toContain("db");
      await client.close();
    }
    expect(() => new SecretsClient({ env: { VAULT_CACERT: "/nonexistent/ca.pem" } })).toThrow(
      "cannot read VAULT_CACERT file /nonexistent/ca.pem (ENOENT)",
    );
  });
});
