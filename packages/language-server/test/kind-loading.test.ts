/**
 * Start-up (src/kinds/kind-table.ts, `loadConfigReader` of `@enginekit/lint/config`): `initialize` and
 * Enginefile-only sessions must not evaluate the manifest or Compose kinds — zod (the `@enginekit/api`
 * schemas), YAML, ajv, their features — nor the `.enginekit.yaml` reader; the first manifest, Compose file
 * (or configuration file) loads them. Every workspace module that imports zod or yaml as a value (the
 * configuration reader `lint/src/config/load.ts` among them), and the server's kind modules, are watched
 * through `vi.doMock` with a factory that records the evaluation and returns the real module, so a static
 * import that drags them back into start-up fails here. A positive control (a manifest, a configuration
 * file) shows the watch sees them.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, expect, test, vi } from "vitest";
// Type-only: erased, so the harness (and with it the server) is not evaluated before the watch is set.
import type { TestClient } from "./lsp-harness.js";

const PACKAGES = fileURLToPath(new URL("../../", import.meta.url));

/** Paths (relative to `packages/`) of the workspace modules that import zod or yaml as a value. */
function zodOrYamlModules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return zodOrYamlModules(path);
    const text = entry.name.endsWith(".ts") ? readFileSync(path, "utf8") : "";
    return /^import \{[^}]*\} from "(zod|yaml|ajv)";$/m.test(text) ? [relative(PACKAGES, path)] : [];
  });
}
const WATCHED = [
  ...["api/src", "manifests/src", "compose/src", "lint/src"].flatMap((dir) =>
    zodOrYamlModules(join(PACKAGES, dir)),
  ),
  ...["enginefile", "ignorefile", "manifest", "compose"].map(
    (k) => `language-server/src/kinds/${k}/services.ts`,
  ),
];
/** The module of `loadConfigReader` (`@enginekit/lint/config`), whose calls are recorded. */
const READER = "lint/src/config/reader.ts";

/** A fresh module registry in which evaluating a watched module is recorded, and a test client started on the real server. */
async function watchedServer(): Promise<{ t: TestClient; evaluated: Set<string> }> {
  vi.resetModules();
  const evaluated = new Set<string>();
  for (const file of WATCHED) {
    vi.doMock(join(PACKAGES, file), async (importOriginal) => {
      evaluated.add(file);
      return importOriginal();
    });
  }
  // the configuration reader is imported by a call (unbundled, the linter's root evaluates its module
  // anyway, so the call is what shows a configuration file was to be read)
  vi.doMock(join(PACKAGES, READER), async (importOriginal) => {
    const original = await importOriginal<{ loadConfigReader: () => Promise<unknown> }>();
    return {
      ...original,
      loadConfigReader: () => {
        evaluated.add("loadConfigReader()");
        return original.loadConfigReader();
      },
    };
  });
  const { startTestClient } = await import("./lsp-harness.js");
  return { t: await startTestClient(), evaluated };
}

const sorted = (evaluated: Set<string>) => [...evaluated].sort();

const project = mkdtempSync(join(tmpdir(), "ek-lsp-stack-"));
afterAll(() => rmSync(project, { recursive: true, force: true }));

test("the watch list holds the schema and YAML modules, the kind modules and the configuration reader", () => {
  expect(WATCHED).toContain("api/src/engine/schemas/host-config.ts");
  expect(WATCHED).toContain("manifests/src/tree/read-yaml.ts");
  expect(WATCHED).toContain("lint/src/config/load.ts");
  expect(WATCHED).toContain("compose/src/check/schema-check.ts");
  expect(WATCHED.filter((f) => f.startsWith("language-server/"))).toHaveLength(4);
  // the Enginefile half of the linter (what the server lints Enginefiles with) imports neither
  expect(
    WATCHED.filter((f) => f.startsWith("lint/src/enginefile/") || f.startsWith("lint/src/runner/")),
  ).toEqual([]);
});

test("initialize, then an Enginefile's diagnostics, completion, hover and semantic tokens evaluate the Enginefile kind alone", async () => {
  const { t, evaluated } = await watchedServer();
  try {
    expect(sorted(evaluated)).toEqual([]);
    const uri = pathToFileURL(join(project, "Enginefile")).href;
    const diagnostics = t.nextDiagnostics(uri);
    await t.open(uri, "FROM alpine\nRUN cd /x\n", "dockerfile");
    expect((await diagnostics).map((d) => d.code)).toContain("cd-in-run");
    const position = { textDocument: { uri }, position: { line: 1, character: 1 } };
    expect(await t.request("textDocument/completion", position)).not.toEqual([]);
    expect(await t.request("textDocument/hover", position)).not.toBeNull();
    expect(await t.request("textDocument/semanticTokens/full", { textDocument: { uri } })).toMatchObject({
      data: expect.any(Array),
    });
    expect(sorted(evaluated)).toEqual(["language-server/src/kinds/enginefile/services.ts"]);
  } finally {
    await t.close();
  }
});

test("the first manifest evaluates the manifest kind (zod schemas and YAML with it), not the Compose kind", async () => {
  const { t, evaluated } = await watchedServer();
  try {
    const uri = pathToFileURL(join(project, "web.container.yaml")).href;
    const diagnostics = t.nextDiagnostics(uri);
    await t.open(uri, "Image: alpine\nEnv: 3\n", "yaml");
    expect((await diagnostics).length).toBeGreaterThan(0);
    expect(evaluated).toContain("language-server/src/kinds/manifest/services.ts");
    expect(evaluated).not.toContain("language-server/src/kinds/compose/services.ts");
    expect(evaluated).toContain("api/src/engine/schemas/host-config.ts");
    expect(evaluated).toContain("manifests/src/tree/read-yaml.ts");
    // no configuration file in the project: its reader is never asked for
    expect(evaluated).not.toContain("loadConfigReader()");
  } finally {
    await t.close();
  }
});

test("an Enginefile under a .enginekit.yaml evaluates the configuration reader, which applies", async () => {
  const folder = join(project, "configured");
  mkdirSync(folder);
  writeFileSync(join(folder, ".enginekit.yaml"), "rules:\n  cd-in-run: off\n");
  const { t, evaluated } = await watchedServer();
  try {
    const uri = pathToFileURL(join(folder, "Enginefile")).href;
    const diagnostics = t.nextDiagnostics(uri);
    await t.open(uri, "FROM alpine\nRUN cd /x\n", "dockerfile");
    expect((await diagnostics).map((d) => d.code)).not.toContain("cd-in-run");
    expect(evaluated).toContain("loadConfigReader()");
    expect(evaluated).toContain("lint/src/config/load.ts");
    expect(evaluated).not.toContain("language-server/src/kinds/manifest/services.ts");
  } finally {
    await t.close();
  }
});

test("the first Compose file evaluates the Compose kind (ajv and the Compose schema with it), not the manifest kind", async () => {
  const { t, evaluated } = await watchedServer();
  try {
    const uri = pathToFileURL(join(project, "compose.yaml")).href;
    const diagnostics = t.nextDiagnostics(uri);
    await t.open(uri, "services:\n  web:\n    imag: nginx\n", "yaml");
    expect((await diagnostics).map((d) => d.code)).toContain("compose/unknown-key");
    expect(evaluated).toContain("language-server/src/kinds/compose/services.ts");
    expect(evaluated).toContain("compose/src/check/schema-check.ts");
    expect(evaluated).not.toContain("language-server/src/kinds/manifest/services.ts");
    expect(evaluated).not.toContain("language-server/src/kinds/enginefile/services.ts");
  } finally {
    await t.close();
  }
});
