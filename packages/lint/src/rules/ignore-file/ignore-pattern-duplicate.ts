/**
 * The `ignore-pattern-duplicate` rule: Repeated ignore pattern.
 * Its metadata is its documentation (`docs/rules/ignore-pattern-duplicate.md`, `enginekit lint --explain
 * ignore-pattern-duplicate`).
 */
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
    // The patterns since the last change of kind (exclusion / exception), by text: the latest line of each.
    const run = new Map<string, number>();
    let exception: boolean | undefined;
    for (const line of file.patterns) {
      const p = line.pattern;
      if (!p) continue;
      if (p.exception !== exception) {
        run.clear();
        exception = p.exception;
      }
      const earlier = run.get(p.text);
      if (earlier !== undefined)
        out.push({ range: line.range, message: `Repeats line ${earlier}, so it changes nothing.` });
      run.set(p.text, p.line);
    }
    return out;
  },
);
