/**
 * The `compose/read-only` rule: Writable root filesystem.
 * Its metadata is its documentation (`docs/rules/compose/read-only.md`, `enginekit lint --explain
 * compose/read-only`).
 * Same check elsewhere: compose-lint CL-0007.
 */
import { propertyValue } from "@enginekit/compose";
import { isTrue, mergedServices, writtenIn } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/read-only",
    name: "Writable root filesystem",
    description: "A service does not set `read_only: true`.",
    severity: "off",
    fix: "never",
    docs: `With \`read_only: true\` the container's root filesystem cannot be changed: a compromised process cannot replace
binaries or leave a tool behind, and what the service writes has to go to a named volume or a \`tmpfs\`, where
it is visible. Many images write to \`/tmp\`, \`/run\` or a cache folder, so turning it on means listing those.
The rule is off by default (a hardening step, not a fault); turn it on with \`compose/read-only: info\` (or
\`CL-0007: info\`). The project's files are merged first.`,
    peers: ["compose-lint CL-0007"],
    examples: [
      { kind: "invalid", code: "services:\n  web:\n    image: nginx:1.27\n" },
      {
        kind: "valid",
        code: "services:\n  web:\n    image: nginx:1.27\n    read_only: true\n    tmpfs: [/var/cache/nginx, /run]\n",
      },
    ],
  },
  (file) =>
    mergedServices(file).flatMap((service) => {
      if (!writtenIn(file, service.property) || isTrue(propertyValue(service.node, "read_only"))) return [];
      return [
        {
          range: service.property.keyRange,
          message: `service "${service.name}" has a writable root filesystem (read_only is not true)`,
        },
      ];
    }),
);
