/**
 * The `compose/no-new-privileges` rule: Privilege escalation not blocked.
 * Its metadata is its documentation (`docs/rules/compose/no-new-privileges.md`, `enginekit lint --explain
 * compose/no-new-privileges`).
 * Same check elsewhere: compose-lint CL-0003.
 */
import { propertyValue } from "@enginekit/compose";
import { isTrue, literalText, mergedServices, scalarItems, writtenIn } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** `no-new-privileges`, `no-new-privileges:true`, `no-new-privileges=true` (the engine's spellings). */
const SET = /^no-new-privileges(?:[:=]true)?$/i;

export default composeRule(
  {
    id: "compose/no-new-privileges",
    name: "Privilege escalation not blocked",
    description: "A service's `security_opt` does not set `no-new-privileges`.",
    severity: "off",
    fix: "never",
    docs: `With \`security_opt: [no-new-privileges:true]\` the kernel refuses to give a process more privileges than its
parent had: a setuid binary (\`su\`, \`sudo\`, a planted one) cannot make an attacker root inside the container.
Few programs need setuid at run time. The project's files are merged first, so an override that adds the
option counts; a privileged service is \`compose/privileged\`'s and is not reported here. The rule is off by
default: over the Compose corpus it reports nearly every service, and a finding on every service teaches
people to skip findings. Turn it on for hardened projects with \`compose/no-new-privileges: info\` (or
\`CL-0003: info\`).`,
    peers: ["compose-lint CL-0003"],
    examples: [
      { kind: "invalid", code: "services:\n  web:\n    image: nginx:1.27\n" },
      {
        kind: "valid",
        code: "services:\n  web:\n    image: nginx:1.27\n    security_opt: [no-new-privileges:true]\n",
      },
    ],
  },
  (file) =>
    mergedServices(file).flatMap((service) => {
      if (!writtenIn(file, service.property)) return [];
      if (isTrue(propertyValue(service.node, "privileged"))) return [];
      const options = scalarItems(propertyValue(service.node, "security_opt"));
      if (options.some((o) => SET.test(literalText(o) ?? ""))) return [];
      return [
        {
          range: service.property.keyRange,
          message: `service "${service.name}" does not set security_opt no-new-privileges:true`,
        },
      ];
    }),
);
