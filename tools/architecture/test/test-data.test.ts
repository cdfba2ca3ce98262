/**
 * The tests run on a clone of the repository alone (issue 30, item 3): the data they read is in
 * `corpus/`, every corpus file has a source and a licence that allows redistribution (corpus/NOTICE.md,
 * `corpus/enginefiles/manifest.tsv`, `corpus/LICENSES/`), nothing reads `../shared`, and every suite that
 * may skip says why (`skipIf(condition, reason)` of vitest.shared.ts, printed at the end of the run by
 * tools/skipped-suites-reporter.mjs) instead of vitest's silent `describe.skipIf(condition)`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const corpus = join(repo, "corpus");

/** Licences that allow copying the files here, with the notice (SPDX ids). */
const REDISTRIBUTABLE = new Set(["MIT", "BSD-2-Clause", "BSD-3-Clause", "Apache-2.0"]);

const self = fileURLToPath(import.meta.url);

/** Test sources of every package and tool (this file aside: it names what it looks for). */
function testSources(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === "node_modules" || name === "dist" || name === "fixtures") continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(ts|mjs)$/.test(name) && path !== self) out.push(path);
    }
  };
  for (const top of ["packages", "tools"]) {
    for (const pkg of readdirSync(join(repo, top))) {
      const dir = join(repo, top, pkg, "test");
      if (existsSync(dir)) walk(dir);
    }
  }
  return out;
}

describe("test data lives in the repository", () => {
  test("every real-world corpus file has a manifest row with a redistributable licence and its text", () => {
    const rows = readFileSync(join(corpus, "enginefiles", "manifest.tsv"), "utf8")
      .trimEnd()
      .split("\n")
      .slice(1)
      .map((line) => line.split("\t"));
    const byFile = new Map(rows.map(([file, repo, commit, , licence]) => [file, { repo, commit, licence }]));
    const files = readdirSync(join(corpus, "enginefiles", "files"));
    expect(files.length).toBeGreaterThan(200);
    const notice = readFileSync(join(corpus, "NOTICE.md"), "utf8");
    for (const file of files) {
      const row = byFile.get(file);
      expect(row, file).toBeDefined();
      expect(REDISTRIBUTABLE.has(row?.licence ?? ""), `${file}: ${row?.licence}`).toBe(true);
      expect(existsSync(join(corpus, "LICENSES", `${row?.licence}.txt`)), row?.licence).toBe(true);
      expect(notice, `${row?.repo} in NOTICE.md`).toContain(
        `[${row?.repo}](https://github.com/${row?.repo}/tree/${row?.commit})`,
      );
    }
    expect(notice).toContain("moby/buildkit");
  });

  test("no test reads ../shared", () => {
    const readers = testSources().filter((path) =>
      /ENGINEKIT_SHARED_DIR|\.\.\/shared\b|shared\/corpus|"\.\.",\s*"shared"/.test(
        readFileSync(path, "utf8"),
      ),
    );
    expect(readers.map((p) => relative(repo, p))).toEqual([]);
  });

  test("every skippable suite gives its reason (skipIf of vitest.shared.ts), none skips silently", () => {
    const silent = /\b(describe|it|test)\.(skipIf|runIf|skip)\(/;
    const offenders = testSources().filter((path) => silent.test(readFileSync(path, "utf8")));
    expect(offenders.map((p) => relative(repo, p))).toEqual([]);
  });
});
