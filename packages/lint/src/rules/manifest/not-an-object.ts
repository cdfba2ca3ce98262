/**
 * The `manifest/not-an-object` rule: Manifest is not an object.
 * Its metadata is its documentation (`docs/rules/manifest/not-an-object.md`, `enginekit lint --explain
 * manifest/not-an-object`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/not-an-object",
  name: "Manifest is not an object",
  docs: "A manifest is one request body, a JSON object.",
  peers: [],
  examples: [{ kind: "invalid", code: "- Image: alpine:3.20\n", fileName: "web.container.yaml" }],
});
