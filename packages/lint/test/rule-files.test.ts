/**
 * One file per rule, named after its id (ESLint's `lib/rules/<id>.js`, typescript-eslint's docs test):
 * every module `rules/all-rules.ts` imports is `rules/<id>.ts` for an id with a namespace
 * (`manifest/limit`, `secret-ref/not-found`) or `rules/<area>/<id>.ts` for one without
 * (`best-practice/add-instead-of-copy`), and every registered rule has such a file.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import type { Rule } from "../src/model/rule.js";
import { RULES } from "../src/rules/registry.js";

const rulesDir = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "rules");

test("every rule lives in a file named after its id", async () => {
  const source = readFileSync(join(rulesDir, "all-rules.ts"), "utf8");
  const paths = [...source.matchAll(/^import \w+ from "\.\/(.+)\.js";$/gm)].map((m) => m[1]!);
  expect(paths.length).toBe(RULES.length);
  const wrong: string[] = [];
  const ids = new Set<string>();
  for (const path of paths) {
    const rule = ((await import(join(rulesDir, `${path}.ts`))) as { default: Rule }).default;
    const id = rule.meta.id;
    ids.add(id);
    const expected = id.includes("/") ? path === id : path.split("/").pop() === id;
    if (!expected) wrong.push(`${path}.ts holds ${id}`);
  }
  expect(wrong).toEqual([]);
  expect([...ids].sort()).toEqual(RULES.map((r) => r.meta.id).sort());
});
