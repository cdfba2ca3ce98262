/**
 * The `manifest/kind-mismatch` rule: Kind sources disagree.
 * Its metadata is its documentation (`docs/rules/manifest/kind-mismatch.md`, `enginekit lint --explain
 * manifest/kind-mismatch`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/kind-mismatch",
  name: "Kind sources disagree",
  docs: "The stronger source is used (option › `kind` › `$schema` › modeline › file name) and the disagreement is reported.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "kind: service\nName: web\nTaskTemplate:\n  ContainerSpec:\n    Image: nginx:1.27\n",
      fileName: "web.container.yaml",
    },
  ],
});
