/**
 * The `compose/resource-limits` rule: No memory or CPU limit.
 * Its metadata is its documentation (`docs/rules/compose/resource-limits.md`, `enginekit lint --explain
 * compose/resource-limits`).
 * Same check elsewhere: compose-lint CL-0026.
 */
import { nodeAt, propertyValue } from "@enginekit/compose";
import { mergedServices, writtenIn } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/resource-limits",
    name: "No memory or CPU limit",
    description:
      "A service sets no memory limit or no CPU limit (`mem_limit`/`cpus`, or `deploy.resources.limits`).",
    severity: "off",
    fix: "never",
    docs: `Without limits one service can take the host's memory (and the kernel's OOM killer then picks a victim among
all of them) or its CPUs. Set \`mem_limit\` and \`cpus\` (or \`deploy.resources.limits.memory\` and \`.cpus\`, which
\`docker compose up\` applies too). The rule is off by default: the right numbers are known only from the
service's load; turn it on with \`compose/resource-limits: info\` (or \`CL-0026: info\`). The project's files are
merged first.`,
    peers: ["compose-lint CL-0026"],
    examples: [
      { kind: "invalid", code: "services:\n  web:\n    image: nginx:1.27\n" },
      {
        kind: "valid",
        code: "services:\n  web:\n    image: nginx:1.27\n    mem_limit: 256m\n    cpus: 0.5\n",
      },
    ],
  },
  (file) =>
    mergedServices(file).flatMap((service) => {
      if (!writtenIn(file, service.property)) return [];
      const limits = nodeAt(service.node, ["deploy", "resources", "limits"]);
      const memory = propertyValue(service.node, "mem_limit") ?? propertyValue(limits, "memory");
      const cpus = propertyValue(service.node, "cpus") ?? propertyValue(limits, "cpus");
      const missing = [memory ? undefined : "memory", cpus ? undefined : "CPU"].filter(Boolean);
      if (missing.length === 0) return [];
      return [
        {
          range: service.property.keyRange,
          message: `service "${service.name}" has no ${missing.join(" or ")} limit`,
        },
      ];
    }),
);
