/**
 * The `compose/extends` rule: Broken extends.
 * Its metadata is its documentation (`docs/rules/compose/extends.md`, `enginekit lint --explain
 * compose/extends`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/extends",
  name: "Broken extends",
  docs: "`extends` must name a service of the same file or of `file:`, without a cycle. The extended service is merged as an override file would be.",
  peers: [],
  examples: [
    { kind: "invalid", code: "services:\n  web:\n    extends: base\n" },
    { kind: "valid", code: "services:\n  base:\n    image: nginx:1.27\n  web:\n    extends: base\n" },
  ],
});
