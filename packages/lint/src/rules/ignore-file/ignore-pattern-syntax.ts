/**
 * The `ignore-pattern-syntax` rule: Ignore pattern the engine refuses.
 * Its metadata is its documentation (`docs/rules/ignore-pattern-syntax.md`, `enginekit lint --explain
 * ignore-pattern-syntax`).
 * Same check elsewhere: docker build: syntax error in pattern.
 */
import { evaluationError } from "../../ignorefile/pattern-queries.js";
import type { Report } from "../../model/finding.js";
import { ignoreFileRule } from "../../model/rule.js";

export default ignoreFileRule(
  {
    id: "ignore-pattern-syntax",
    name: "Ignore pattern the engine refuses",
    description: "A pattern of the ignore file that makes the engine CLI fail the build.",
    severity: "error",
    fix: "never",
    docs: `The engine CLI checks each pattern with Go's \`filepath.Match\` when it reads the ignore file and refuses
the build on \`syntax error in pattern\` (\`[\` without \`]\`, \`[]a]\`, \`[x-]\`, a trailing \`\\\`, a lone \`!\`), or on a
line longer than 65,535 bytes. A wildcard pattern it accepts can still fail later: the engine turns it into a
regular expression when the pattern is first evaluated, and a regexp that does not compile (\`x/[z-a]\`, \`a{2\`)
fails the build then. enginekit uses the engine's own check and its own regexp (docs/build.md).`,
    peers: ["docker build: syntax error in pattern"],
    examples: [
      { kind: "invalid", code: "node_modules\n[]a]\n" },
      { kind: "valid", code: "node_modules\n*.log\n!keep.log\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const p of file.patterns) {
      if (p.error) {
        out.push({ range: p.range, message: `The engine refuses this pattern: ${p.error}.` });
        continue;
      }
      const error = p.pattern && evaluationError(file, p.pattern);
      if (error)
        out.push({
          range: p.range,
          message: `The engine reads this pattern as a regular expression that does not compile: the build fails with "${error}" when the pattern is first evaluated.`,
        });
    }
    return out;
  },
);
