/**
 * A service mounting a named volume the project does not define (compose-go `checkConsistency`: "service %q
 * refers to undefined volume %s"). A source starting with `.`, `/`, `~` or a drive letter is a bind mount; a
 * mount without source is anonymous; neither needs a definition.
 */

import { splitVolumeSpec } from "../../load/merge.js";
import { propertyValue, scalarText } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import type { CheckContext } from "./check-context.js";

/** The named volume a mount uses, or undefined (bind mount, anonymous, tmpfs…). */
export function namedVolumeSource(text: string | undefined, type: string | undefined): string | undefined {
  if (text === undefined || text === "") return undefined;
  if (type !== undefined && type !== "volume") return undefined;
  if (/^[./~\\]|^[A-Za-z]:[\\/]|^\$/.test(text)) return undefined;
  return text;
}

export function undefinedVolumes(context: CheckContext): ComposeFinding[] {
  const defined = context.names("volumes");
  const findings: ComposeFinding[] = [];
  for (const service of context.services) {
    const volumes = propertyValue(service.node, "volumes");
    if (volumes?.kind !== "array") continue;
    volumes.items.forEach((item, index) => {
      let source: string | undefined;
      if (item.kind === "object") {
        source = namedVolumeSource(
          scalarText(propertyValue(item, "source")),
          scalarText(propertyValue(item, "type")),
        );
      } else {
        const parts = splitVolumeSpec(scalarText(item) ?? "");
        source = parts.length >= 2 ? namedVolumeSource(parts[0], undefined) : undefined;
      }
      if (source !== undefined && !defined.has(source))
        findings.push(
          context.finding(
            "compose/undefined-volume",
            `service "${service.name}" refers to undefined volume ${source}`,
            item.kind === "object" ? (propertyValue(item, "source") ?? item) : item,
            ["services", service.name, "volumes", index],
          ),
        );
    });
  }
  return findings;
}
