/**
 * The `secret-ref/field-not-found` rule: Secret field not found.
 * Its metadata is its documentation (`docs/rules/secret-ref/field-not-found.md`, `enginekit lint --explain
 * secret-ref/field-not-found`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "secret-ref/field-not-found",
  name: "Secret field not found",
  docs: "Online check (`--online`). The quick fix uses the closest field name. Only field names are read, never values.",
  peers: [],
  examples: [],
});
