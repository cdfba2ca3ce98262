/**
 * The `ignore-pattern-regexp` rule: Ignore pattern read as a regular expression.
 * Its metadata is its documentation (`docs/rules/ignore-pattern-regexp.md`, `enginekit lint --explain
 * ignore-pattern-regexp`).
 */
import {
  contextMatches,
  evaluationError,
  listPaths,
  regexpConstructs,
} from "../../ignorefile/pattern-queries.js";
import type { Report } from "../../model/finding.js";
import { ignoreFileRule } from "../../model/rule.js";

export default ignoreFileRule(
  {
    id: "ignore-pattern-regexp",
    name: "Ignore pattern read as a regular expression",
    description:
      "A wildcard pattern whose `|`, `{}`, backslash escapes or POSIX classes the engine reads as regexp syntax.",
    severity: "warning",
    fix: "never",
    docs: `The engine CLI escapes only \`.+()$\` before turning a wildcard pattern into a Go regular expression (its
escape table overflows for \`|\`, \`{\` and \`}\`), so in a pattern with \`*\`, \`?\`, brackets or a backslash these
are regexp syntax: \`x|*.md\` excludes every path that starts with \`x\`, \`a{2}*\` excludes \`aa\` but not a file
named \`a{2}\`, \`a\\b*\` has a word boundary, \`[[:alpha:]]\` is a POSIX class, \`[*]\` becomes \`[[^/]*]\`. enginekit
sends what the engine would (docs/build.md "Patterns the engine reads as regular expressions"); this rule says
what the pattern really does. Write one pattern per line instead of \`|\`, and escape nothing you mean literally
— or use a \`[…]\` class for a literal \`{\`.`,
    peers: [],
    examples: [
      { kind: "invalid", code: "docs|*.md\n" },
      { kind: "valid", code: "docs\n*.md\na|b\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const p of file.patterns) {
      const pattern = p.pattern;
      if (!pattern || pattern.compiled.kind !== "regexp" || evaluationError(file, pattern)) continue;
      const what = regexpConstructs(pattern.text);
      if (what.length === 0) continue;
      let message = `The engine reads "${p.text}" as a regular expression: ${what.join("; ")}.`;
      if (file.context && file.regexpReady) {
        const matched = contextMatches(file, pattern, 50);
        message +=
          matched.length === 0
            ? " In this build context it matches nothing."
            : ` In this build context it matches ${listPaths(matched, matched.length)}.`;
      }
      out.push({ range: p.range, message });
    }
    return out;
  },
);
