/**
 * Over the real-world corpus, enginekit reports an error only on files the engine refuses to build, and
 * on every such file: the list in `fixtures/engine-refusals.json` is reviewed, each entry with the
 * engine's own message (checked against the real engine, see the fixture's `$comment`).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { lintEnginefile } from "../src/runner/lint-enginefile.js";
import { DEFAULT_SETTINGS } from "../src/runner/settings.js";

const here = dirname(fileURLToPath(import.meta.url));
// beside the repository as in corpus.test.ts; ENGINEKIT_SHARED_DIR points elsewhere (e.g. from a worktree)
const sharedDir = process.env.ENGINEKIT_SHARED_DIR ?? join(here, "..", "..", "..", "..", "shared");
const corpusDir = join(sharedDir, "corpus", "enginefiles", "files");
const present = existsSync(corpusDir);
if (!present && process.env.CI) throw new Error(`the real-world corpus is missing: ${corpusDir}`);

interface Refusal {
  engine: string;
  verified: string;
  rules: string[];
}
const reviewed = JSON.parse(readFileSync(join(here, "fixtures", "engine-refusals.json"), "utf8")) as {
  files: Record<string, Refusal>;
};

describe.skipIf(!present)("errors over the real-world corpus are engine refusals", () => {
  test("the files with error findings, and the rules reporting them, are the reviewed list", () => {
    const found: Record<string, string[]> = {};
    for (const name of readdirSync(corpusDir).sort()) {
      const text = readFileSync(join(corpusDir, name), "utf8");
      const rules = new Set(
        lintEnginefile(text, DEFAULT_SETTINGS)
          .filter((f) => f.severity === "error")
          .map((f) => f.ruleId),
      );
      if (rules.size > 0) found[name] = [...rules].sort();
    }
    const expected = Object.fromEntries(Object.entries(reviewed.files).map(([k, v]) => [k, v.rules]));
    expect(found).toEqual(expected);
  });

  test("every reviewed refusal names the engine's message and how it was checked", () => {
    for (const r of Object.values(reviewed.files)) {
      expect(r.engine.length).toBeGreaterThan(10);
      expect(r.verified).toMatch(/engine/);
    }
  });
});
