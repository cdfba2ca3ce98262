/**
 * What enginekit publishes — the JSON Schemas of `@enginekit/api`, the rule pages (shipped in the packages
 * and linked from diagnostics and SARIF) and the field documentation hovers show — cites public sources
 * (the API documents' sections, the engine, BuildKit, Vault…) or the project's own docs, never the
 * project's private research notes (issue 28).
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { filesEndingWith } from "./source-files.js";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const PRIVATE_NOTE = /\b(research\b|[a-z-]+-anchors §)/;

test("published schemas and rule pages cite no private research note", () => {
  const published = [
    ...filesEndingWith(join(repo, "packages", "api", "generated"), ".json"),
    ...filesEndingWith(join(repo, "docs", "rules"), ".md"),
  ];
  expect(published.length).toBeGreaterThan(100);
  const citing = published.filter((file) => PRIVATE_NOTE.test(readFileSync(file, "utf8")));
  expect(citing.map((f) => relative(repo, f))).toEqual([]);
});
