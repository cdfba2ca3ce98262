/**
 * `network_mode` together with `networks` (compose-go `checkConsistency`: "service %s declares mutually
 * exclusive `network_mode` and `networks`").
 */
import { propertyNamed } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import type { CheckContext } from "./check-context.js";

export function networkModeConflicts(context: CheckContext): ComposeFinding[] {
  return context.services.flatMap((service) => {
    const mode = propertyNamed(service.node, "network_mode");
    const networks = propertyNamed(service.node, "networks");
    if (!mode?.value || !networks?.value) return [];
    const finding = context.finding(
      "compose/network-mode-conflict",
      `service ${service.name} declares mutually exclusive \`network_mode\` and \`networks\``,
      mode,
      ["services", service.name, "network_mode"],
    );
    return [
      {
        ...finding,
        related: [{ file: networks.file, range: networks.keyRange, message: "networks declared here" }],
      },
    ];
  });
}
