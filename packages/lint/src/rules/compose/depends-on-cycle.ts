/**
 * The `compose/depends-on-cycle` rule: Dependency cycle.
 * Its metadata is its documentation (`docs/rules/compose/depends-on-cycle.md`, `enginekit lint --explain
 * compose/depends-on-cycle`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/depends-on-cycle",
  name: "Dependency cycle",
  docs: "Services that depend on themselves through `depends_on`, `links` or a `service:` mode cannot be started in any order.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "services:\n  a:\n    image: nginx:1.27\n    depends_on: [b]\n  b:\n    image: nginx:1.27\n    depends_on: [a]\n",
    },
    {
      kind: "valid",
      code: "services:\n  a:\n    image: nginx:1.27\n    depends_on: [b]\n  b:\n    image: nginx:1.27\n",
    },
  ],
});
