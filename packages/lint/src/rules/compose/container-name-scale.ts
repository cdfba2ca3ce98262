/**
 * The `compose/container-name-scale` rule: container_name with several replicas.
 * Its metadata is its documentation (`docs/rules/compose/container-name-scale.md`, `enginekit lint
 * --explain compose/container-name-scale`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/container-name-scale",
  name: "container_name with several replicas",
  docs: "Container names are unique on an engine: a service with `container_name` runs one container.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "services:\n  web:\n    image: nginx:1.27\n    container_name: web\n    deploy: {replicas: 2}\n",
    },
    { kind: "valid", code: "services:\n  web:\n    image: nginx:1.27\n    container_name: web\n" },
  ],
});
