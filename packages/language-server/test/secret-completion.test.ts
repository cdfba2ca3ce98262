import { mkdtempSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DevSeed, type DevServer, startDevServer } from "@enginekit/secrets-dev-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { CancellationTokenSource } from "vscode-languageserver-protocol";
import { startTestClient, type TestClient } from "./lsp-harness.js";

const SEED: DevSeed = {
  secrets: {
    "secret/app/db": { username: "app", password: "s3cr3t-value" },
    "secret/app/cache": { url: "redis://cache-value" },
    "secret/ci/registry": { token: "registry-token-value" },
    "kv/legacy/api": { api_key: "legacy-key-value" },
  },
  policies: { nothing: [{ path: "secret/data/none/*", capabilities: ["read"] }] },
  tokens: [{ id: "hvs.no-access", policies: ["nothing"] }],
};
const VALUES = ["s3cr3t-value", "redis://cache-value", "registry-token-value", "legacy-key-value"];
const URI = "file:///work/project/web.container.yaml";
const home = mkdtempSync(join(tmpdir(), "enginekit-lsp-home-"));

type Item = { label: string; command?: { command: string }; textEdit: { newText: string } };

/** Opens a manifest whose last line ends in `prefix` and asks for completion at its end. */
async function completeAt(
  t: TestClient,
  prefix: string,
  uri = URI,
  token?: CancellationTokenSource,
): Promise<Item[]> {
  const text = `Image: alpine\nEnv:\n  - DB_PASSWORD=${prefix}`;
  await t.client.sendNotification("textDocument/didOpen", {
    textDocument: { uri, languageId: "yaml", version: 1, text },
  });
  const params = { textDocument: { uri }, position: { line: 2, character: 16 + prefix.length } };
  const result = token
    ? await t.client.sendRequest<Item[]>("textDocument/completion", params, token.token)
    : await t.client.sendRequest<Item[]>("textDocument/completion", params);
  await t.client.sendNotification("textDocument/didClose", { textDocument: { uri } });
  return result ?? [];
}

const labels = (items: Item[]) => items.map((i) => i.label).sort();

describe("secret-path completion against the dev server (real HTTP)", () => {
  let dev: DevServer;
  let t: TestClient;
  beforeAll(async () => {
    dev = await startDevServer({ seed: SEED });
    t = await startTestClient({}, undefined, {
      env: { SVC_ADDR: dev.address, SVC_TOKEN: dev.rootToken },
      homeDir: home,
    });
  });
  afterAll(async () => {
    await t.close();
    await dev.close();
  });

  it("completes mounts first, re-triggering after the folder", async () => {
    const items = await completeAt(t, "svc:");
    expect(labels(items)).toEqual(["kv/", "secret/"]);
    expect(items.every((i) => i.command?.command === "editor.action.triggerSuggest")).toBe(true);
  });

  it("completes svc: paths in a Compose file's environment too, never values", async () => {
    const uri = "file:///work/project/compose.yaml";
    const text =
      "services:\n  web:\n    image: nginx\n    environment:\n      DB_PASSWORD: svc:secret/data/app/db#";
    await t.client.sendNotification("textDocument/didOpen", {
      textDocument: { uri, languageId: "dockercompose", version: 1, text },
    });
    const fields = await t.client.sendRequest<Item[]>("textDocument/completion", {
      textDocument: { uri },
      position: { line: 4, character: 44 },
    });
    await t.client.sendNotification("textDocument/didClose", { textDocument: { uri } });
    expect(labels(fields)).toEqual(["password", "username"]);
    expect(JSON.stringify(fields)).not.toContain("s3cr3t-value");
  });

  it("offers data/ after a KV version 2 mount, then lists folders under it", async () => {
    expect(labels(await completeAt(t, "svc:secret/"))).toEqual(["data/"]);
    expect(labels(await completeAt(t, "svc:secret/data/"))).toEqual(["app/", "ci/"]);
  });

  it("completes keys (inserting # for the field) and then field names, never values", async () => {
    const keys = await completeAt(t, "svc:secret/data/app/");
    expect(keys.map((k) => [k.label, k.textEdit.newText])).toEqual([
      ["cache", "cache#"],
      ["db", "db#"],
    ]);
    const fields = await completeAt(t, "svc:secret/data/app/db#");
    expect(labels(fields)).toEqual(["password", "username"]);
    const json = JSON.stringify([keys, fields]);
    for (const value of VALUES) expect(json).not.toContain(value);
  });

  it("lists KV version 1 paths without data/", async () => {
    expect(labels(await completeAt(t, "svc:kv/"))).toEqual(["legacy/"]);
    expect(labels(await completeAt(t, "svc:kv/legacy/a"))).toEqual(["api"]);
  });

  it("answers a repeated lookup from the cache and coalesces concurrent identical ones", async () => {
    await completeAt(t, "svc:secret/data/ci/");
    const before = dev.requestCount;
    await completeAt(t, "svc:secret/data/ci/");
    expect(dev.requestCount).toBe(before);
    const [a, b, c] = await Promise.all([
      completeAt(t, "svc:secret/data/app/db#", "file:///a.container.yaml"),
      completeAt(t, "svc:kv/legacy/api#", "file:///b.container.yaml"),
      completeAt(t, "svc:kv/legacy/api#", "file:///c.container.yaml"),
    ]);
    expect(labels(a)).toEqual(["password", "username"]);
    expect(labels(b)).toEqual(["api_key"]);
    expect(labels(c)).toEqual(["api_key"]);
    // db's fields were cached above; the two identical kv/legacy/api reads share one request
    expect(dev.requestCount).toBe(before + 1);
  });

  it("hovers a reference with its metadata and never a value", async () => {
    const text = "Image: alpine\nEnv:\n  - DB_PASSWORD=svc:secret/data/app/db#password\n";
    await t.open("file:///work/project/hover.container.yaml", text, "yaml");
    const hover = await t.request<{ contents: { value: string } }>("textDocument/hover", {
      textDocument: { uri: "file:///work/project/hover.container.yaml" },
      position: { line: 2, character: 25 },
    });
    expect(hover.contents.value).toContain("**Secret reference** `secret/data/app/db` field `password`");
    expect(hover.contents.value).toContain("KV version 2 · version 1 of 1");
    expect(hover.contents.value).toMatch(/Created: \d{4}-\d\d-\d\dT/);
    for (const value of VALUES) expect(hover.contents.value).not.toContain(value);
    expect(t.messages).toEqual([]);
  });
});

describe("secret-path completion when the service cannot answer", () => {
  const clients: TestClient[] = [];
  const servers: { close(): Promise<void> | void }[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close();
    for (const s of servers.splice(0)) await s.close();
  });

  async function clientFor(env: Record<string, string>, timeoutMs = 500) {
    const t = await startTestClient({ secrets: { timeoutMs } }, undefined, { env, homeDir: home });
    clients.push(t);
    return t;
  }

  it("forbidden: no items and one message for many keystrokes", async () => {
    const dev = await startDevServer({ seed: SEED });
    servers.push(dev);
    const t = await clientFor({ SVC_ADDR: dev.address, SVC_TOKEN: "hvs.no-access" });
    // the mounts the token has any rule on are listed; listing a folder needs `list`
    expect(labels(await completeAt(t, "svc:"))).toEqual(["secret/"]);
    for (const prefix of ["svc:secret/data/", "svc:secret/data/a", "svc:secret/data/ap"])
      expect(await completeAt(t, prefix)).toEqual([]);
    expect(t.messages).toHaveLength(1);
    expect(t.messages[0]!.message).toContain("permission denied");
    expect(t.messages[0]!.message).not.toContain("hvs.no-access");
  });

  it("sealed: no items and one message", async () => {
    const dev = await startDevServer({ seed: SEED });
    servers.push(dev);
    dev.seal();
    const t = await clientFor({ SVC_ADDR: dev.address, SVC_TOKEN: dev.rootToken });
    expect(await completeAt(t, "svc:")).toEqual([]);
    expect(await completeAt(t, "svc:s")).toEqual([]);
    expect(t.messages.map((m) => m.message)).toEqual([expect.stringContaining("is sealed")]);
  });

  /** A TCP server on 127.0.0.1 that accepts connections and never answers. */
  async function blackHole(): Promise<{
    server: Server;
    address: string;
    connected: Promise<void>;
    closed: Promise<void>;
    close(): void;
  }> {
    const server = createServer();
    const sockets: Socket[] = [];
    let onClosed: () => void = () => undefined;
    let onConnected: () => void = () => undefined;
    const closed = new Promise<void>((r) => (onClosed = r));
    const connected = new Promise<void>((r) => (onConnected = r));
    server.on("connection", (s) => {
      sockets.push(s);
      s.resume(); // read (and drop) the request, so the client's close is seen
      onConnected();
      s.on("close", onClosed);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as { port: number }).port;
    return {
      server,
      address: `http://127.0.0.1:${port}`,
      connected,
      closed,
      close: () => {
        for (const s of sockets) s.destroy();
        server.close();
      },
    };
  }

  it("timeout: a service that never answers gives no items after about timeoutMs and one message", async () => {
    const hole = await blackHole();
    servers.push(hole);
    const t = await clientFor({ SVC_ADDR: hole.address, SVC_TOKEN: "hvs.x" }, 300);
    const started = performance.now();
    expect(await completeAt(t, "svc:")).toEqual([]);
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(3000);
    expect(await completeAt(t, "svc:s")).toEqual([]);
    expect(t.messages.map((m) => m.message)).toEqual([expect.stringContaining("unreachable")]);
  });

  it("cancellation: the client's cancel aborts the lookup at once and other requests are served meanwhile", async () => {
    const hole = await blackHole();
    servers.push(hole);
    const t = await clientFor({ SVC_ADDR: hole.address, SVC_TOKEN: "hvs.x" }, 10_000);
    const source = new CancellationTokenSource();
    const started = performance.now();
    const pending = completeAt(t, "svc:", URI, source);
    // another request is answered while the lookup waits
    await t.open("file:///work/project/Enginefile", "FROM alpine\n", "dockerfile");
    const hover = await t.request<{ contents: { value: string } }>("textDocument/hover", {
      textDocument: { uri: "file:///work/project/Enginefile" },
      position: { line: 0, character: 1 },
    });
    expect(hover.contents.value).toContain("**FROM**");
    await hole.connected;
    source.cancel();
    expect(await pending).toEqual([]);
    await hole.closed; // the HTTP request was aborted: its connection closed
    expect(performance.now() - started).toBeLessThan(5000);
    expect(t.messages).toEqual([]);
  });
});

describe("a folder with more keys than one answer holds (#29)", () => {
  it("answers the first 500 by name, marked incomplete", async () => {
    const secrets: DevSeed["secrets"] = {};
    for (let i = 0; i < 2_000; i++) secrets[`secret/big/key${String(i).padStart(5, "0")}`] = { v: "x" };
    const dev = await startDevServer({ seed: { secrets } });
    const t = await startTestClient({}, undefined, {
      env: { SVC_ADDR: dev.address, SVC_TOKEN: dev.rootToken },
      homeDir: home,
    });
    try {
      const uri = "file:///work/project/big.container.yaml";
      const prefix = "svc:secret/data/big/";
      const text = `Image: alpine\nEnv:\n  - DB_PASSWORD=${prefix}`;
      await t.open(uri, text, "yaml");
      const list = await t.request<{ isIncomplete: boolean; items: Item[] }>("textDocument/completion", {
        textDocument: { uri },
        position: { line: 2, character: 16 + prefix.length },
      });
      expect(list.isIncomplete).toBe(true);
      expect(list.items).toHaveLength(500);
      expect(list.items[0]!.label).toBe("key00000");
      expect(list.items.at(-1)!.label).toBe("key00499");
    } finally {
      await t.close();
      await dev.close();
    }
  }, 30_000);
});
