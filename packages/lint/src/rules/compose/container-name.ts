/**
 * The `compose/container-name` rule: Container name the engine refuses.
 * Its metadata is its documentation (`docs/rules/compose/container-name.md`, `enginekit lint --explain
 * compose/container-name`).
 * Same check elsewhere: dclint service-container-name-regex.
 */
import { propertyValue } from "@enginekit/compose";
import { mergedServices, writtenIn } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** The engine's container name pattern (moby `daemon/names.go` `RestrictedNamePattern`; a leading `/` is allowed). */
const NAME = /^\/?[a-zA-Z0-9][a-zA-Z0-9_.-]+$/;

export default composeRule(
  {
    id: "compose/container-name",
    name: "Container name the engine refuses",
    description: "A `container_name` does not match the engine's pattern `[a-zA-Z0-9][a-zA-Z0-9_.-]+`.",
    severity: "error",
    fix: "never",
    docs: `The engine refuses to create a container whose name does not match \`[a-zA-Z0-9][a-zA-Z0-9_.-]+\` (at least two
characters, no spaces or slashes): \`Invalid container name (…), only [a-zA-Z0-9][a-zA-Z0-9_.-] are allowed\`.
The Compose schema writes the same pattern without anchors, so \`docker compose config\` accepts \`my app\` and
\`up\` fails. Interpolated names are checked with the values the linter knows. dclint's
\`service-container-name-regex\` checks the same pattern.`,
    peers: ["dclint service-container-name-regex"],
    examples: [
      { kind: "invalid", code: 'services:\n  web:\n    image: nginx:1.27\n    container_name: "my web"\n' },
      { kind: "valid", code: "services:\n  web:\n    image: nginx:1.27\n    container_name: shop-web.1\n" },
    ],
  },
  (file) =>
    mergedServices(file).flatMap((service) => {
      const node = propertyValue(service.node, "container_name");
      if (node?.kind !== "scalar" || !writtenIn(file, node)) return [];
      // a name made from an unset variable is not known until Compose runs
      if (node.value === null || node.variables?.some((v) => v.source === "unset")) return [];
      const name = String(node.value);
      if (NAME.test(name)) return [];
      return [
        {
          range: node.range,
          message: `service "${service.name}": container_name ${JSON.stringify(name)} is refused by the engine (only [a-zA-Z0-9][a-zA-Z0-9_.-], at least 2 characters)`,
        },
      ];
    }),
);
