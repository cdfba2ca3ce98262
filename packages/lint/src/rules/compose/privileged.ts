/**
 * The `compose/privileged` rule: Privileged container.
 * Its metadata is its documentation (`docs/rules/compose/privileged.md`, `enginekit lint --explain
 * compose/privileged`).
 * Same check elsewhere: compose-lint CL-0002.
 */
import { isTrue, ownServices, propertyOf } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/privileged",
    name: "Privileged container",
    description: "A service sets `privileged: true`.",
    severity: "warning",
    fix: "never",
    docs: `\`privileged: true\` gives the container every capability, every host device, and no seccomp, AppArmor or
SELinux confinement: root in the container is root on the host. Add the one capability (\`cap_add\`) or device
(\`devices\`) the service needs instead. Suppress with a reason where privilege is the point (Docker-in-Docker,
hardware agents).`,
    peers: ["compose-lint CL-0002"],
    examples: [
      { kind: "invalid", code: "services:\n  dind:\n    image: docker:27-dind\n    privileged: true\n" },
      { kind: "valid", code: "services:\n  web:\n    image: nginx:1.27\n    cap_add: [NET_BIND_SERVICE]\n" },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      const property = propertyOf(service.node, "privileged");
      if (!property || !isTrue(property.value)) return [];
      return [
        {
          range: property.range,
          message: `service "${service.name}" runs privileged: root in the container is root on the host`,
        },
      ];
    }),
);
