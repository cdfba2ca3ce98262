/**
 * The `instruction-casing` rule: Consistent instruction casing.
 * Its metadata is its documentation (`docs/rules/instruction-casing.md`, `enginekit lint --explain
 * instruction-casing`).
 * Same check elsewhere: BuildKit ConsistentInstructionCasing, dockerfilelint uppercase_commands.
 */
import { allInstructions, majorityKeywordCasing } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

type Casing = "upper" | "lower" | "mixed";

function classify(word: string): Casing {
  if (word === word.toUpperCase()) return "upper";
  if (word === word.toLowerCase()) return "lower";
  return "mixed";
}

export default enginefileRule(
  {
    id: "instruction-casing",
    name: "Consistent instruction casing",
    description: "Instruction keywords should all use the same casing.",
    severity: "style",
    fix: "always",
    docs: `The engine reads keywords in any case, but mixing \`FROM\` and \`run\` makes a file harder to read.
The file's majority casing (upper-case on a tie) is expected; mixed-case keywords (\`Run\`) are always
reported. \`AS\` in FROM is \`from-as-casing\`'s. The quick fix rewrites the keyword.`,
    peers: ["BuildKit ConsistentInstructionCasing", "dockerfilelint uppercase_commands"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20 as build\nrun echo hi\nRUN echo there\n" },
      { kind: "valid", code: "from alpine:3.20 as build\nrun echo hi\n" },
    ],
  },
  (file) => {
    // keywords repeat (a file has a handful of spellings): each spelling is classified once
    const casings = new Map<string, Casing>();
    const casingOf = (word: string): Casing => {
      let casing = casings.get(word);
      if (casing === undefined) {
        casing = classify(word);
        casings.set(word, casing);
      }
      return casing;
    };
    const instructions = allInstructions(file).filter((i) => i.kind !== "unknown");
    const expected: Casing = majorityKeywordCasing(file);
    const cased = (w: string, c: Casing) => (c === "lower" ? w.toLowerCase() : w.toUpperCase());
    const out: Report[] = [];
    for (const i of instructions) {
      if (casingOf(i.keyword) !== expected) {
        const fixed = cased(i.keyword, expected);
        out.push({
          range: i.keywordRange,
          message: `Instruction "${i.keyword}" should be written ${fixed} like the rest of the file.`,
          fix: { title: `Write ${fixed}`, edits: [file.replace(i.keywordRange, fixed)] },
        });
      }
    }
    return out;
  },
);
