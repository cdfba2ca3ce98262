/**
 * `id=` completion in `RUN --mount=type=secret` from the project's `build.secrets`, over the protocol with
 * the real server and a real `.enginekit.yaml` on disk; the lint rule `unconfigured-build-secret` is
 * published for an id the configuration lacks. No source or value of a secret is in any response.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atCursor, startTestClient, type TestClient } from "./lsp-harness.js";

let t: TestClient;
const root = mkdtempSync(join(tmpdir(), "enginekit-lsp-build-secrets-"));
const SOURCES = ["secret/ci#npmrc", "NPM_TOKEN_VARIABLE", "./ci/netrc-file"];
writeFileSync(
  join(root, ".enginekit.yaml"),
  `build:\n  secrets:\n    npmrc: {svc: ${SOURCES[0]}}\n    token: {env: ${SOURCES[1]}}\n    netrc: {src: ${SOURCES[2]}}\n`,
);
beforeAll(async () => {
  t = await startTestClient({ diagnosticsDelayMs: 10 });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

type Item = { label: string; textEdit?: { newText: string }; detail?: string };
let n = 0;
async function complete(text: string, dir = root): Promise<Item[]> {
  const { text: source, position } = atCursor(text);
  const uri = pathToFileURL(join(dir, `c${++n}.Enginefile`)).href;
  await t.open(uri, source, "dockerfile");
  return t.request<Item[]>("textDocument/completion", { textDocument: { uri }, position });
}

describe("build secret ids", () => {
  it("completes id= of a secret mount with the configured ids, in their order", async () => {
    const items = await complete("FROM alpine\nRUN --mount=type=secret,id=|\n");
    expect(items.map((i) => i.label)).toEqual(["npmrc", "token", "netrc"]);
    expect(items.map((i) => i.textEdit?.newText)).toEqual(["npmrc", "token", "netrc"]);
    const typed = await complete("FROM alpine\nRUN --mount=type=secret,target=/t,src=np| true\n");
    expect(typed.map((i) => i.label)).toContain("npmrc");
    const json = JSON.stringify([items, typed]);
    for (const source of SOURCES) expect(json).not.toContain(source);
  });

  it("publishes unconfigured-build-secret for an id the configuration lacks, naming no source", async () => {
    const uri = pathToFileURL(join(root, "lint.Enginefile")).href;
    const published = t.nextDiagnostics(uri);
    await t.open(uri, "FROM alpine\nRUN --mount=type=secret,id=npmrcc true\n", "dockerfile");
    const diagnostics = (await published) as { code?: string; message: string }[];
    const found = diagnostics.filter((d) => d.code === "unconfigured-build-secret");
    expect(found.map((d) => d.message)).toEqual([
      'Secret "npmrcc" is not in build.secrets (did you mean "npmrc"?): unless --secret id=npmrcc is given, BuildKit skips the mount silently and the step runs without /run/secrets/npmrcc.',
    ]);
    for (const source of SOURCES) expect(JSON.stringify(diagnostics)).not.toContain(source);
  });

  it("offers no secret ids for other mount types", async () => {
    const items = await complete("FROM alpine\nRUN --mount=type=cache,id=|\n");
    expect(items.map((i) => i.label)).not.toContain("npmrc");
  });
});
