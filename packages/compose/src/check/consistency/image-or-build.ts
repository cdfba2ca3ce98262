/**
 * A service with neither `image` nor `build` (compose-go `checkConsistency`: "service %q has neither an
 * image nor a build context specified"; docker-compose 1.29.2 refuses it too). A `provider` service needs
 * neither.
 */
import { propertyNamed } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import type { CheckContext } from "./check-context.js";

export function imageOrBuild(context: CheckContext): ComposeFinding[] {
  return context.services.flatMap((service) =>
    propertyNamed(service.node, "image")?.value ||
    propertyNamed(service.node, "build")?.value ||
    propertyNamed(service.node, "provider")?.value
      ? []
      : [
          context.finding(
            "compose/image-or-build",
            `service "${service.name}" has neither an image nor a build context specified`,
            service.property,
            ["services", service.name],
          ),
        ],
  );
}
