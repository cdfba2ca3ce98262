/**
 * A top-level secret or config that says neither where its content comes from nor that it is `external`
 * (compose-go `checkConsistency`: "secret %q must declare either `file` or `environment`"; its validation
 * package asks a config for one of `file`, `environment` or `content`).
 */
import { propertyNamed, propertyValue } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import type { CheckContext } from "./check-context.js";

const SOURCES: Record<string, string[]> = {
  secrets: ["file", "environment", "external", "name"],
  configs: ["file", "environment", "content", "external", "name"],
};

export function secretSources(context: CheckContext): ComposeFinding[] {
  const findings: ComposeFinding[] = [];
  for (const [section, keys] of Object.entries(SOURCES)) {
    const node = propertyValue(context.model, section);
    if (node?.kind !== "object") continue;
    for (const property of node.properties) {
      if (property.key.startsWith("x-") || property.value?.kind !== "object") continue;
      if (keys.some((key) => propertyNamed(property.value, key)?.value)) continue;
      const what = section === "secrets" ? "secret" : "config";
      const needed = section === "secrets" ? "`file` or `environment`" : "`file`, `environment` or `content`";
      findings.push(
        context.finding(
          "compose/secret-source",
          `${what} "${property.key}" must declare either ${needed}`,
          property,
          [section, property.key],
        ),
      );
    }
  }
  return findings;
}
