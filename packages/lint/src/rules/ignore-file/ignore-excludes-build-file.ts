/**
 * The `ignore-excludes-build-file` rule: Ignore file excludes the build file or itself.
 * Its metadata is its documentation (`docs/rules/ignore-excludes-build-file.md`, `enginekit lint --explain
 * ignore-excludes-build-file`).
 */
import type { Report } from "../../model/finding.js";
import { ignoreFileRule } from "../../model/rule.js";

export default ignoreFileRule(
  {
    id: "ignore-excludes-build-file",
    name: "Ignore file excludes the build file or itself",
    description: "A pattern that excludes the build file or the ignore file: harmless, and worth knowing.",
    severity: "info",
    fix: "never",
    docs: `Excluding the build file (\`Dockerfile\`, \`Enginefile\`) or the ignore file itself is common and harmless:
the engine CLI sends both anyway and the engine deletes them after reading, so \`COPY .\` does not see them —
which is usually why people exclude them. \`enginekit build\` does the same (it names an excluded build file
in a \`.dockerignore\` entry so the engine removes it). Reported as information so nobody expects the
pattern to keep the file from the engine.`,
    peers: [],
    examples: [{ kind: "invalid", code: ".engineignore\nEnginefile\n*.md\n" }],
  },
  (file) => {
    const out: Report[] = [];
    const own = file.fileName.slice(file.fileName.lastIndexOf("/") + 1);
    const targets = [own, ...(file.context?.buildFiles ?? ["Enginefile", "Dockerfile"])];
    for (const target of targets) {
      let decision: ReturnType<typeof file.matcher.matches>;
      try {
        decision = file.matcher.matches(target);
      } catch {
        return out; // a pattern the engine fails on: ignore-pattern-syntax reports it
      }
      if (!decision.excluded || !decision.pattern) continue;
      const line = file.patterns.find((p) => p.line === decision.pattern!.line);
      if (!line) continue;
      const what = target === own ? `the ignore file itself (${own})` : `the build file ${target}`;
      out.push({
        range: line.range,
        message: `Excludes ${what}: harmless — the engine CLI sends it anyway and the engine removes it after reading, so COPY . does not see it.`,
      });
    }
    return out;
  },
);
