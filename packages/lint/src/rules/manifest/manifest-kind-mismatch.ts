import { manifestFindingRule } from "./manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/kind-mismatch",
  name: "Kind sources disagree",
  description: "Two sources of the manifest kind (file name, `kind`, `$schema`) disagree.",
  severity: "warning",
  fixable: false,
  docs: "The stronger source is used (option \u203a `kind` \u203a `$schema` \u203a modeline \u203a file name) and the disagreement is reported.",
  peers: [],
  examples: [
    {
      kind: "invalid",
      code: "kind: service\nName: web\nTaskTemplate:\n  ContainerSpec:\n    Image: nginx:1.27\n",
      fileName: "web.container.yaml",
    },
  ],
});
