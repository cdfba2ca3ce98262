// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the inputs are Compose text, where ${…} is interpolation syntax
/**
 * Compose navigation over the real protocol (src/kinds/compose/): definition, references, highlights,
 * rename across compose.yaml, docker-compose.override.yml and an included file (from any of them, and from
 * the included file opened on its own), a refused rename's message, document links and the outline.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { applyTextEdits, LineIndex } from "@enginekit/text";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DocumentLink, DocumentSymbol, Location, WorkspaceEdit } from "vscode-languageserver-protocol";
import { startTestClient, type TestClient } from "./lsp-harness.js";

const FILES: Record<string, string> = {
  "compose.yaml": [
    "include: [lib/compose.yaml]", // 0
    "services:", // 1
    "  web:", // 2
    "    build: {context: ./app, dockerfile: Dockerfile}", // 3
    "    depends_on: [db]", // 4
    "    network_mode: service:${PROXY:-proxy}", // 5
    "  proxy:", // 6
    "    image: nginx", // 7
    "",
  ].join("\n"),
  "docker-compose.override.yml": [
    "services:", // 0
    "  web:", // 1
    "    links: [db]", // 2
    "  worker:", // 3
    "    image: worker", // 4
    "    depends_on:", // 5
    "      db: {condition: service_healthy}", // 6
    "",
  ].join("\n"),
  "lib/compose.yaml": [
    "services:", // 0
    "  db:", // 1
    "    image: postgres", // 2
    "    env_file: db.env", // 3
    "",
  ].join("\n"),
  "lib/db.env": "POSTGRES_PASSWORD=x\n",
  "app/Dockerfile": "FROM scratch\n",
};

let root: string;
const uri = (name: string) => pathToFileURL(join(root, name)).href;
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "enginekit-lsp-compose-nav-"));
  for (const [name, text] of Object.entries(FILES)) {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function client(...open: string[]): Promise<TestClient> {
  const t = await startTestClient();
  clients.push(t);
  for (const name of open) await t.open(uri(name), FILES[name]!, "yaml");
  return t;
}

const at = (name: string, line: number, character: number) => ({
  textDocument: { uri: uri(name) },
  position: { line, character },
});
const where = (l: { uri: string; range: Location["range"] }) =>
  `${l.uri.slice(pathToFileURL(root).href.length + 1)}:${l.range.start.line}:${l.range.start.character}-${l.range.end.line}:${l.range.end.character}`;

describe("Compose navigation over LSP", () => {
  it("goes from depends_on to the service's definition in the included file", async () => {
    const t = await client("compose.yaml");
    const found = await t.request<Location[]>("textDocument/definition", at("compose.yaml", 4, 18));
    expect(found.map(where)).toEqual(["lib/compose.yaml:1:2-1:4"]);
  });

  it("finds every reference of db from the override file, and highlights those of this file", async () => {
    const t = await client("compose.yaml", "docker-compose.override.yml");
    const references = await t.request<Location[]>("textDocument/references", {
      ...at("docker-compose.override.yml", 2, 13),
      context: { includeDeclaration: true },
    });
    expect(references.map(where)).toEqual([
      "lib/compose.yaml:1:2-1:4",
      "compose.yaml:4:17-4:19",
      "docker-compose.override.yml:2:12-2:14",
      "docker-compose.override.yml:6:6-6:8",
    ]);
    const highlights = await t.request<{ range: Location["range"]; kind: number }[]>(
      "textDocument/documentHighlight",
      at("docker-compose.override.yml", 6, 7),
    );
    expect(highlights.map((h) => `${h.range.start.line}:${h.range.start.character} ${h.kind}`)).toEqual([
      "2:12 2",
      "6:6 2",
    ]);
  });

  it("renames db in compose.yaml, the override file and the included file, from any of them", async () => {
    const expected = {
      "compose.yaml": FILES["compose.yaml"]!.replace("[db]", "[database]"),
      "docker-compose.override.yml": FILES["docker-compose.override.yml"]!.replace(
        "[db]",
        "[database]",
      ).replace("      db:", "      database:"),
      "lib/compose.yaml": FILES["lib/compose.yaml"]!.replace("  db:", "  database:"),
    };
    for (const [name, line, character] of [
      ["compose.yaml", 4, 18],
      ["docker-compose.override.yml", 6, 6],
      ["lib/compose.yaml", 1, 3],
    ] as const) {
      const t = await client(name);
      const prepared = await t.request<{ placeholder: string }>(
        "textDocument/prepareRename",
        at(name, line, character),
      );
      expect(prepared.placeholder, name).toBe("db");
      const edit = await t.request<WorkspaceEdit>("textDocument/rename", {
        ...at(name, line, character),
        newName: "database",
      });
      const renamed = Object.fromEntries(
        Object.entries(edit.changes!).map(([u, edits]) => {
          const file = u.slice(pathToFileURL(root).href.length + 1);
          const text = FILES[file]!;
          const lines = new LineIndex(text);
          const located = edits.map((e) => ({
            newText: e.newText,
            range: lines.range(
              lines.offsetAt(e.range.start.line, e.range.start.character),
              lines.offsetAt(e.range.end.line, e.range.end.character),
            ),
          }));
          return [file, applyTextEdits(text, located)];
        }),
      );
      expect(renamed, `rename from ${name}`).toEqual(expected);
    }
  });

  it("renames with the editor's unsaved text: a depends_on typed but not saved is renamed too", async () => {
    const t = await client("compose.yaml");
    const unsaved = `${FILES["docker-compose.override.yml"]}  batch:\n    image: b\n    depends_on: [db]\n`;
    await t.open(uri("docker-compose.override.yml"), unsaved, "yaml");
    const edit = await t.request<WorkspaceEdit>("textDocument/rename", {
      ...at("compose.yaml", 4, 18),
      newName: "store",
    });
    expect(
      edit.changes![uri("docker-compose.override.yml")]!.map(
        (e) => `${e.range.start.line}:${e.range.start.character}`,
      ),
    ).toEqual(["2:12", "6:6", "9:17"]);
    // the file on disk is unchanged: the editor applies the edit
    expect(readFileSync(join(root, "docker-compose.override.yml"), "utf8")).toBe(
      FILES["docker-compose.override.yml"],
    );
  });

  it("refuses to rename a service whose name a reference takes from interpolation, saying where", async () => {
    const t = await client("compose.yaml");
    const refused = t.request("textDocument/prepareRename", at("compose.yaml", 6, 3));
    await expect(refused).rejects.toThrow(
      'cannot rename service "proxy": the name comes from interpolation (${PROXY}) at compose.yaml:6:19',
    );
    await expect(
      t.request("textDocument/rename", { ...at("compose.yaml", 4, 18), newName: "web" }),
    ).rejects.toThrow('a service named "web" is already defined at compose.yaml:3:3');
    // the interpolated reference still goes to its definition
    const found = await t.request<Location[]>("textDocument/definition", at("compose.yaml", 5, 30));
    expect(found.map(where)).toEqual(["compose.yaml:6:2-6:7"]);
  });

  it("links the include path, the build context and Dockerfile, and the included file's env_file", async () => {
    const t = await client("compose.yaml", "lib/compose.yaml");
    const links = await t.request<DocumentLink[]>("textDocument/documentLink", {
      textDocument: { uri: uri("compose.yaml") },
    });
    expect(
      links.map(
        (l) => `${l.range.start.line}:${l.range.start.character}-${l.range.end.character} ${l.target}`,
      ),
    ).toEqual([
      `0:10-26 ${uri("lib/compose.yaml")}`,
      `3:21-26 ${uri("app")}`,
      `3:40-50 ${uri("app/Dockerfile")}`,
    ]);
    const lib = await t.request<DocumentLink[]>("textDocument/documentLink", {
      textDocument: { uri: uri("lib/compose.yaml") },
    });
    expect(lib.map((l) => l.target)).toEqual([uri("lib/db.env")]);
  });

  it("outlines sections, services and their keys", async () => {
    const t = await client("docker-compose.override.yml");
    const symbols = await t.request<DocumentSymbol[]>("textDocument/documentSymbol", {
      textDocument: { uri: uri("docker-compose.override.yml") },
    });
    const show = (s: DocumentSymbol[], depth = 0): string[] =>
      s.flatMap((x) => [`${"  ".repeat(depth)}${x.name} ${x.kind}`, ...show(x.children ?? [], depth + 1)]);
    expect(show(symbols)).toEqual([
      "services 2",
      "  web 5",
      "    links 7",
      "  worker 5",
      "    image 7",
      "    depends_on 7",
      "      db 7",
      "        condition 7",
    ]);
  });
});
