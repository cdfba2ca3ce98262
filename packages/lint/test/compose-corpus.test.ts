/**
 * The linter's Compose rules over the real-world Compose corpus (`packages/compose/test/corpus`, 158 entries
 * with docker-compose 1.29.2's verdicts; provenance in its README): every entry is linted with its own file
 * set and env files, as the verdicts were made (empty environment). No rule breaks (`internal-error`), and
 * no entry Compose accepts gets an error-severity finding: an error is only what Compose or the engine
 * refuses. The per-rule counts are printed (the figures docs/compose.md quotes).
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { checkProject, loadProject, nodeFileSystem } from "@enginekit/compose";
import { expect, test } from "vitest";
import type { Finding } from "../src/model/finding.js";
import { RULES } from "../src/rules/registry.js";
import { lintAnalyzedCompose } from "../src/runner/lint-compose.js";
import { DEFAULT_SETTINGS, type LintSettings } from "../src/runner/settings.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "compose", "test", "corpus");
const rows = readFileSync(join(root, "reference.tsv"), "utf8")
  .trim()
  .split("\n")
  .slice(1)
  .map((line) => line.split("\t"))
  .map(([id, verdict, , files, envFiles]) => ({
    id: id!,
    verdict: verdict!,
    files: files!,
    envFiles: envFiles ?? "",
  }));

/** Every Compose rule on, at its default severity (off-by-default ones at `info`, to count them too). */
const settings: LintSettings = {
  ...DEFAULT_SETTINGS,
  rules: Object.fromEntries(
    RULES.filter((r) => r.meta.appliesTo === "compose").map((r) => [
      r.meta.id,
      r.meta.severity === "off" ? "info" : r.meta.severity,
    ]),
  ),
};
const offByDefault = new Set(RULES.filter((r) => r.meta.severity === "off").map((r) => r.meta.id));

/** Lints one corpus entry: each of its files within the entry's project. */
function lintEntry(id: string, files: string, envFiles: string): { file: string; finding: Finding }[] {
  const dir = join(root, "files", id);
  const list = files.split(";").map((f) => join(dir, f));
  const project = loadProject({
    workingDir: dirname(list[0]!),
    files: list,
    ...(envFiles ? { envFiles: envFiles.split(";").map((f) => join(dir, f)) } : {}),
    environment: {},
    fileSystem: nodeFileSystem,
  });
  const found = checkProject(project);
  return list.flatMap((path) => {
    const text = project.sources.get(path)?.text ?? "";
    const file = { text, path, project, findings: found.filter((f) => f.file === path) };
    return lintAnalyzedCompose(file, settings).map((finding) => ({
      file: path.slice(dir.length + 1),
      finding,
    }));
  });
}

test("the Compose rules over the corpus: no rule breaks, no error on a file Compose accepts", () => {
  expect(rows).toHaveLength(158);
  const counts = new Map<string, { findings: number; entries: Set<string> }>();
  const problems: string[] = [];
  for (const { id, verdict, files, envFiles } of rows) {
    for (const { file, finding } of lintEntry(id, files, envFiles)) {
      const where = `${id}/${file}:${finding.range.start.line + 1} ${finding.ruleId} ${finding.message}`;
      if (finding.ruleId === "internal-error") problems.push(where);
      if (verdict === "valid" && finding.severity === "error") problems.push(where);
      const c = counts.get(finding.ruleId) ?? { findings: 0, entries: new Set<string>() };
      c.findings++;
      c.entries.add(id);
      counts.set(finding.ruleId, c);
    }
  }
  expect(problems).toEqual([]);
  const table = [...counts]
    .sort((a, b) => b[1].findings - a[1].findings)
    .map(
      ([rule, c]) =>
        `${rule}${offByDefault.has(rule) ? " (off by default)" : ""}: ${c.findings} in ${c.entries.size} entries`,
    );
  console.log(`Compose corpus, ${rows.length} entries:\n${table.join("\n")}`);
});
