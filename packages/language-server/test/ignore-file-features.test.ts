// Hover and path completion in ignore files, over the protocol against real folders (issue #16).
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { CompletionItem, CompletionList, Hover } from "vscode-languageserver-protocol";
import { MAX_PATH_ITEMS, pathCompletionTarget } from "../src/kinds/ignorefile/path-completion.js";
import { CLIENT_CAPABILITIES, startTestClient, type TestClient } from "./lsp-harness.js";

const IGNORE = [
  "# build output and docs", // 0
  "node_modules", // 1
  "**/*.md", // 2
  "!docs/b.md", // 3
  "x|*.md", // 4
  "", // 5
  "docs", // 6
  "*", // 7
].join("\n");

let dir = "";
const clients: TestClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close();
});

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "ek-lsp-ignore-features-"));
  const files = [
    "Dockerfile",
    "README.md",
    "docs/a.md",
    "docs/b.md",
    "docs/guide/c.md",
    "node_modules/pkg/index.js",
    "node_modules/pkg/package.json",
    "src/core/x.ts",
    "src/config.ts",
    "src/cli.ts",
    "src/main.ts",
    "xyz",
    "xa",
    ...Array.from({ length: MAX_PATH_ITEMS + 20 }, (_, i) => `many/f${String(i).padStart(4, "0")}`),
  ];
  for (const f of files) {
    mkdirSync(join(dir, f, ".."), { recursive: true });
    writeFileSync(join(dir, f), "");
  }
  // a link out of the context: listed as a link, never followed
  symlinkSync(tmpdir(), join(dir, "out"));
  writeFileSync(join(dir, ".dockerignore"), IGNORE);
  writeFileSync(join(dir, "Dockerfile.dockerignore"), "[]a]\na*[\n");
});

async function client(settings: Record<string, unknown> = {}, capabilities = CLIENT_CAPABILITIES) {
  const t = await startTestClient({ diagnosticsDelayMs: 0, ...settings }, capabilities);
  clients.push(t);
  return t;
}

async function openIgnoreFile(t: TestClient, name: string, text: string): Promise<string> {
  const uri = pathToFileURL(join(dir, name)).href;
  await t.open(uri, text, "ignore");
  return uri;
}

async function hover(t: TestClient, uri: string, line: number, character = 1): Promise<string | null> {
  const h = await t.request<Hover | null>("textDocument/hover", {
    textDocument: { uri },
    position: { line, character },
  });
  return h ? (h.contents as { value: string }).value : null;
}

describe("hover on an ignore-file pattern", () => {
  it("says how many paths a pattern excludes in the folder, how many it still decides, and shows them", async () => {
    const t = await client();
    const uri = await openIgnoreFile(t, ".dockerignore", IGNORE);
    const nodeModules = await hover(t, uri, 1);
    expect(nodeModules).toContain("Excludes **4 paths** of this build context");
    expect(nodeModules).toContain("All of them end up excluded by this line");
    expect(nodeModules).toContain("- `node_modules/` and 3 paths below it");
    const markdown = await hover(t, uri, 2);
    expect(markdown).toContain("Excludes **4 paths**");
    // as build's walk decides: docs/b.md is re-included by line 4 and excluded again by `x|*.md`, and
    // everything below docs/ is excluded last by `docs` (it matches their folder)
    expect(markdown).toContain("**1** of them ends up excluded by this line");
    expect(markdown).toContain("3 are decided by another line");
    expect(markdown).toContain("- `README.md`\n- `docs/a.md`\n- `docs/b.md`\n- `docs/guide/c.md`");
    const exception = await hover(t, uri, 3);
    expect(exception).toContain("exception (`!`)");
    expect(exception).toContain("Re-includes **1 path**");
    expect(exception).toContain("**0** of them end up re-included");
    const folder = await hover(t, uri, 6);
    expect(folder).toContain("Excludes **5 paths**");
    expect(folder).toContain("All of them end up excluded by this line");
    expect(folder).toContain("- `docs/` and 4 paths below it");
    // comments and blank lines have no hover
    expect(await hover(t, uri, 0)).toBeNull();
    expect(await hover(t, uri, 5, 0)).toBeNull();
  });

  it("explains a pattern the engine reads as a regular expression, with what it really matches", async () => {
    const t = await client();
    const uri = await openIgnoreFile(t, ".dockerignore", IGNORE);
    const regexp = await hover(t, uri, 4);
    expect(regexp).toContain("reads this pattern as a **regular expression**: `|` separates alternatives");
    // `x|*.md` matches every path starting with x, and every .md path
    expect(regexp).toContain("Excludes **6 paths**");
    expect(regexp).toContain("**2** of them end up excluded by this line"); // xa and xyz
    expect(regexp).toContain(
      "- `README.md`\n- `docs/a.md`\n- `docs/b.md`\n- `docs/guide/c.md`\n- `xa`\n- `xyz`",
    );
  });

  it("gives the engine's error for a pattern it refuses or fails on", async () => {
    const t = await client();
    const uri = await openIgnoreFile(t, "Dockerfile.dockerignore", "[]a]\na*[\nREADME.md\n");
    const refused = await hover(t, uri, 0);
    expect(refused).toContain("**The engine refuses this line**: syntax error in pattern");
    const fails = await hover(t, uri, 1);
    expect(fails).toContain("**The engine fails on this pattern** when it first evaluates it");
    expect(fails).not.toContain("Excludes");
    // a good line of a file the engine fails on: its own reach, and the failure that stops the build
    const readme = await hover(t, uri, 2);
    expect(readme).toContain("Excludes **1 path**");
    expect(readme).toContain("**The engine fails on this file in this context** (line 2: ");
    // named after a build file: counted in its folder, which `-f` from elsewhere would change
    expect(readme).toContain("Counted in this file's folder");
  });

  it("says 'at least' when the context listing stops at its bound", async () => {
    const t = await client({ ignoreFiles: { maxContextPaths: 3 } });
    const uri = await openIgnoreFile(t, ".dockerignore", IGNORE);
    // `*` matches every entry at the root, and the first 3 listed are root entries
    const all = await hover(t, uri, 7);
    expect(all).toContain("Excludes at least **3 paths**");
    expect(all).toContain("The build context has more than the 3 paths listed");
  });

  it("says when enginekit build reads another ignore file of the folder first", async () => {
    const local = mkdtempSync(join(tmpdir(), "ek-lsp-ignore-both-"));
    writeFileSync(join(local, ".engineignore"), "*.log\n");
    writeFileSync(join(local, ".dockerignore"), "*.md\n");
    const t = await client();
    const docker = pathToFileURL(join(local, ".dockerignore")).href;
    await t.open(docker, "*.md\n", "ignore");
    expect(await hover(t, docker, 0)).toContain(
      "**`enginekit build` does not read this file** for this folder: it reads `.engineignore` first",
    );
    const engine = pathToFileURL(join(local, ".engineignore")).href;
    await t.open(engine, "*.log\n", "ignore");
    expect(await hover(t, engine, 0)).not.toContain("does not read this file");
  });

  it("lists the folder once per version and again after a watched file is created", async () => {
    const local = mkdtempSync(join(tmpdir(), "ek-lsp-ignore-watch-"));
    writeFileSync(join(local, "a.md"), "");
    const t = await client();
    const uri = pathToFileURL(join(local, ".engineignore")).href;
    await t.open(uri, "*.md\n", "ignore");
    expect(await hover(t, uri, 0)).toContain("Excludes **1 path**");
    writeFileSync(join(local, "b.md"), "");
    // cached: the folder is not listed again while nothing says it changed
    expect(await hover(t, uri, 0)).toContain("Excludes **1 path**");
    await t.client.sendNotification("workspace/didChangeWatchedFiles", {
      changes: [{ uri: pathToFileURL(join(local, "b.md")).href, type: 1 }],
    });
    expect(await hover(t, uri, 0)).toContain("Excludes **2 paths**");
    // a client without file watching: saving a file of the folder lists it again
    writeFileSync(join(local, "c.md"), "");
    const saved = pathToFileURL(join(local, "c.md")).href;
    await t.open(saved, "", "markdown");
    await t.client.sendNotification("textDocument/didSave", { textDocument: { uri: saved } });
    expect(await hover(t, uri, 0)).toContain("Excludes **3 paths**");
  });
});

const COMPLETION = ["src/co", "!/d", "", "src/core/x", "out/", "*.md/", "../", "docs/guide/", "many/"].join(
  "\n",
);

async function complete(
  t: TestClient,
  uri: string,
  line: number,
  character: number,
): Promise<CompletionList | CompletionItem[]> {
  return t.request("textDocument/completion", { textDocument: { uri }, position: { line, character } });
}

function itemsOf(result: CompletionList | CompletionItem[]): CompletionItem[] {
  return Array.isArray(result) ? result : result.items;
}

describe("path completion in an ignore file", () => {
  it("completes the segment being typed from the context folder, folders with a trailing /", async () => {
    const t = await client();
    const uri = await openIgnoreFile(t, "web.engineignore", COMPLETION);
    const nested = itemsOf(await complete(t, uri, 0, 6));
    expect(nested.map((i) => i.label)).toEqual(["config.ts", "core/"]);
    expect(nested[1]!.textEdit).toEqual({
      newText: "core/",
      range: { start: { line: 0, character: 4 }, end: { line: 0, character: 6 } },
    });
    expect(nested[1]!.command?.command).toBe("editor.action.triggerSuggest");
    // after `!` and a leading `/`: the segment starts after them
    const exception = itemsOf(await complete(t, uri, 1, 3));
    expect(exception.map((i) => i.label)).toEqual(["docs/"]);
    expect(exception[0]!.textEdit).toEqual({
      newText: "docs/",
      range: { start: { line: 1, character: 2 }, end: { line: 1, character: 3 } },
    });
    // an empty line: the context root, sorted; the link out of the context is a file, not a folder
    const root = itemsOf(await complete(t, uri, 2, 0)).map((i) => i.label);
    expect(root).toEqual([
      ".dockerignore",
      "Dockerfile",
      "Dockerfile.dockerignore",
      "README.md",
      "docs/",
      "many/",
      "node_modules/",
      "out",
      "src/",
      "xa",
      "xyz",
    ]);
    expect(itemsOf(await complete(t, uri, 7, 11)).map((i) => i.label)).toEqual(["c.md"]);
  });

  it("replaces the whole segment around the cursor, as an insert/replace edit when the client takes one", async () => {
    const capabilities = {
      ...CLIENT_CAPABILITIES,
      textDocument: {
        ...CLIENT_CAPABILITIES.textDocument,
        completion: { completionItem: { snippetSupport: true, insertReplaceSupport: true } },
      },
    };
    const t = await client({}, capabilities);
    const uri = await openIgnoreFile(t, "web.engineignore", COMPLETION);
    const items = itemsOf(await complete(t, uri, 3, 5));
    expect(items.map((i) => i.label)).toEqual(["cli.ts", "config.ts", "core/"]);
    expect(items[2]!.textEdit).toEqual({
      newText: "core/",
      insert: { start: { line: 3, character: 4 }, end: { line: 3, character: 5 } },
      replace: { start: { line: 3, character: 4 }, end: { line: 3, character: 8 } },
    });
  });

  it("offers nothing through a symbolic link, after a wildcard or out of the context; bounds the list", async () => {
    const t = await client();
    const uri = await openIgnoreFile(t, "web.engineignore", COMPLETION);
    expect(itemsOf(await complete(t, uri, 4, 4))).toEqual([]);
    expect(itemsOf(await complete(t, uri, 5, 5))).toEqual([]);
    expect(itemsOf(await complete(t, uri, 6, 3))).toEqual([]);
    const many = (await complete(t, uri, 8, 5)) as CompletionList;
    expect(many.isIncomplete).toBe(true);
    expect(many.items).toHaveLength(MAX_PATH_ITEMS);
    expect(many.items[0]!.label).toBe("f0000");
  });
});

describe("the path being typed on an ignore-file line (as the engine reads the line)", () => {
  const at = (marked: string) => {
    const column = marked.indexOf("|");
    const target = pathCompletionTarget(marked.slice(0, column) + marked.slice(column + 1), column);
    return target && `${target.folder.join("/")}|${target.prefix} ${target.start}-${target.end}`;
  };
  it.each([
    ["src/co|", "src|co 4-6"],
    ["src/c|ore/x", "src|c 4-8"],
    ["  !  /src/|  ", "src| 10-10"],
    ["./a/./b|", "a|b 6-7"],
    ["\uFEFFdo|", "|do 1-3"],
    ["|", "| 0-0"],
    ["a//b/|", "a/b| 5-5"],
  ])("%j → %s", (line, expected) => expect(at(line)).toBe(expected));
  it.each([["#|"], ["\uFEFF#x|"], ["*/|"], ["src/*.m|"], ["../|"], ["a/../b|"], ["a\\b/|"]])(
    "%j → nothing",
    (line) => expect(at(line)).toBeUndefined(),
  );
  it("takes `  #x` as the pattern `#x` (a comment only in column 1)", () => {
    expect(at("  #x|")).toBe("|#x 2-4");
  });
});
