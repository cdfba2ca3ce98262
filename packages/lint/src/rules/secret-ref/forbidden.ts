/**
 * The `secret-ref/forbidden` rule: Secrets service refused the reference.
 * Its metadata is its documentation (`docs/rules/secret-ref/forbidden.md`, `enginekit lint --explain
 * secret-ref/forbidden`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "secret-ref/forbidden",
  name: "Secrets service refused the reference",
  docs: "Online check (`--online`): the secrets service answered 403 permission denied, which it also answers for paths that do not exist (policies are checked before routing). The reference cannot be read with this token, so a build or deployment using it would fail too.",
  peers: [],
  examples: [],
});
