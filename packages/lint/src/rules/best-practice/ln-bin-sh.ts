/**
 * The `ln-bin-sh` rule: Use SHELL instead of replacing /bin/sh.
 * Its metadata is its documentation (`docs/rules/ln-bin-sh.md`, `enginekit lint --explain ln-bin-sh`).
 * Same check elsewhere: hadolint DL4005.
 */
import { runsCalling } from "../../enginefile/shell/command-index.js";
import { argumentsOf, hasOption } from "../../enginefile/shell/queries.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const LN = ["ln"];

export default enginefileRule(
  {
    id: "ln-bin-sh",
    name: "Use SHELL instead of replacing /bin/sh",
    description: "A RUN replaces `/bin/sh` with a symbolic link to another shell.",
    severity: "warning",
    fix: "never",
    docs: `Linking \`/bin/sh\` to bash changes the shell of every script in the image, not only the build's.
Set the build's shell with \`SHELL ["/bin/bash", "-c"]\`. Not reported in an exec-form RUN
(\`RUN ["ln", "-s", "/busybox/sh", "/bin/sh"]\`): that is how an image without a shell gets one, which
\`SHELL\` cannot do.`,
    peers: ["hadolint DL4005"],
    examples: [
      { kind: "invalid", code: "FROM debian:12\nRUN ln -sf /bin/bash /bin/sh\n" },
      { kind: "valid", code: 'FROM debian:12\nSHELL ["/bin/bash", "-c"]\n' },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { instruction, commands } of runsCalling(file, LN)) {
      // an exec-form RUN runs without a shell: in an image that has none (distroless, busybox-based),
      // linking /bin/sh creates the shell that SHELL would need, it replaces nothing
      if (instruction.form === "exec") continue;
      for (const c of commands) {
        if (c.name !== "ln" || !hasOption(c, "-s", "--symbolic")) continue;
        const target = argumentsOf(c).at(-1);
        if (target?.text === "/bin/sh")
          out.push({
            range: target.range,
            message: 'Do not replace /bin/sh; set the shell with SHELL ["/bin/bash", "-c"].',
          });
      }
    }
    return out;
  },
);
