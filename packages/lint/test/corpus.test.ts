import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { analyzeEnginefile } from "../src/enginefile/analysis.js";
import { fixText } from "../src/runner/fix.js";
import { lintAnalyzedEnginefile, lintEnginefile } from "../src/runner/lint-enginefile.js";
import { DEFAULT_SETTINGS } from "../src/runner/settings.js";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
// beside the repository; ENGINEKIT_SHARED_DIR points elsewhere (e.g. from a git worktree)
const sharedDir = process.env.ENGINEKIT_SHARED_DIR ?? join(repoRoot, "..", "shared");
const corpusDir = join(sharedDir, "corpus", "enginefiles", "files");
const present = existsSync(corpusDir);
if (!present && process.env.CI) throw new Error(`the real-world corpus is missing: ${corpusDir}`);

describe.skipIf(!present)("the real-world Enginefile corpus (shared/corpus/enginefiles)", () => {
  const names = present ? readdirSync(corpusDir).sort() : [];
  const files = names.map((name) => ({ name, text: readFileSync(join(corpusDir, name), "utf8") }));

  test("every file lints without an exception or an internal-error finding; the per-rule summary is reviewed", async () => {
    expect(files.length).toBeGreaterThan(200);
    const perRule: Record<string, { findings: number; files: number }> = {};
    for (const f of files) {
      const findings = lintAnalyzedEnginefile(analyzeEnginefile(f.text), DEFAULT_SETTINGS);
      expect(
        findings.filter((x) => x.ruleId === "internal-error").map((x) => `${f.name}: ${x.message}`),
      ).toEqual([]);
      for (const x of findings) {
        expect(x.range.start.offset).toBeLessThanOrEqual(x.range.end.offset);
        expect(x.range.end.offset).toBeLessThanOrEqual(f.text.length);
      }
      const seen = new Set<string>();
      for (const x of findings) {
        const entry = (perRule[x.ruleId] ??= { findings: 0, files: 0 });
        entry.findings++;
        if (!seen.has(x.ruleId)) entry.files++;
        seen.add(x.ruleId);
      }
    }
    const sorted = Object.fromEntries(Object.entries(perRule).sort(([a], [b]) => a.localeCompare(b)));
    await expect(`${JSON.stringify({ files: files.length, rules: sorted }, null, 2)}\n`).toMatchFileSnapshot(
      "./__snapshots__/corpus-summary.json",
    );
  });

  test("--fix on every file terminates, and the fixed file has no fixable finding left (or hit the pass bound)", () => {
    for (const f of files) {
      const lint = (t: string) => lintEnginefile(t, DEFAULT_SETTINGS);
      const fixed = fixText(f.text, lint);
      expect(fixed.passes).toBeLessThanOrEqual(10);
      if (fixed.passes < 10)
        expect(
          lint(fixed.text)
            .filter((x) => x.fix)
            .map((x) => `${f.name} ${x.ruleId}`),
        ).toEqual([]);
    }
  });
});
