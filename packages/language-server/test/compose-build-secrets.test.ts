/**
 * An Enginefile open in the editor that a Compose service builds: `unconfigured-build-secret` judges its
 * secret mounts against the service's `build.secrets` (the id Compose serves: `target`, else `source`) and
 * `id=` completion offers those ids with the service named, over the protocol with the real server and a
 * real Compose project on disk. No source of a secret is in any response.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atCursor, startTestClient, type TestClient } from "./lsp-harness.js";

let t: TestClient;
const root = mkdtempSync(join(tmpdir(), "enginekit-lsp-compose-secrets-"));
const SOURCES = ["SOURCE-FILE-npmrc", "SOURCE_VARIABLE_GH"];
mkdirSync(join(root, "web"));
writeFileSync(
  join(root, "compose.yaml"),
  [
    "services:",
    "  web:",
    "    build:",
    "      context: web",
    "      secrets:",
    "        - npmrc",
    "        - {source: gh, target: github_token}",
    "secrets:",
    `  npmrc: {file: ./${SOURCES[0]}}`,
    `  gh: {environment: ${SOURCES[1]}}`,
    "",
  ].join("\n"),
);
beforeAll(async () => {
  t = await startTestClient({ diagnosticsDelayMs: 10 });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

type Item = { label: string; detail?: string };

describe("Compose build secrets in the editor", () => {
  it("completes id= with the ids the service's build.secrets provides, naming the service", async () => {
    const { text, position } = atCursor("FROM alpine\nRUN --mount=type=secret,id=|\n");
    const uri = pathToFileURL(join(root, "web", "Dockerfile")).href;
    await t.open(uri, text, "dockerfile");
    const items = await t.request<Item[]>("textDocument/completion", { textDocument: { uri }, position });
    expect(items.map((i) => [i.label, i.detail])).toEqual([
      ["npmrc", 'build secret (build.secrets of service "web")'],
      ["github_token", 'build secret (build.secrets of service "web")'],
    ]);
    for (const source of SOURCES) expect(JSON.stringify(items)).not.toContain(source);
  });

  it("publishes unconfigured-build-secret for an id the service does not provide, naming the service", async () => {
    const uri = pathToFileURL(join(root, "web", "Enginefile")).href;
    const published = t.nextDiagnostics(uri);
    await t.open(
      uri,
      "FROM alpine\nRUN --mount=type=secret,id=github_token --mount=type=secret,id=gh true\n",
      "dockerfile",
    );
    const diagnostics = (await published) as { code?: string; message: string }[];
    const found = diagnostics.filter((d) => d.code === "unconfigured-build-secret");
    expect(found.map((d) => d.message)).toEqual([
      'Secret "gh" is not in the build.secrets of service "web": unless --secret id=gh is given, BuildKit skips the mount silently and the step runs without /run/secrets/gh.',
    ]);
    for (const source of SOURCES) expect(JSON.stringify(diagnostics)).not.toContain(source);
  });

  it("a Compose file saved with another build.secrets re-lints the open Enginefile", async () => {
    const dir = mkdtempSync(join(tmpdir(), "enginekit-lsp-compose-change-"));
    try {
      const compose = join(dir, "compose.yaml");
      writeFileSync(
        compose,
        "services:\n  api:\n    build:\n      context: .\n      secrets: [tokn]\nsecrets:\n  tokn: {file: ./t}\n",
      );
      const uri = pathToFileURL(join(dir, "Enginefile")).href;
      const first = t.nextDiagnostics(uri);
      await t.open(uri, "FROM alpine\nRUN --mount=type=secret,id=token true\n", "dockerfile");
      const before = ((await first) as { code?: string }[]).filter(
        (d) => d.code === "unconfigured-build-secret",
      );
      expect(before).toHaveLength(1);
      writeFileSync(
        compose,
        "services:\n  api:\n    build:\n      context: .\n      secrets: [{source: tokn, target: token}]\nsecrets:\n  tokn: {file: ./t}\n",
      );
      const next = t.nextDiagnostics(uri);
      await t.client.sendNotification("workspace/didChangeWatchedFiles", {
        changes: [{ uri: pathToFileURL(compose).href, type: 2 }],
      });
      const after = ((await next) as { code?: string }[]).filter(
        (d) => d.code === "unconfigured-build-secret",
      );
      expect(after).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("an Enginefile no service builds is not judged by the services", async () => {
    const uri = pathToFileURL(join(root, "other.Enginefile")).href;
    const published = t.nextDiagnostics(uri);
    await t.open(uri, "FROM alpine\nRUN --mount=type=secret,id=gh true\n", "dockerfile");
    const diagnostics = (await published) as { code?: string }[];
    expect(diagnostics.filter((d) => d.code === "unconfigured-build-secret")).toEqual([]);
  });
});
