/**
 * The `compose/syntax` rule: Compose file syntax.
 * Its metadata is its documentation (`docs/rules/compose/syntax.md`, `enginekit lint --explain
 * compose/syntax`).
 */
import { composeFindingRule } from "../../model/compose-finding-rule.js";

export default composeFindingRule({
  id: "compose/syntax",
  name: "Compose file syntax",
  docs: "The file must be YAML whose root is a mapping; env files must be `KEY=VALUE` lines. The rest of the project is still checked where the parser recovered.",
  peers: [],
  examples: [
    { kind: "invalid", code: "services:\n  web: [\n" },
    { kind: "valid", code: "services:\n  web:\n    image: nginx:1.27\n" },
  ],
});
