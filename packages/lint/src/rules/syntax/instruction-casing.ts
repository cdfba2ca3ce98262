import { allInstructions } from "../../enginefile/instructions.js";
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
    description: "Instruction keywords (and FROM's `AS`) should all use the same casing.",
    severity: "style",
    fixable: true,
    docs: `The engine reads keywords in any case, but mixing \`FROM\` and \`run\` makes a file harder to read.
The file's majority casing (upper-case on a tie) is expected; mixed-case keywords (\`Run\`) are always
reported. \`AS\` in FROM should match FROM's casing. The quick fix rewrites the keyword.`,
    peers: [
      "BuildKit ConsistentInstructionCasing",
      "BuildKit FromAsCasing",
      "dockerfilelint uppercase_commands",
    ],
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
    let upper = 0;
    let lower = 0;
    for (const i of instructions) {
      const c = casingOf(i.keyword);
      if (c === "upper") upper++;
      else if (c === "lower") lower++;
    }
    const expected: Casing = lower > upper ? "lower" : "upper";
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
      if (i.kind === "from" && i.stageName) {
        const as = i.args[1];
        if (as && as.value.toLowerCase() === "as") {
          // match the keyword as it will be: a keyword in the wrong casing is fixed to the file's
          const keyword = casingOf(i.keyword);
          const want = cased("as", keyword === expected ? keyword : expected);
          if (as.value !== want)
            out.push({
              range: as.range,
              message: `"${as.value}" should match the casing of ${cased(i.keyword, keyword === expected ? keyword : expected)}: write ${want}.`,
              fix: { title: `Write ${want}`, edits: [file.replace(as.range, want)] },
            });
        }
      }
    }
    return out;
  },
);
