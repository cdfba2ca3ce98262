/**
 * The `manifest/limit` rule: Value outside the API's limits.
 * Its metadata is its documentation (`docs/rules/manifest/limit.md`, `enginekit lint --explain
 * manifest/limit`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/limit",
  name: "Value outside the API's limits",
  docs: "Bounds come from the engine API (engine §8) and, where the document gives none or the engine disagrees, from the engine itself (20.10), each written once in `@enginekit/api` beside its check. The table below is generated from those schemas.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "Image: alpine:3.20\nHostConfig:\n  BlkioWeight: 5\n",
      fileName: "web.container.yaml",
    },
    {
      kind: "valid",
      code: "Image: alpine:3.20\nHostConfig:\n  BlkioWeight: 10\n",
      fileName: "web.container.yaml",
    },
  ],
});
