/**
 * References to services the project does not define: `depends_on` (unless `required: false`), `links`,
 * `network_mode`/`ipc`/`pid: service:NAME`, `volumes_from` (compose-go `checkConsistency`: "service %q
 * depends on undefined service %q", "service %q not found for network_mode 'service:%s'"). A service
 * disabled by a profile is still defined.
 */
import { propertyValue, scalarText } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import { type CheckContext, namedEntries } from "./check-context.js";

export function unknownServices(context: CheckContext): ComposeFinding[] {
  const defined = context.names("services");
  const findings: ComposeFinding[] = [];
  for (const service of context.services) {
    const base = ["services", service.name];
    const dependsOn = propertyValue(service.node, "depends_on");
    for (const entry of namedEntries(dependsOn)) {
      if (defined.has(entry.name)) continue;
      const required =
        "key" in entry.node ? scalarText(propertyValue(entry.node.value, "required")) : undefined;
      if (required === "false") continue;
      findings.push(
        context.finding(
          "compose/unknown-service",
          `service "${service.name}" depends on undefined service "${entry.name}"`,
          entry.node,
          [...base, "depends_on", entry.name],
        ),
      );
    }
    const links = propertyValue(service.node, "links");
    if (links?.kind === "array")
      links.items.forEach((item, index) => {
        const name = scalarText(item)?.split(":")[0];
        if (name !== undefined && !defined.has(name))
          findings.push(
            context.finding(
              "compose/unknown-service",
              `service "${service.name}" links to undefined service "${name}"`,
              item,
              [...base, "links", index],
            ),
          );
      });
    for (const key of ["network_mode", "ipc", "pid"]) {
      const node = propertyValue(service.node, key);
      const text = scalarText(node);
      if (node && text?.startsWith("service:") && !defined.has(text.slice(8)))
        findings.push(
          context.finding(
            "compose/unknown-service",
            `service "${text.slice(8)}" not found for ${key} '${text}'`,
            node,
            [...base, key],
          ),
        );
    }
    const volumesFrom = propertyValue(service.node, "volumes_from");
    if (volumesFrom?.kind === "array")
      volumesFrom.items.forEach((item, index) => {
        const text = scalarText(item);
        if (text === undefined || text.startsWith("container:")) return;
        const name = text.replace(/^service:/, "").split(":")[0]!;
        if (!defined.has(name))
          findings.push(
            context.finding(
              "compose/unknown-service",
              `service "${service.name}" takes volumes from undefined service "${name}"`,
              item,
              [...base, "volumes_from", index],
            ),
          );
      });
  }
  return findings;
}
