/**
 * The `manifest/invalid-type` rule: Wrong value type.
 * Its metadata is its documentation (`docs/rules/manifest/invalid-type.md`, `enginekit lint --explain
 * manifest/invalid-type`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/invalid-type",
  name: "Wrong value type",
  docs: 'The engine rejects the request body. Quick fixes quote numbers where strings are wanted (`HostPort: "8080"`) and write `true`/`false` for YAML 1.1 booleans (`yes`/`no` are strings in YAML 1.2).',
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "Image: alpine:3.20\nHostConfig:\n  Privileged: yes\n",
      fileName: "web.container.yaml",
    },
  ],
});
