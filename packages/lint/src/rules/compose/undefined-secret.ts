/**
 * The `compose/undefined-secret` rule: Undefined secret.
 * Its metadata is its documentation (`docs/rules/compose/undefined-secret.md`, `enginekit lint --explain
 * compose/undefined-secret`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/undefined-secret",
  name: "Undefined secret",
  docs: "A secret granted to a service or its build must be defined under the top-level `secrets`.",
  peers: [],
  examples: [
    { kind: "invalid", code: "services:\n  web:\n    image: nginx:1.27\n    secrets: [token]\n" },
    {
      kind: "valid",
      code: "services:\n  web:\n    image: nginx:1.27\n    secrets: [token]\nsecrets:\n  token:\n    file: ./token.txt\n",
    },
  ],
});
