/**
 * The `secret/plain-value` rule: Plain-text secret in a manifest.
 * Its metadata is its documentation (`docs/rules/secret/plain-value.md`, `enginekit lint --explain
 * secret/plain-value`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "secret/plain-value",
  name: "Plain-text secret in a manifest",
  docs: "Write a reference instead of the value: `DB_PASSWORD=svc:secret/data/app/db#password`, resolved by enginekit when the manifest is applied, so the secret is not committed with the manifest. Names ending in `_FILE`, `_PATH`, `_DIR` … and placeholders are not reported; the message never repeats the value.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "Image: alpine:3.20\nEnv:\n  - DB_PASSWORD=hunter2\n",
      fileName: "web.container.yaml",
    },
    {
      kind: "valid",
      code: "Image: alpine:3.20\nEnv:\n  - DB_PASSWORD=svc:secret/data/app/db#password\n",
      fileName: "web.container.yaml",
    },
  ],
});
