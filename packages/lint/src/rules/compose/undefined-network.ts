/**
 * The `compose/undefined-network` rule: Undefined network.
 * Its metadata is its documentation (`docs/rules/compose/undefined-network.md`, `enginekit lint --explain
 * compose/undefined-network`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/undefined-network",
  name: "Undefined network",
  docs: "A service joins a network the top-level `networks` does not define (`default` always exists). docker-compose 1.29.2's `config` accepts it and `up` fails.",
  peers: [],
  examples: [
    { kind: "invalid", code: "services:\n  web:\n    image: nginx:1.27\n    networks: [front]\n" },
    {
      kind: "valid",
      code: "services:\n  web:\n    image: nginx:1.27\n    networks: [front]\nnetworks:\n  front: {}\n",
    },
  ],
});
