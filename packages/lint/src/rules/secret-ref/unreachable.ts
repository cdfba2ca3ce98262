/**
 * The `secret-ref/unreachable` rule: Secrets service did not answer.
 * Its metadata is its documentation (`docs/rules/secret-ref/unreachable.md`, `enginekit lint --explain
 * secret-ref/unreachable`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "secret-ref/unreachable",
  name: "Secrets service did not answer",
  docs: "Online check (`--online`): the secrets service gave no answer for the reference: network errors, timeouts, a sealed service, server errors. (A 403 permission denied is `secret-ref/forbidden`.) `enginekit lint --online` exits 3 when this finding is reported.",
  peers: [],
  examples: [],
});
