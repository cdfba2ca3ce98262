/**
 * A service's `build.secrets` naming a top-level secret that is `external`: a build can be served only a
 * secret with `file:` or `environment:` (docker/compose `pkg/compose/build.go` `addSecretsConfig`:
 * "build.secrets only supports environment or file-based secrets"; docker/buildx bake's compose reader:
 * "unsupported external secret"). compose-go loads such a project; `docker compose build` refuses it. An
 * entry naming an undefined secret is `compose/undefined-secret`'s.
 */
import { propertyValue, scalarText } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import { buildSecretGrants } from "../../model/service-builds.js";
import type { CheckContext } from "./check-context.js";

export function buildSecretSources(context: CheckContext): ComposeFinding[] {
  const secrets = propertyValue(context.model, "secrets");
  return context.services.flatMap((service) => {
    const grants = buildSecretGrants(propertyValue(propertyValue(service.node, "build"), "secrets"));
    return grants.flatMap((grant, index) => {
      const definition = propertyValue(secrets, grant.source);
      const external = propertyValue(definition, "external");
      const isExternal =
        external !== undefined && (scalarText(external) === "true" || external.kind === "object");
      if (!isExternal || propertyValue(definition, "file") || propertyValue(definition, "environment"))
        return [];
      const at =
        grant.node.kind === "object" ? (propertyValue(grant.node, "source") ?? grant.node) : grant.node;
      return [
        context.finding(
          "compose/build-secret-source",
          `service "${service.name}": build secret ${grant.source} is external; a build can only be served a secret with \`file\` or \`environment\``,
          at,
          ["services", service.name, "build", "secrets", index],
        ),
      ];
    });
  });
}
