/**
 * The `compose/shared-propagation` rule: Bind mount with shared propagation.
 * Its metadata is its documentation (`docs/rules/compose/shared-propagation.md`, `enginekit lint --explain
 * compose/shared-propagation`).
 * Same check elsewhere: compose-lint CL-0017.
 */
import { nodeAt, propertyValue } from "@enginekit/compose";
import { literalText, ownServices } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

const SHARED = new Set(["shared", "rshared"]);

export default composeRule(
  {
    id: "compose/shared-propagation",
    name: "Bind mount with shared propagation",
    description: "A bind mount's propagation is `shared` or `rshared`.",
    severity: "warning",
    fix: "never",
    docs: `With \`shared\` (or \`rshared\`) propagation, mounts the container makes under the bind mount appear on the host,
and the host's appear in the container: a container that can mount can then place files over host paths.
The engine's default, \`rprivate\`, keeps the two apart; \`rslave\` lets host mounts in without letting the
container's out. Both spellings are checked: the short syntax's mode (\`./data:/data:rshared\`) and the long
syntax's \`bind.propagation\`.`,
    peers: ["compose-lint CL-0017"],
    examples: [
      {
        kind: "invalid",
        code: "services:\n  agent:\n    image: shop/agent:1\n    volumes:\n      - /mnt:/mnt:rshared\n",
      },
      {
        kind: "valid",
        code: "services:\n  agent:\n    image: shop/agent:1\n    volumes:\n      - /mnt:/mnt:rslave\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      const volumes = propertyValue(service.node, "volumes");
      if (volumes?.kind !== "array") return [];
      return volumes.items.flatMap((item) => {
        let node = item;
        let mode: string | undefined;
        if (item.kind === "object") {
          const propagation = nodeAt(item, ["bind", "propagation"]);
          if (!propagation) return [];
          node = propagation;
          mode = literalText(propagation);
        } else {
          const parts = (literalText(item) ?? "").split(":");
          mode = parts.length >= 3 ? (parts[2] ?? "").split(",").find((o) => SHARED.has(o)) : undefined;
        }
        if (mode === undefined || !SHARED.has(mode)) return [];
        return [
          {
            range: node.range,
            message: `service "${service.name}" shares mounts with the host (${mode} propagation)`,
          },
        ];
      });
    }),
);
