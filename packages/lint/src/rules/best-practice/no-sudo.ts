/**
 * The `no-sudo` rule: Do not use sudo.
 * Its metadata is its documentation (`docs/rules/no-sudo.md`, `enginekit lint --explain no-sudo`).
 * Same check elsewhere: hadolint DL3004, Trivy DS-0010, Checkov CKV2_DOCKER_1.
 */
import { runsWithSudo } from "../../enginefile/shell/command-index.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "no-sudo",
    name: "Do not use sudo",
    description: "A RUN uses `sudo`.",
    severity: "warning",
    fix: "never",
    docs: `RUN already runs as the current USER; \`sudo\` adds a setuid binary to the image and behaves
unpredictably without a TTY. Switch with \`USER root\` for the step that needs it, then back.`,
    peers: ["hadolint DL3004", "Trivy DS-0010", "Checkov CKV2_DOCKER_1"],
    examples: [
      { kind: "invalid", code: "FROM ubuntu:24.04\nRUN sudo apt-get update\n" },
      { kind: "valid", code: "FROM ubuntu:24.04\nUSER root\nRUN apt-get update\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { commands } of runsWithSudo(file)) {
      for (const c of commands) {
        if (!c.sudo) continue;
        const sudo = c.words.find((w) => w.text === "sudo");
        if (sudo)
          out.push({ range: sudo.range, message: "Do not use sudo in RUN; use USER to change user." });
      }
    }
    return out;
  },
);
