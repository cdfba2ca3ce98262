/**
 * What enginekit publishes — the JSON Schemas of `@enginekit/api`, the rule pages (shipped in the packages
 * and linked from diagnostics and SARIF) and the field documentation hovers show — cites public sources
 * (the API documents' sections, the engine, BuildKit, Vault…) or the project's own docs, never the
 * project's private research notes (issue 28).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const PRIVATE_NOTE = /\b(research\b|[a-z-]+-anchors §)/;

function files(dir: string, ending: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...files(path, ending));
    else if (path.endsWith(ending)) out.push(path);
  }
  return out;
}

test("published schemas and rule pages cite no private research note", () => {
  const published = [
    ...files(join(repo, "packages", "api", "generated"), ".json"),
    ...files(join(repo, "docs", "rules"), ".md"),
  ];
  expect(published.length).toBeGreaterThan(100);
  const citing = published.filter((file) => PRIVATE_NOTE.test(readFileSync(file, "utf8")));
  expect(citing.map((f) => relative(repo, f))).toEqual([]);
});
