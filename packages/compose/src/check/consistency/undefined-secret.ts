/**
 * Services (and their builds) granted secrets the project does not define (compose-go `checkConsistency`:
 * "service %q refers to undefined secret %s", "… undefined build secret %s").
 */
import { propertyValue } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import { type CheckContext, undefinedReferences } from "./check-context.js";

export function undefinedSecrets(context: CheckContext): ComposeFinding[] {
  const defined = context.names("secrets");
  return context.services.flatMap((service) => [
    ...undefinedReferences(
      context,
      propertyValue(service.node, "secrets"),
      defined,
      "compose/undefined-secret",
      "secret",
      service.name,
      ["services", service.name, "secrets"],
    ),
    ...undefinedReferences(
      context,
      propertyValue(propertyValue(service.node, "build"), "secrets"),
      defined,
      "compose/undefined-secret",
      "build secret",
      service.name,
      ["services", service.name, "build", "secrets"],
    ),
  ]);
}
