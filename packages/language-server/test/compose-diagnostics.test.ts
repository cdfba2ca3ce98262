/**
 * Compose files in the language server: a `compose.yaml` opened in the editor is checked within its project
 * on disk (its `docker-compose.override.yml` merged in), and the diagnostics are the `enginekit lint`
 * findings of its own lines (schema, consistency, the engine's limits), over the real protocol.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, expect, it } from "vitest";
import type { Diagnostic } from "vscode-languageserver-protocol";
import { documentKindOf } from "../src/documents/document-kind.js";
import { startTestClient, type TestClient } from "./lsp-harness.js";

const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});
const root = mkdtempSync(join(tmpdir(), "enginekit-lsp-compose-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const summary = (ds: Diagnostic[]) =>
  ds.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.code} ${d.message}`);

it("Compose file names and the dockercompose language id are Compose documents", () => {
  expect(documentKindOf("file:///p/compose.yaml", "yaml")).toBe("compose");
  expect(documentKindOf("file:///p/docker-compose.override.yml", "yaml")).toBe("compose");
  expect(documentKindOf("file:///p/stack.yml", "dockercompose")).toBe("compose");
  expect(documentKindOf("file:///p/web.container.yaml", "yaml")).toBe("manifest");
  expect(documentKindOf("file:///p/values.yaml", "yaml")).toBeUndefined();
});

it("publishes the findings of compose.yaml's own lines, its override from disk merged in", async () => {
  writeFileSync(join(root, "docker-compose.override.yml"), "services:\n  web:\n    networks: [front]\n");
  const t = await startTestClient({ diagnosticsDelayMs: 0 });
  clients.push(t);
  const uri = pathToFileURL(join(root, "compose.yaml")).href;
  const published = t.nextDiagnostics(uri);
  await t.open(uri, "services:\n  web:\n    imag: nginx\n    mem_limit: 4m\n", "yaml");
  expect(summary(await published)).toEqual([
    '1:2 compose/image-or-build service "web" has neither an image nor a build context specified',
    '2:4 compose/unknown-key services.web: unknown key "imag"; did you mean "image"?',
    '3:15 compose/engine-limit service "web": mem_limit must be 0 or at least 6291456 bytes (6 MB) ("4m" is 4194304)',
  ]);
});

it("judges a Compose file at the project's apiVersion (.enginekit.yaml), as enginekit lint does", async () => {
  const dir = mkdtempSync(join(root, "target-"));
  writeFileSync(join(dir, ".enginekit.yaml"), 'apiVersion: "1.24"\n');
  const t = await startTestClient({ diagnosticsDelayMs: 0 });
  clients.push(t);
  const uri = pathToFileURL(join(dir, "compose.yaml")).href;
  const published = t.nextDiagnostics(uri);
  await t.open(uri, "services:\n  app:\n    image: alpine:3.20\n    init: true\n", "yaml");
  expect(summary(await published)).toEqual([
    expect.stringMatching(
      /^3:10 compose\/engine-advisory service "app": init \(HostConfig\.Init\) was added in engine API 1\.25; the project targets 1\.24/,
    ),
  ]);
});
