/**
 * The `manifest/constraint` rule: Fields that contradict each other.
 * Its metadata is its documentation (`docs/rules/manifest/constraint.md`, `enginekit lint --explain
 * manifest/constraint`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/constraint",
  name: "Fields that contradict each other",
  docs: "Cross-field rules of the engine: `MemorySwap` needs `Memory` and must exceed it, `MaximumRetryCount` only with `on-failure`, a service `Mode` has exactly one of `Replicated`/`Global`, …",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "Image: alpine:3.20\nHostConfig:\n  MemorySwap: 1073741824\n",
      fileName: "web.container.yaml",
    },
  ],
});
