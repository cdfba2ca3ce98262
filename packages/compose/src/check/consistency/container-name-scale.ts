/**
 * `container_name` on a service that runs more than one container (`scale` or `deploy.replicas` above 1):
 * container names are unique, so Compose refuses it (compose-go `checkConsistency`: "services.%s: can't set
 * container_name and %s as container name must be unique"); `scale` and `deploy.replicas` set to different
 * values are refused too ("can't set distinct values on 'scale' and 'deploy.replicas'").
 */
import { nodeAt, propertyNamed, scalarText } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import type { CheckContext } from "./check-context.js";

export function containerNameScale(context: CheckContext): ComposeFinding[] {
  const findings: ComposeFinding[] = [];
  for (const service of context.services) {
    const scale = propertyNamed(service.node, "scale");
    const replicas = nodeAt(service.node, ["deploy", "replicas"]);
    const scaleValue = scale?.value ? Number(scalarText(scale.value)) : undefined;
    const replicasValue = replicas ? Number(scalarText(replicas)) : undefined;
    if (
      scale?.value &&
      scaleValue !== undefined &&
      replicasValue !== undefined &&
      scaleValue !== replicasValue
    )
      findings.push(
        context.finding(
          "compose/container-name-scale",
          `services.${service.name}: can't set distinct values on 'scale' and 'deploy.replicas'`,
          scale.value,
          ["services", service.name, "scale"],
        ),
      );
    const count = scaleValue ?? replicasValue ?? 1;
    const name = propertyNamed(service.node, "container_name");
    if (name?.value && count > 1)
      findings.push(
        context.finding(
          "compose/container-name-scale",
          `services.${service.name}: can't set container_name and ${scale?.value ? "scale" : "deploy.replicas"} as container name must be unique`,
          name.value,
          ["services", service.name, "container_name"],
        ),
      );
  }
  return findings;
}
