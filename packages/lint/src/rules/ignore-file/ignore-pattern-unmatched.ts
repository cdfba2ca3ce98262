/**
 * The `ignore-pattern-unmatched` rule: Ignore pattern that matches nothing.
 * Its metadata is its documentation (`docs/rules/ignore-pattern-unmatched.md`, `enginekit lint --explain
 * ignore-pattern-unmatched`).
 */
import { contextMatches } from "../../ignorefile/pattern-queries.js";
import type { Report } from "../../model/finding.js";
import { ignoreFileRule } from "../../model/rule.js";

export default ignoreFileRule(
  {
    id: "ignore-pattern-unmatched",
    name: "Ignore pattern that matches nothing",
    description: "A pattern that matches no path of the build context the ignore file sits in.",
    severity: "info",
    fix: "never",
    docs: `A pattern that matches nothing in the build context is often a typo (\`node_module\`), a path written
relative to the wrong folder (patterns are relative to the context root and match the *whole* path: \`*.md\`
does not match \`docs/a.md\`, write \`**/*.md\`), or left over. Checked only when the context is known
(\`enginekit lint\` on a folder or an ignore-file path, and the editor), and only when it could be listed in
full (at most 100,000 paths). \`enginekit build --list\` shows the count for every pattern.`,
    peers: [],
    examples: [{ kind: "valid", code: "node_modules\n" }],
  },
  (file) => {
    const context = file.context;
    if (!context?.complete) return [];
    const out: Report[] = [];
    for (const p of file.patterns) {
      if (!p.pattern) continue;
      if (contextMatches(file, p.pattern, 1).length > 0) continue;
      if (p.pattern.compiled.kind === "regexp" && !file.regexpReady) continue;
      out.push({
        range: p.range,
        message: `"${p.text}" matches nothing in this build context (${context.paths.length} paths); patterns are relative to the context root and match whole paths.`,
      });
    }
    return out;
  },
);
