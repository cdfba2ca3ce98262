/**
 * The `compose/unconfined-profile` rule: Seccomp, AppArmor or SELinux confinement turned off.
 * Its metadata is its documentation (`docs/rules/compose/unconfined-profile.md`, `enginekit lint --explain
 * compose/unconfined-profile`).
 * Same check elsewhere: compose-lint CL-0009.
 */
import { propertyValue } from "@enginekit/compose";
import { literalText, ownServices, scalarItems } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** `seccomp:unconfined`, `apparmor=unconfined`, `label:disable` (the engine accepts `:` and `=`). */
const UNCONFINED = /^(?:(seccomp|apparmor)[:=]unconfined|(label)[:=]disable)$/;

export default composeRule(
  {
    id: "compose/unconfined-profile",
    name: "Seccomp, AppArmor or SELinux confinement turned off",
    description: "A `security_opt` entry turns off the seccomp or AppArmor profile or SELinux labelling.",
    severity: "warning",
    fix: "never",
    docs: `The engine's default seccomp profile blocks about 50 system calls that containers do not need (\`mount\`,
\`kexec_load\`, \`bpf\` without capabilities, …), and its AppArmor profile and SELinux labels keep the process away
from host files. \`seccomp:unconfined\`, \`apparmor:unconfined\` and \`label:disable\` remove that layer. If a program
needs one more system call, give it a profile that allows that call (\`seccomp:./profile.json\`).`,
    peers: ["compose-lint CL-0009"],
    examples: [
      {
        kind: "invalid",
        code: "services:\n  app:\n    image: shop/app:1\n    security_opt:\n      - seccomp:unconfined\n",
      },
      {
        kind: "valid",
        code: "services:\n  app:\n    image: shop/app:1\n    security_opt:\n      - no-new-privileges:true\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) =>
      scalarItems(propertyValue(service.node, "security_opt")).flatMap((item) => {
        const m = UNCONFINED.exec(literalText(item) ?? "");
        if (!m) return [];
        const what = m[1]
          ? `the ${m[1] === "seccomp" ? "seccomp" : "AppArmor"} profile`
          : "SELinux labelling";
        return [{ range: item.range, message: `service "${service.name}" turns off ${what}` }];
      }),
    ),
);
