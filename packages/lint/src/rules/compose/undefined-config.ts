/**
 * The `compose/undefined-config` rule: Undefined config.
 * Its metadata is its documentation (`docs/rules/compose/undefined-config.md`, `enginekit lint --explain
 * compose/undefined-config`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/undefined-config",
  name: "Undefined config",
  docs: "A config granted to a service must be defined under the top-level `configs`.",
  peers: [],
  examples: [
    { kind: "invalid", code: "services:\n  web:\n    image: nginx:1.27\n    configs: [nginx]\n" },
    {
      kind: "valid",
      code: "services:\n  web:\n    image: nginx:1.27\n    configs: [nginx]\nconfigs:\n  nginx:\n    file: ./nginx.conf\n",
    },
  ],
});
