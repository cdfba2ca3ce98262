/**
 * The `compose/duplicate-container-name` rule: Two services with one container name.
 * Its metadata is its documentation (`docs/rules/compose/duplicate-container-name.md`, `enginekit lint
 * --explain compose/duplicate-container-name`).
 * Same check elsewhere: dclint no-duplicate-container-names.
 */
import { propertyValue } from "@enginekit/compose";
import { canRunTogether, literalText, mergedServices, writtenIn } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/duplicate-container-name",
    name: "Two services with one container name",
    description: "Two services of the project set the same `container_name`.",
    severity: "error",
    fix: "never",
    docs: `Container names are unique on an engine: the second service's container is refused (\`409 Conflict: The
container name "/x" is already in use\`) and \`docker compose up\` fails. \`docker compose config\` does not check
it. Services that cannot run together (each in profiles the other is not in) are not compared. The project's
files are merged first, so a name set in an override counts. Reported at every service after the first.`,
    peers: ["dclint no-duplicate-container-names"],
    examples: [
      {
        kind: "invalid",
        code: "services:\n  web:\n    image: nginx:1.27\n    container_name: shop\n  api:\n    image: node:22\n    container_name: shop\n",
      },
      {
        kind: "valid",
        code: "services:\n  web:\n    image: nginx:1.27\n    container_name: shop-web\n  api:\n    image: node:22\n    container_name: shop-api\n",
      },
    ],
  },
  (file) => {
    const seen: {
      name: string;
      container: string;
      node: ReturnType<typeof mergedServices>[number]["node"];
    }[] = [];
    const out = [];
    for (const service of mergedServices(file)) {
      const node = propertyValue(service.node, "container_name");
      const container =
        literalText(node) ??
        (node?.kind === "scalar" && node.value !== null ? String(node.value) : undefined);
      if (!node || container === undefined || node.kind !== "scalar") continue;
      if (node.variables?.some((v) => v.source === "unset")) continue;
      const first = seen.find((s) => s.container === container && canRunTogether(s.node, service.node));
      if (first && writtenIn(file, node))
        out.push({
          range: node.range,
          message: `service "${service.name}" has container_name "${container}", as service "${first.name}" does: the engine refuses the second container`,
        });
      seen.push({ name: service.name, container, node: service.node });
    }
    return out;
  },
);
