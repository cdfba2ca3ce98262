/**
 * The `compose/cap-drop-all` rule: Default capabilities kept.
 * Its metadata is its documentation (`docs/rules/compose/cap-drop-all.md`, `enginekit lint --explain
 * compose/cap-drop-all`).
 * Same check elsewhere: compose-lint CL-0006.
 */
import { propertyValue } from "@enginekit/compose";
import { isTrue, literalText, mergedServices, scalarItems, writtenIn } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/cap-drop-all",
    name: "Default capabilities kept",
    description: "A service does not drop all capabilities (`cap_drop: [ALL]`).",
    severity: "off",
    fix: "never",
    docs: `The engine gives every container 14 capabilities (\`CHOWN\`, \`DAC_OVERRIDE\`, \`FOWNER\`, \`NET_RAW\`, \`SETUID\`,
\`SETGID\`, …); most services need none or one. \`cap_drop: [ALL]\` with \`cap_add\` for the one needed
(\`NET_BIND_SERVICE\` for a port below 1024) is the least-privilege form. The rule is off by default: over the
Compose corpus nearly no service drops them, and finding the capabilities an image needs takes a test run;
turn it on for hardened projects (\`compose/cap-drop-all: info\` or \`CL-0006: info\`). The project's files are
merged first; privileged services are \`compose/privileged\`'s.`,
    peers: ["compose-lint CL-0006"],
    examples: [
      { kind: "invalid", code: "services:\n  web:\n    image: nginx:1.27\n" },
      {
        kind: "valid",
        code: "services:\n  web:\n    image: nginx:1.27\n    cap_drop: [ALL]\n    cap_add: [NET_BIND_SERVICE, CHOWN, SETUID, SETGID]\n",
      },
    ],
  },
  (file) =>
    mergedServices(file).flatMap((service) => {
      if (!writtenIn(file, service.property) || isTrue(propertyValue(service.node, "privileged"))) return [];
      const dropped = scalarItems(propertyValue(service.node, "cap_drop"));
      if (dropped.some((c) => /^(?:CAP_)?ALL$/i.test(literalText(c) ?? ""))) return [];
      return [
        {
          range: service.property.keyRange,
          message: `service "${service.name}" keeps the default capabilities; drop ALL and add back what it needs`,
        },
      ];
    }),
);
