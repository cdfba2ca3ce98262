/**
 * The `compose/duplicate-key` rule: Duplicate key in a Compose file.
 * Its metadata is its documentation (`docs/rules/compose/duplicate-key.md`, `enginekit lint --explain
 * compose/duplicate-key`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/duplicate-key",
  name: "Duplicate key in a Compose file",
  docs: "compose-go (go-yaml v3) refuses a mapping with the same key twice; docker-compose 1.29.2 silently keeps the last one. enginekit follows compose-go.",
  peers: [],
  examples: [
    { kind: "invalid", code: "services:\n  web:\n    image: nginx:1.26\n    image: nginx:1.27\n" },
    { kind: "valid", code: "services:\n  web:\n    image: nginx:1.27\n" },
  ],
});
