/**
 * The `secret-ref/syntax` rule: Malformed secret reference.
 * Its metadata is its documentation (`docs/rules/secret-ref/syntax.md`, `enginekit lint --explain
 * secret-ref/syntax`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "secret-ref/syntax",
  name: "Malformed secret reference",
  docs: "`svc:<mount>/<path>#<field>`: a mount and a path, no leading `/`, no empty segment, no segment ending in `.`, characters `A–Z a–z 0–9 . _ -`, and a `#field`. Checked offline.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "Image: alpine:3.20\nEnv:\n  - DB_PASSWORD=svc:secret/data/app/db\n",
      fileName: "web.container.yaml",
    },
    {
      kind: "valid",
      code: "Image: alpine:3.20\nEnv:\n  - DB_PASSWORD=svc:secret/data/app/db#password\n",
      fileName: "web.container.yaml",
    },
  ],
});
