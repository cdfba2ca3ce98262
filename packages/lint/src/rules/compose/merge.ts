/**
 * The `compose/merge` rule: Override of another shape.
 * Its metadata is its documentation (`docs/rules/compose/merge.md`, `enginekit lint --explain
 * compose/merge`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/merge",
  name: "Override of another shape",
  docs: "An override file (or an `extends` child) replaces a mapping with a sequence or the reverse; Compose refuses to merge them. Use `!override` to replace a value on purpose.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "services:\n  base:\n    image: nginx:1.27\n    dns: [1.1.1.1]\n  web:\n    extends: base\n    dns: {primary: 1.1.1.1}\n",
    },
    {
      kind: "valid",
      code: "services:\n  base:\n    image: nginx:1.27\n    dns: [1.1.1.1]\n  web:\n    extends: base\n    dns: [9.9.9.9]\n",
    },
  ],
});
