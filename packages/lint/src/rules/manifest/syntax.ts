/**
 * The `manifest/syntax` rule: Manifest syntax error.
 * Its metadata is its documentation (`docs/rules/manifest/syntax.md`, `enginekit lint --explain
 * manifest/syntax`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/syntax",
  name: "Manifest syntax error",
  docs: "A YAML or JSON syntax error (JSON is read strictly: no comments, no trailing commas). The rest of the file is still checked where the parser recovered.",
  peers: [],
  examples: [{ kind: "invalid", code: "Image: alpine:3.20\nCmd: [sh\n", fileName: "web.container.yaml" }],
});
