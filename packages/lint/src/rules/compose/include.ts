/**
 * The `compose/include` rule: Broken include.
 * Its metadata is its documentation (`docs/rules/compose/include.md`, `enginekit lint --explain
 * compose/include`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/include",
  name: "Broken include",
  docs: "An `include`d project must not include its includer, and must not define a service, network, volume, secret or config the project defines differently.",
  peers: [],
  examples: [
    { kind: "invalid", code: "include: [compose.yaml]\nservices:\n  web:\n    image: nginx:1.27\n" },
    { kind: "valid", code: "services:\n  web:\n    image: nginx:1.27\n" },
  ],
});
