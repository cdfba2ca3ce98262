import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startDevServer } from "@enginekit/secrets-dev-server";
import { describe, expect, it } from "vitest";
import { SECRETS_STATUS_METHOD, type SecretsStatus } from "../src/protocol/secrets-status.js";
import { startTestClient, type TestClient } from "./lsp-harness.js";

const URI = "file:///work/project/web.container.yaml";

async function completeAt(t: TestClient, prefix: string): Promise<void> {
  const text = `Image: alpine\nEnv:\n  - DB_PASSWORD=${prefix}`;
  await t.client.sendNotification("textDocument/didOpen", {
    textDocument: { uri: URI, languageId: "yaml", version: 1, text },
  });
  await t.request("textDocument/completion", {
    textDocument: { uri: URI },
    position: { line: 2, character: 16 + prefix.length },
  });
  await t.client.sendNotification("textDocument/didClose", { textDocument: { uri: URI } });
}

describe("enginekit/secretsStatus (the VS Code status bar item's source)", () => {
  it("tells the client once when lookups answer, and once when the service is gone; never the token", async () => {
    const dev = await startDevServer({});
    const t = await startTestClient({}, undefined, {
      env: { SVC_ADDR: dev.address, SVC_TOKEN: dev.rootToken },
      homeDir: mkdtempSync(join(tmpdir(), "enginekit-status-home-")),
    });
    const statuses: SecretsStatus[] = [];
    t.client.onNotification(SECRETS_STATUS_METHOD, (s: SecretsStatus) => {
      statuses.push(s);
    });
    try {
      await completeAt(t, "svc:");
      await completeAt(t, "svc:secret/");
      expect(statuses).toEqual([{ state: "connected", address: dev.address }]);
      await dev.close();
      await completeAt(t, "svc:secret/data/"); // a lookup not in the cache: the port is closed now
      await completeAt(t, "svc:secret/data/x/");
      expect(statuses.map((s) => s.state)).toEqual(["connected", "unreachable"]);
      expect(statuses[1]?.message).toContain(dev.address);
      expect(JSON.stringify(statuses)).not.toContain(dev.rootToken);
    } finally {
      await t.close();
      await dev.close().catch(() => undefined);
    }
  });
});
