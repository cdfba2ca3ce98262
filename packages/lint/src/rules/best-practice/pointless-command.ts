/**
 * The `pointless-command` rule: Command that makes no sense in a build.
 * Its metadata is its documentation (`docs/rules/pointless-command.md`, `enginekit lint --explain
 * pointless-command`).
 * Same check elsewhere: hadolint DL3001.
 */
import { runsCalling } from "../../enginefile/shell/command-index.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** Interactive or system-management commands that do nothing useful in a build step (hadolint's list). */
const POINTLESS = ["ssh", "vim", "shutdown", "service", "ps", "free", "top", "kill", "mount", "ifconfig"];

export default enginefileRule(
  {
    id: "pointless-command",
    name: "Command that makes no sense in a build",
    description:
      "A RUN calls an interactive or system-management command (`vim`, `ssh`, `service`, `top` …).",
    severity: "info",
    fix: "never",
    docs: `A build step has no terminal, no init system and no running services: \`vim\`, \`ssh\`, \`shutdown\`,
\`service\`, \`ps\`, \`free\`, \`top\`, \`kill\`, \`mount\` and \`ifconfig\` either hang, fail or report on the
build container. Installing them as packages is not reported, only calling them.`,
    peers: ["hadolint DL3001"],
    examples: [
      { kind: "invalid", code: "FROM debian:12\nRUN service nginx start\n" },
      { kind: "valid", code: "FROM debian:12\nRUN apt-get install -y --no-install-recommends vim\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { commands } of runsCalling(file, POINTLESS)) {
      for (const c of commands) {
        if (c.name === undefined || !POINTLESS.includes(c.name)) continue;
        out.push({
          range: c.words[c.nameIndex]!.range,
          message: `${c.name} makes no sense in a build step.`,
        });
      }
    }
    return out;
  },
);
