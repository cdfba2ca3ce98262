/**
 * The `consecutive-run` rule: Consecutive small RUNs.
 * Its metadata is its documentation (`docs/rules/consecutive-run.md`, `enginekit lint --explain
 * consecutive-run`).
 * Same check elsewhere: hadolint DL3059.
 */
import type { Instruction, RunInstruction } from "@enginekit/enginefile";
import { commandsOfRun } from "../../enginefile/shell/command-index.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/**
 * More commands than this in a RUN (`a && b`): whoever chained them chose where to split the RUNs, so
 * the pair is left alone (hadolint DL3059's rule specs draw the line at one command too).
 */
const SMALL = 1;
/** Characters that can separate or nest commands in shell code (`;`, `&&`, `|`, `(…)`, `` `…` ``, `{ …; }`). */
const OPERATORS = /[;&|`(){}\n]/;

export default enginefileRule(
  {
    id: "consecutive-run",
    name: "Consecutive small RUNs",
    description: "A RUN of a single command follows another such RUN with the same flags.",
    severity: "info",
    fix: "never",
    docs: `Each RUN is a layer. Two single-command RUNs in a row with the same \`--mount\`/\`--network\`/\`--security\`
flags can usually be one (\`RUN a && b\`), which makes the image smaller and the build faster. A RUN that
already chains commands shows where its author chose to split, so it and its neighbours are not reported;
neither are RUNs with different flags or RUNs separated by another instruction (comments do not separate).`,
    peers: ["hadolint DL3059"],
    examples: [
      { kind: "invalid", code: "FROM debian:12\nRUN apt-get update\nRUN apt-get install -y curl\n" },
      {
        kind: "valid",
        code: "FROM debian:12\nRUN apt-get update && apt-get install -y curl\nWORKDIR /app\nRUN make\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    // only RUNs next to a RUN are parsed
    // a RUN without operators, substitutions or heredocs is one command: no parse needed
    const count = (run: RunInstruction) =>
      run.heredocs.length === 0 && !OPERATORS.test(file.source(run.argumentsRange))
        ? 1
        : commandsOfRun(file, run).length;
    const flags = (run: RunInstruction) => run.flags.map((f) => file.source(f.range)).join(" ");
    let previous: Instruction | undefined;
    for (const ins of file.doc.instructions) {
      if (
        ins.kind === "run" &&
        previous?.kind === "run" &&
        flags(ins) === flags(previous) &&
        count(ins) <= SMALL &&
        count(previous) <= SMALL
      ) {
        out.push({
          range: ins.keywordRange,
          message: `Merge this RUN into the one on line ${previous.range.start.line + 1} (RUN a && b): one layer instead of two.`,
        });
      }
      previous = ins;
    }
    return out;
  },
);
