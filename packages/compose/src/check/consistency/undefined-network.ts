/**
 * A service attached to a network the project does not define (compose-go `loader/validate.go`
 * `checkConsistency`: "service %q refers to undefined network %s"). `default` is always defined.
 */

import { propertyValue } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import { type CheckContext, namedEntries } from "./check-context.js";

export function undefinedNetworks(context: CheckContext): ComposeFinding[] {
  const defined = context.names("networks");
  defined.add("default");
  return context.services.flatMap((service) =>
    namedEntries(propertyValue(service.node, "networks"))
      .filter((entry) => !defined.has(entry.name))
      .map((entry) =>
        context.finding(
          "compose/undefined-network",
          `service "${service.name}" refers to undefined network ${entry.name}`,
          entry.node,
          ["services", service.name, "networks", entry.name],
        ),
      ),
  );
}
