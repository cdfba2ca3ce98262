/**
 * The `user-numeric` rule: Final USER by name.
 * Its metadata is its documentation (`docs/rules/user-numeric.md`, `enginekit lint --explain user-numeric`).
 * Same check elsewhere: hadolint DL3066.
 */
import { stageLineage } from "../../enginefile/stage-parents.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** `1000`, `1000:1000`, or a variable (unknown until the build). */
const NUMERIC = /^(\d+(:\d+)?|\$.*)$/;

export default enginefileRule(
  {
    id: "user-numeric",
    name: "Final USER by name",
    description: "The final stage's last USER names a user instead of a numeric UID.",
    severity: "info",
    fix: "never",
    docs: `Orchestrators that enforce a non-root user (Kubernetes \`runAsNonRoot\`) can only verify a numeric UID:
a name has to be looked up in the image's \`/etc/passwd\`, and the check fails. Use \`USER 10001\` (or
\`USER 10001:10001\`) in the final stage. (\`USER root\` is reported by final-user-root.)`,
    peers: ["hadolint DL3066"],
    examples: [
      { kind: "invalid", code: "FROM node:22\nUSER node\n" },
      { kind: "valid", code: "FROM node:22\nUSER 1000:1000\n" },
    ],
  },
  (file) => {
    const out: Report[] = [];
    const final = file.finalStage;
    if (!final) return out;
    for (const stage of stageLineage(file, final)) {
      const user = stage.instructions.findLast((i) => i.kind === "user");
      if (!user) continue;
      const value = user.kind === "user" ? user.value : undefined;
      // root is final-user-root's concern
      if (value && !NUMERIC.test(value.value) && !/^root(:|$)/.test(value.value))
        out.push({
          range: value.range,
          message: `USER ${value.value} is a name; a numeric UID lets the engine and orchestrators check it is not root.`,
        });
      break;
    }
    return out;
  },
);
