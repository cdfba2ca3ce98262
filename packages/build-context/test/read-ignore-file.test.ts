/** Reading ignore files (research §3.1 rules 1–8). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IgnoreFileError, loadIgnoreFile, readIgnoreLines } from "../src/index.js";
import { makeTree } from "./pack-helpers.js";

const texts = (content: string) => readIgnoreLines(content, ".engineignore").map((l) => l.text);

describe("readIgnoreLines", () => {
  it("drops comments only when # is the first character", () => {
    expect(texts("# comment\n  #2\nfoo # not a comment\n")).toEqual(["#2", "foo # not a comment"]);
  });
  it("strips a BOM from the first line only, before the comment test", () => {
    expect(texts("\uFEFF# c\nx")).toEqual(["x"]);
    expect(texts("a\n\uFEFFb")).toEqual(["a", "\uFEFFb"]);
  });
  it("splits on \\n, drops one trailing \\r, trims Unicode blanks and skips empty lines", () => {
    expect(texts("a\r\n\r\n \t b \u00a0\n\u3000c\u2003\n")).toEqual(["a", "b", "c"]);
    // U+FEFF is not white space for the engine (JavaScript's trim() would remove it).
    expect(texts("x\n\uFEFFy\uFEFF")).toEqual(["x", "\uFEFFy\uFEFF"]);
  });
  it("cleans paths: //, ., .., trailing / and one leading /", () => {
    expect(texts("a//b/\n./x/../y\n../x\n.\n/\n/foo/bar\n//foo\nfoo/.\n")).toEqual([
      "a/b",
      "y",
      "../x",
      ".",
      "/",
      "foo/bar",
      "foo",
      "foo",
    ]);
  });
  it("exceptions: blanks after ! are trimmed and the rest cleaned", () => {
    expect(texts("! /a\n!./b/\n!\n")).toEqual(["!a", "!b", "!"]);
  });
  it("treats \\ as an escape on Unix and as a separator with the Windows rules", () => {
    expect(readIgnoreLines("a\\*b\n", "f", { windows: false }).map((l) => l.text)).toEqual(["a\\*b"]);
    expect(readIgnoreLines("dir\\sub\\\n\\x\n", "f", { windows: true }).map((l) => l.text)).toEqual([
      "dir/sub",
      "x",
    ]);
  });
  it("keeps line and column of each pattern", () => {
    expect(readIgnoreLines("\n  # c\n   foo\n", "f")).toEqual([
      { text: "# c", line: 2, column: 3 },
      { text: "foo", line: 3, column: 4 },
    ]);
  });
  it("refuses lines longer than the engine's 64 KiB scanner buffer, naming the line", () => {
    expect(texts(`a\n${"x".repeat(65535)}\n`)).toHaveLength(2);
    expect(() => readIgnoreLines(`a\n${"x".repeat(65536)}\n`, "ctx/.engineignore")).toThrow(
      /ctx\/\.engineignore:2:1: line longer than 65535 bytes/,
    );
    expect(() => readIgnoreLines(`${"é".repeat(40000)}`, "f")).toThrow(IgnoreFileError);
  });
});

describe("loadIgnoreFile", () => {
  it("uses <Enginefile>.engineignore over the context's .engineignore", async () => {
    const dir = makeTree({});
    writeFileSync(join(dir, ".engineignore"), "root-pattern\n");
    writeFileSync(join(dir, "Web.Enginefile.engineignore"), "own-pattern\n");
    const own = await loadIgnoreFile(dir, join(dir, "Web.Enginefile"));
    expect(own.file).toBe(join(dir, "Web.Enginefile.engineignore"));
    expect(own.matcher.patterns.map((p) => p.text)).toEqual(["own-pattern"]);
    const root = await loadIgnoreFile(dir, join(dir, "Enginefile"));
    expect(root.matcher.patterns.map((p) => p.text)).toEqual(["root-pattern"]);
  });
  it("gives an empty matcher when there is no ignore file", async () => {
    const empty = makeTree({});
    const loaded = await loadIgnoreFile(empty);
    expect(loaded.file).toBeUndefined();
    expect(loaded.matcher.matches("anything").excluded).toBe(false);
  });
  it("reports a bad pattern with the file and line", async () => {
    const bad = makeTree({});
    writeFileSync(join(bad, ".engineignore"), "ok\n\n  a[\n");
    await expect(loadIgnoreFile(bad)).rejects.toThrow(
      `${join(bad, ".engineignore")}:3:3: syntax error in pattern`,
    );
  });
});
