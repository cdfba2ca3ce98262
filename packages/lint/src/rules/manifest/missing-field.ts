/**
 * The `manifest/missing-field` rule: Missing required field.
 * Its metadata is its documentation (`docs/rules/manifest/missing-field.md`, `enginekit lint --explain
 * manifest/missing-field`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "manifest/missing-field",
  name: "Missing required field",
  docs: "For example a container without `Image`, a service without `TaskTemplate.ContainerSpec.Image`.",
  peers: [],
  examples: [{ kind: "invalid", code: 'Cmd: ["sh"]\n', fileName: "web.container.yaml" }],
});
