import type { Report } from "../../model/finding.js";
import { ignoreFileRule } from "../../model/rule.js";

export default ignoreFileRule(
  {
    id: "ignore-pattern-duplicate",
    name: "Repeated ignore pattern",
    description: "A pattern that repeats an earlier line with nothing of the other kind in between.",
    severity: "info",
    fix: "never",
    docs: `Patterns apply top to bottom and the last match wins, so a pattern repeated with no exception in
between (or an exception repeated with no exclusion in between) changes nothing: the second line is
redundant. Patterns are compared as the engine reads them (\`/dist/\` is \`dist\`).`,
    peers: [],
    examples: [
      { kind: "invalid", code: "dist\n*.log\n/dist/\n" },
      { kind: "valid", code: "dist\n!dist/keep\ndist\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (let i = 0; i < file.patterns.length; i++) {
      const p = file.patterns[i]!.pattern;
      if (!p) continue;
      for (let j = i - 1; j >= 0; j--) {
        const q = file.patterns[j]!.pattern;
        if (!q) continue;
        if (q.exception !== p.exception) break;
        if (q.text === p.text) {
          out.push({
            range: file.patterns[i]!.range,
            message: `Repeats line ${q.line}, so it changes nothing.`,
          });
          break;
        }
      }
    }
    return out;
  },
);
