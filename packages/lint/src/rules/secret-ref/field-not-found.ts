import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "secret-ref/field-not-found",
  name: "Secret field not found",
  docs: "Online check (`--online`). The quick fix uses the closest field name. Only field names are read, never values.",
  peers: [],
  examples: [],
});
