/**
 * Services granted configs the project does not define (compose-go `checkConsistency`: "service %q refers
 * to undefined config %s").
 */
import { propertyValue } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import { type CheckContext, undefinedReferences } from "./check-context.js";

export function undefinedConfigs(context: CheckContext): ComposeFinding[] {
  const defined = context.names("configs");
  return context.services.flatMap((service) =>
    undefinedReferences(
      context,
      propertyValue(service.node, "configs"),
      defined,
      "compose/undefined-config",
      "config",
      service.name,
      ["services", service.name, "configs"],
    ),
  );
}
