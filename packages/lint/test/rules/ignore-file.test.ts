import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadEngineRegexp } from "@enginekit/build-context/ignore";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { IgnoreContext } from "../../src/ignorefile/analysis.js";
import { lintFiles } from "../../src/node/lint-files.js";
import ignoreExceptionUnreachable from "../../src/rules/ignore-file/ignore-exception-unreachable.js";
import ignoreExcludesBuildFile from "../../src/rules/ignore-file/ignore-excludes-build-file.js";
import ignorePatternDuplicate from "../../src/rules/ignore-file/ignore-pattern-duplicate.js";
import ignorePatternRegexp from "../../src/rules/ignore-file/ignore-pattern-regexp.js";
import ignorePatternSyntax from "../../src/rules/ignore-file/ignore-pattern-syntax.js";
import ignorePatternUnmatched from "../../src/rules/ignore-file/ignore-pattern-unmatched.js";
import { lintIgnoreFile } from "../../src/runner/lint-ignore-file.js";
import { DEFAULT_SETTINGS } from "../../src/runner/settings.js";
import { testRule } from "../../src/testing/rule-tester.js";

beforeAll(() => loadEngineRegexp());

testRule(ignorePatternSyntax, {
  valid: [{ code: "a*/[]a]\n" }, { code: "# [ comment\n\n  *.log  \n" }],
  invalid: [
    // accepted when read (Go never checks past `a`), but the regexp `^a[^/]*[$` does not compile
    { code: "a*[\n", errors: [{ range: "1:1-1:4", message: "when the pattern is first evaluated" }] },
    { code: "!x/[z-a]\n", errors: ["1:1-1:9"] },
    {
      code: "ok\n[]a]\n",
      errors: [{ range: "2:1-2:5", message: "The engine refuses this pattern: syntax error in pattern" }],
    },
    { code: "!\n", errors: [{ range: "1:1-1:2", message: 'illegal exclusion pattern: "!"' }] },
    { code: "  */[]a]  \n", errors: ["1:3-1:9"] },
    {
      code: "x/[z-a]\n",
      errors: [{ range: "1:1-1:8", message: "regular expression that does not compile" }],
    },
    { code: `${"a".repeat(70_000)}\nok\n`, errors: [{ range: "1:1-1:70001", message: "line longer than" }] },
  ],
});

testRule(ignorePatternRegexp, {
  valid: [{ code: "a|b\n**/a|b\n*.md\n[ab]*\n" }, { code: "x/[z-a]\n" }],
  invalid: [
    { code: "docs|*.md\n", errors: [{ range: "1:1-1:10", message: "`|` separates alternatives" }] },
    { code: "a{2}*\n", errors: [{ range: "1:1-1:6", message: "`{…}` repeats" }] },
    { code: "a\\b*\n", errors: [{ range: "1:1-1:5", message: "`\\b` is a regexp escape" }] },
    { code: "[[:alpha:]]\n", errors: [{ range: "1:1-1:12", message: "POSIX character class" }] },
    { code: "!keep|*.md\n", errors: [{ range: "1:1-1:11", message: 'reads "!keep|*.md"' }] },
  ],
});

testRule(ignoreExceptionUnreachable, {
  valid: [
    { code: "vendor\n!vendor/**/*.keep\n" },
    { code: "*.log\n!keep.log\n" },
    { code: "!**/*.keep\nvendor\n" },
  ],
  invalid: [
    {
      code: "vendor\n!**/*.keep\n",
      errors: [{ range: "2:1-2:11", message: 'skips the excluded folder "vendor"' }],
    },
    { code: "build/cache\n!*/cache/keep\n", errors: ["2:1-2:14"] },
  ],
});

testRule(ignorePatternDuplicate, {
  valid: [{ code: "dist\n!dist/keep\ndist\n" }],
  invalid: [{ code: "dist\n*.log\n/dist/\n", errors: [{ range: "3:1-3:7", message: "Repeats line 1" }] }],
});

testRule(ignoreExcludesBuildFile, {
  valid: [{ code: "*.md\n" }],
  invalid: [
    {
      code: ".engineignore\nEnginefile\n",
      errors: [{ range: "1:1-1:14", message: "the ignore file itself" }, "2:1-2:11"],
    },
    {
      code: "Docker*\n",
      fileName: ".dockerignore",
      errors: [{ range: "1:1-1:8", message: "the build file Dockerfile" }],
    },
  ],
});

testRule(ignorePatternUnmatched, { valid: [{ code: "nothing-here\n" }], invalid: [] });

function context(paths: string[], complete = true): IgnoreContext {
  const directories = new Set<string>();
  for (const p of paths)
    for (let i = p.indexOf("/"); i >= 0; i = p.indexOf("/", i + 1)) directories.add(p.slice(0, i));
  const all = [...new Set([...paths, ...directories])].sort();
  return { paths: all, complete, directories, buildFiles: all.filter((p) => p === "Dockerfile") };
}

const only = (id: string) => ({
  ...DEFAULT_SETTINGS,
  rules: Object.fromEntries(
    [
      "ignore-pattern-syntax",
      "ignore-pattern-regexp",
      "ignore-exception-unreachable",
      "ignore-pattern-unmatched",
      "ignore-pattern-duplicate",
      "ignore-excludes-build-file",
    ].map((r) => [r, r === id ? ("info" as const) : ("off" as const)]),
  ),
});

describe("with the build context known", () => {
  const ctx = context(["Dockerfile", "xyz", "x", "doc.md", "b", "vendor/a.keep", "vendor/b.js", "src/a.ts"]);
  test("a regexp pattern says what it matches there", () => {
    const [f] = lintIgnoreFile("x|*.md\n", ".dockerignore", only("ignore-pattern-regexp"), ctx);
    expect(f?.message).toContain('In this build context it matches "doc.md", "x", "xyz".');
  });
  test("patterns that match nothing are reported, only when the listing is complete", () => {
    const text = "node_module\n*.md\n**/*.ts\n";
    const found = lintIgnoreFile(text, ".dockerignore", only("ignore-pattern-unmatched"), ctx);
    expect(found.map((f) => `${f.range.start.line + 1} ${f.message}`)).toEqual([
      `1 "node_module" matches nothing in this build context (${ctx.paths.length} paths); patterns are relative to the context root and match whole paths.`,
    ]);
    expect(
      lintIgnoreFile(text, ".dockerignore", only("ignore-pattern-unmatched"), { ...ctx, complete: false }),
    ).toEqual([]);
  });
  test("an unreachable exception is reported only when it would re-include something there", () => {
    const rule = only("ignore-exception-unreachable");
    expect(lintIgnoreFile("vendor\n!**/*.keep\n", ".dockerignore", rule, ctx)).toHaveLength(1);
    expect(lintIgnoreFile("vendor\n!**/*.py\n", ".dockerignore", rule, ctx)).toEqual([]);
    expect(lintIgnoreFile("vend*\n!**/*.keep\n", ".dockerignore", rule, ctx)).toHaveLength(1);
  });
});

describe("many patterns over a large context (#29)", () => {
  const paths: string[] = ["Dockerfile"];
  for (let d = 0; d < 50; d++)
    for (let f = 0; f < 50; f++) paths.push(`dir${d}/f${f}.log`, `dir${d}/sub/g${f}.txt`);
  const ctx = context(paths);
  test("2,000 patterns and 500 exceptions over 5,000 paths are linted in a bounded time", () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `**/nomatch${i}/*.log`);
    lines.push("dir1", ...Array.from({ length: 500 }, (_, i) => `!**/keep${i}/*.txt`));
    const start = performance.now();
    const found = lintIgnoreFile(`${lines.join("\n")}\n`, ".dockerignore", DEFAULT_SETTINGS, ctx);
    const ms = performance.now() - start;
    expect(found.filter((f) => f.ruleId === "ignore-pattern-unmatched")).toHaveLength(2500);
    // Generous bound (docs/security.md): trying each pattern alone over the listing took 36 s here.
    expect(ms).toBeLessThan(5000);
  }, 60_000);
});

describe("enginekit lint finds and checks ignore files", () => {
  const root = mkdtempSync(join(tmpdir(), "ek-ignore-lint-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  test("in a folder: .dockerignore and <file>.dockerignore, with the folder as the context", async () => {
    mkdirSync(join(root, "web"));
    writeFileSync(join(root, "Dockerfile"), "FROM alpine:3.20\n");
    writeFileSync(join(root, ".dockerignore"), "x|*.md\nnode_module\n[]a]\n");
    writeFileSync(join(root, "web", "Dockerfile.dockerignore"), "*.log\n");
    writeFileSync(join(root, "xyz"), "");
    const results = await lintFiles(["."], { cwd: root });
    const ignore = results.find((r) => r.path === ".dockerignore");
    expect(ignore?.kind).toBe("ignorefile");
    expect(ignore?.findings.map((f) => `${f.range.start.line + 1} ${f.ruleId}`)).toEqual([
      "1 ignore-pattern-regexp",
      "2 ignore-pattern-unmatched",
      "3 ignore-pattern-syntax",
    ]);
    expect(ignore?.findings[0]?.message).toContain('matches "xyz"');
    expect(results.map((r) => r.path)).toContain("web/Dockerfile.dockerignore");
  });
  test("an ignore file named after a default build file reports that build file once", async () => {
    const dir = join(root, "own");
    mkdirSync(dir);
    writeFileSync(join(dir, "Enginefile"), "FROM alpine:3.20\n");
    writeFileSync(join(dir, "Enginefile.engineignore"), "*\n");
    const [own] = await lintFiles(["Enginefile.engineignore"], { cwd: dir });
    expect(own?.findings.map((f) => f.message.replace(/:.*/, ""))).toEqual([
      "Excludes the ignore file itself (Enginefile.engineignore)",
      "Excludes the build file Enginefile",
    ]);
  });
});
