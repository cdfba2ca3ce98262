/**
 * The `use-apt-get` rule: Use apt-get, not apt.
 * Its metadata is its documentation (`docs/rules/use-apt-get.md`, `enginekit lint --explain use-apt-get`).
 * Same check elsewhere: hadolint DL3027, Checkov CKV_DOCKER_9.
 */
import { runsCalling } from "../../enginefile/shell/command-index.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const APT = ["apt"];

export default enginefileRule(
  {
    id: "use-apt-get",
    name: "Use apt-get, not apt",
    description: "A RUN calls `apt`, whose command-line interface is not stable for scripts.",
    severity: "warning",
    fix: "always",
    docs: "`apt` is for people at a terminal and warns that its interface may change; scripts use `apt-get` and `apt-cache`. The quick fix replaces `apt` with `apt-get`.",
    peers: ["hadolint DL3027", "Checkov CKV_DOCKER_9"],
    examples: [
      { kind: "invalid", code: "FROM debian:12\nRUN apt update && apt install -y curl\n" },
      { kind: "valid", code: "FROM debian:12\nRUN apt-get update && apt-get install -y curl\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { commands } of runsCalling(file, APT)) {
      for (const c of commands) {
        const word = c.words[c.nameIndex];
        if (c.name !== "apt" || !word || word.text !== "apt") continue;
        out.push({
          range: word.range,
          message: "Use apt-get instead of apt in scripts.",
          fix: { title: "Use apt-get", edits: [file.replace(word.range, "apt-get")] },
        });
      }
    }
    return out;
  },
);
