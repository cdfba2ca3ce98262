/**
 * The `manifest/duplicate-key` rule: Duplicate key.
 * Its metadata is its documentation (`docs/rules/manifest/duplicate-key.md`, `enginekit lint --explain
 * manifest/duplicate-key`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/duplicate-key",
  name: "Duplicate key",
  docs: "The engine's JSON decoder keeps the last value of a repeated key, so the earlier one is silently lost. The earlier key is reported.",
  peers: [],
  examples: [
    { kind: "invalid", code: "Image: alpine:3.20\nImage: alpine:3.19\n", fileName: "web.container.yaml" },
  ],
});
