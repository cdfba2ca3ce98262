/**
 * The `multiple-instructions` rule: Several CMD, ENTRYPOINT or HEALTHCHECK in a stage.
 * Its metadata is its documentation (`docs/rules/multiple-instructions.md`, `enginekit lint --explain
 * multiple-instructions`).
 * Same check elsewhere: BuildKit MultipleInstructionsDisallowed, hadolint DL4003 / DL4004 / DL3012, Trivy
 * DS-0016 / DS-0007 / DS-0023.
 */
import type { Instruction } from "@enginekit/enginefile";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const SINGLE = ["cmd", "entrypoint", "healthcheck"];

export default enginefileRule(
  {
    id: "multiple-instructions",
    name: "Several CMD, ENTRYPOINT or HEALTHCHECK in a stage",
    description: "A stage has more than one CMD, ENTRYPOINT or HEALTHCHECK; only the last one counts.",
    severity: "warning",
    fix: "never",
    docs: "Only the last CMD, ENTRYPOINT and HEALTHCHECK of a stage take effect; the earlier ones are dead code and usually a merge mistake. Each earlier one is reported.",
    peers: [
      "BuildKit MultipleInstructionsDisallowed",
      "hadolint DL4003 / DL4004 / DL3012",
      "Trivy DS-0016 / DS-0007 / DS-0023",
    ],
    examples: [
      { kind: "invalid", code: 'FROM alpine:3.20\nCMD ["sh"]\nCMD ["top"]\n' },
      { kind: "valid", code: 'FROM alpine:3.20 AS a\nCMD ["sh"]\nFROM alpine:3.20\nCMD ["top"]\n' },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const stage of file.doc.stages) {
      // one pass for the last of each kind, one for the earlier ones (findings are sorted later)
      const last = new Map<string, Instruction>();
      for (const i of stage.instructions) if (SINGLE.includes(i.kind)) last.set(i.kind, i);
      if (last.size === 0) continue;
      for (const i of stage.instructions) {
        const winner = last.get(i.kind);
        if (winner === undefined || winner === i) continue;
        out.push({
          range: i.keywordRange,
          message: `Only the last ${i.keyword.toUpperCase()} of a stage takes effect; this one is replaced on line ${winner.range.start.line + 1}.`,
        });
      }
    }
    return out;
  },
);
