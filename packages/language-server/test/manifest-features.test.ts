import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DevServer, startDevServer } from "@enginekit/secrets-dev-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Diagnostic } from "vscode-languageserver-protocol";
import { atCursor, startTestClient, type TestClient } from "./lsp-harness.js";

let t: TestClient;
let n = 0;
beforeAll(async () => {
  t = await startTestClient({ diagnosticsDelayMs: 0 });
});
afterAll(async () => t.close());

type Item = { label: string; documentation?: { value: string }; textEdit: { newText: string } };

/** Completes at `|` in a manifest named `name`. */
async function complete(name: string, text: string): Promise<Item[]> {
  const { text: source, position } = atCursor(text);
  const uri = `file:///m${++n}/${name}`;
  await t.open(uri, source, name.endsWith(".json") ? "json" : "yaml");
  return t.request<Item[]>("textDocument/completion", {
    textDocument: { uri },
    position,
  });
}
const labels = (items: Item[]) => items.map((i) => i.label);

describe("manifest completion", () => {
  it("offers fields of later API versions, documented with the version that added them", async () => {
    const items = await complete("web.container.yaml", "Image: alpine\nStop|\n");
    const timeout = items.find((i) => i.label === "StopTimeout");
    expect(timeout?.documentation?.value).toContain("Since API 1.25.");
    const host = await complete("web.container.yaml", "Image: alpine\nHostConfig:\n  Cgroup|\n");
    expect(host.find((i) => i.label === "CgroupnsMode")?.documentation?.value).toContain("Since API 1.41.");
  });

  it("offers only the keys valid at the cursor, without those present, with documentation", async () => {
    const items = await complete(
      "web.container.yaml",
      "Image: alpine\nHostConfig:\n  Memory: 1073741824\n  Mem|\n",
    );
    expect(labels(items)).toContain("MemorySwap");
    expect(labels(items)).toContain("CpuShares");
    expect(labels(items)).not.toContain("Memory");
    expect(labels(items)).not.toContain("Image");
    const swap = items.find((i) => i.label === "MemorySwap")!;
    expect(swap.textEdit.newText).toBe("MemorySwap: ");
    expect(swap.documentation?.value).toContain("**MemorySwap**");
    expect(swap.documentation?.value).toContain("Unit: bytes");
  });

  it("completes keys inside list items and enum values after the key", async () => {
    const devices = await complete(
      "web.container.yaml",
      "Image: alpine\nHostConfig:\n  Devices:\n    - PathOnHost: /dev/fuse\n      |\n",
    );
    expect(labels(devices).sort()).toEqual(["CgroupPermissions", "PathInContainer"]);
    const values = await complete(
      "web.container.yaml",
      "Image: alpine\nHostConfig:\n  RestartPolicy:\n    Name: |\n",
    );
    expect(labels(values)).toEqual(['""', "no", "always", "unless-stopped", "on-failure"]);
    expect(values.find((v) => v.label === "no")!.textEdit.newText).toBe('"no"');
  });

  it("completes keys of the document's kind at the top and in JSON", async () => {
    expect(labels(await complete("api.service.yaml", "Na|\n"))).toContain("TaskTemplate");
    const json = await complete("web.container.json", '{\n  "HostConfig": {\n    "Priv|\n  }\n}\n');
    expect(labels(json)).toContain("Privileged");
    expect(json.find((i) => i.label === "Privileged")!.textEdit.newText).toBe('"Privileged": ');
  });
});

describe("manifest hover, symbols, diagnostics and quick fixes", () => {
  const uri = "file:///m/web.container.yaml";
  const text = "Image: alpine\nHostConfig:\n  Memroy: 1073741824\n  BlkioWeight: 5000\n";
  let diagnostics: Diagnostic[];
  beforeAll(async () => {
    const published = t.nextDiagnostics(uri);
    await t.open(uri, text, "yaml");
    diagnostics = await published;
  });

  it("reports schema findings at their keys", () => {
    expect(diagnostics.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.code}`)).toEqual([
      "2:2 manifest/unknown-key",
      "3:15 manifest/limit",
    ]);
  });

  it("quick-fixes a misspelt key (did-you-mean) and offers an ignore comment", async () => {
    const d = diagnostics[0]!;
    const actions = await t.request<
      { title: string; edit: { changes: Record<string, { newText: string }[]> } }[]
    >("textDocument/codeAction", {
      textDocument: { uri },
      range: d.range,
      context: { diagnostics: [d] },
    });
    expect(actions.map((a) => a.title)).toEqual(['Rename to "Memory"', "Ignore manifest/unknown-key here"]);
    expect(actions[0]!.edit.changes[uri]!.map((e) => e.newText)).toEqual(["Memory"]);
    expect(actions[1]!.edit.changes[uri]!.map((e) => e.newText)).toEqual([
      "  # enginekit-ignore manifest/unknown-key\n",
    ]);
  });

  it("hovers a key with the schema documentation", async () => {
    const hover = await t.request<{ contents: { value: string } }>("textDocument/hover", {
      textDocument: { uri },
      position: { line: 3, character: 4 },
    });
    expect(hover.contents.value).toContain("**HostConfig.BlkioWeight**");
    expect(hover.contents.value).toContain("Bounds: 10–1000");
  });

  it("outlines the manifest", async () => {
    const symbols = await t.request<{ name: string; children: { name: string }[] }[]>(
      "textDocument/documentSymbol",
      { textDocument: { uri } },
    );
    expect(symbols.map((s) => s.name)).toEqual(["Image", "HostConfig"]);
    expect(symbols[1]!.children.map((c) => c.name)).toEqual(["Memroy", "BlkioWeight"]);
  });
});

describe("online secret diagnostics (opt-in)", () => {
  let dev: DevServer;
  let online: TestClient;
  beforeAll(async () => {
    dev = await startDevServer({ seed: { secrets: { "secret/app/db": { password: "value-never-shown" } } } });
    online = await startTestClient({ diagnosticsDelayMs: 0, online: true }, undefined, {
      env: { SVC_ADDR: dev.address, SVC_TOKEN: dev.rootToken },
      homeDir: mkdtempSync(join(tmpdir(), "enginekit-home-")),
    });
  });
  afterAll(async () => {
    await online.close();
    await dev.close();
  });

  it("reports missing data/, fields and secrets, and fixes the KV version 2 path", async () => {
    const uri = "file:///online/web.container.yaml";
    const published = online.nextDiagnostics(uri);
    await online.open(
      uri,
      "Image: alpine\nEnv:\n  - A=svc:secret/app/db#password\n  - B=svc:secret/data/app/db#pasword\n  - C=svc:secret/data/app/nope#x\n",
      "yaml",
    );
    const ds = await published;
    expect(ds.map((d) => `${d.range.start.line} ${d.code}`)).toEqual([
      "2 secret-ref/kv2-path",
      "3 secret-ref/field-not-found",
      "4 secret-ref/not-found",
    ]);
    expect(JSON.stringify(ds)).not.toContain("value-never-shown");
    const actions = await online.request<
      { title: string; edit: { changes: Record<string, { newText: string }[]> } }[]
    >("textDocument/codeAction", {
      textDocument: { uri },
      range: ds[0]!.range,
      context: { diagnostics: [ds[0]] },
    });
    expect(actions[0]!.edit.changes[uri]!.map((e) => e.newText)).toEqual(["data/"]);
    // re-linting after an edit reads through the lookup cache: no new request within its TTL
    const requests = dev.requestCount;
    const again = online.nextDiagnostics(uri);
    await online.client.sendNotification("textDocument/didChange", {
      textDocument: { uri, version: 2 },
      contentChanges: [
        { range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, text: "# edited\n" },
      ],
    });
    expect((await again).map((d) => d.code)).toEqual([
      "secret-ref/kv2-path",
      "secret-ref/field-not-found",
      "secret-ref/not-found",
    ]);
    expect(dev.requestCount).toBe(requests);
  });
});
