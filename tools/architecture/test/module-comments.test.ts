/**
 * Every source file opens with a module comment saying what it does and which source it follows
 * (docs/architecture.md "Code map"; rust-analyzer's `tidy.rs` asks the same of every file): the first
 * thing in a `packages/<name>/src/**.ts` file, after a `#!` line if any, is a `/**` or `//` comment.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { sourceFiles } from "./source-files.js";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

test("every source file opens with a module comment", () => {
  const packages = join(repo, "packages");
  const files = readdirSync(packages).flatMap((p) => {
    const src = join(packages, p, "src");
    return statSync(src, { throwIfNoEntry: false })?.isDirectory() ? sourceFiles(src) : [];
  });
  expect(files.length).toBeGreaterThan(500);
  const bare = files.filter((file) => {
    const text = readFileSync(file, "utf8")
      .replace(/^#![^\n]*\n/, "")
      .trimStart();
    return !(text.startsWith("/**") || text.startsWith("/*") || text.startsWith("//"));
  });
  expect(bare.map((f) => relative(repo, f))).toEqual([]);
});
