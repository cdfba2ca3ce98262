/**
 * The `curl-and-wget` rule: Both curl and wget.
 * Its metadata is its documentation (`docs/rules/curl-and-wget.md`, `enginekit lint --explain
 * curl-and-wget`).
 * Same check elsewhere: hadolint DL4001, Trivy DS-0014.
 */
import { runsCalling } from "../../enginefile/shell/command-index.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const TOOLS = ["curl", "wget"];

export default enginefileRule(
  {
    id: "curl-and-wget",
    name: "Both curl and wget",
    description: "A stage uses both `curl` and `wget`.",
    severity: "info",
    fix: "never",
    docs: "Pick one download tool per stage: installing and using both grows the image for nothing. The later tool's first use is reported.",
    peers: ["hadolint DL4001", "Trivy DS-0014"],
    examples: [
      {
        kind: "invalid",
        code: "FROM alpine:3.20\nRUN curl -fsSLO https://example.com/a\nRUN wget -q https://example.com/b\n",
      },
      {
        kind: "valid",
        code: "FROM alpine:3.20\nRUN curl -fsSLO https://example.com/a && curl -fsSLO https://example.com/b\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    const seen = new Map<unknown, Set<string>>();
    for (const { instruction, commands } of runsCalling(file, TOOLS)) {
      const stage = file.stageOf(instruction);
      const tools = seen.get(stage) ?? new Set<string>();
      seen.set(stage, tools);
      for (const c of commands) {
        if (c.name !== "curl" && c.name !== "wget") continue;
        const other = c.name === "curl" ? "wget" : "curl";
        if (tools.has(other) && !tools.has(c.name)) {
          out.push({
            range: c.words[c.nameIndex]!.range,
            message: `This stage uses both ${other} and ${c.name}; use one of them.`,
          });
        }
        tools.add(c.name);
      }
    }
    return out;
  },
);
