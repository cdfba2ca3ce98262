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
Set the build's shell with \`SHELL ["/bin/bash", "-c"]\`.`,
    peers: ["hadolint DL4005"],
    examples: [
      { kind: "invalid", code: "FROM debian:12\nRUN ln -sf /bin/bash /bin/sh\n" },
      { kind: "valid", code: 'FROM debian:12\nSHELL ["/bin/bash", "-c"]\n' },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { commands } of runsCalling(file, LN)) {
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
