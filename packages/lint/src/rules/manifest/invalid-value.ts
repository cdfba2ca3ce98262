/**
 * The `manifest/invalid-value` rule: Value not allowed.
 * Its metadata is its documentation (`docs/rules/manifest/invalid-value.md`, `enginekit lint --explain
 * manifest/invalid-value`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/invalid-value",
  name: "Value not allowed",
  docs: "Enumerations and formats come from the engine API (e.g. `RestartPolicy.Name`). The quick fix picks the closest allowed value.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "Image: alpine:3.20\nHostConfig:\n  RestartPolicy:\n    Name: allways\n",
      fileName: "web.container.yaml",
    },
  ],
});
