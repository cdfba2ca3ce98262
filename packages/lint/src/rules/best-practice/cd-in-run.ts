/**
 * The `cd-in-run` rule: Use WORKDIR instead of cd.
 * Its metadata is its documentation (`docs/rules/cd-in-run.md`, `enginekit lint --explain cd-in-run`).
 * Same check elsewhere: hadolint DL3003, Trivy DS-0013.
 */
import { runsCalling } from "../../enginefile/shell/command-index.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const CD = ["cd"];

export default enginefileRule(
  {
    id: "cd-in-run",
    name: "Use WORKDIR instead of cd",
    description: "A RUN changes directory with `cd` as its first command.",
    severity: "warning",
    fix: "never",
    docs: `\`RUN cd /app && make\` works, but the directory change is lost after the RUN and the next reader has to
track it. Set it once with \`WORKDIR /app\`. Only a \`cd\` that starts the RUN is reported: \`cd\` into a
temporary folder in the middle of a command chain is normal shell practice.`,
    peers: ["hadolint DL3003", "Trivy DS-0013"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nRUN cd /app && make\n" },
      { kind: "valid", code: "FROM alpine:3.20\nWORKDIR /app\nRUN make && (cd docs && make html)\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { commands } of runsCalling(file, CD)) {
      const first = commands[0];
      if (first?.name === "cd") {
        const word = first.words[first.nameIndex]!;
        out.push({
          range: word.range,
          message: "Use WORKDIR to change directory instead of cd at the start of RUN.",
        });
      }
    }
    return out;
  },
);
