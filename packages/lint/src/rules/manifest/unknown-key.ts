/**
 * The `manifest/unknown-key` rule: Unknown key.
 * Its metadata is its documentation (`docs/rules/manifest/unknown-key.md`, `enginekit lint --explain
 * manifest/unknown-key`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/unknown-key",
  name: "Unknown key",
  docs: "Request schemas are strict: the engine ignores unknown keys silently, so a misspelt key (`Memroy`) means the setting is lost. The quick fix renames it to the closest known key.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "Image: alpine:3.20\nHostConfig:\n  Memroy: 268435456\n",
      fileName: "web.container.yaml",
    },
    {
      kind: "valid",
      code: "Image: alpine:3.20\nHostConfig:\n  Memory: 268435456\n",
      fileName: "web.container.yaml",
    },
  ],
});
