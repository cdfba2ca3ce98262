/**
 * The `secret-ref/not-found` rule: Secret not found.
 * Its metadata is its documentation (`docs/rules/secret-ref/not-found.md`, `enginekit lint --explain
 * secret-ref/not-found`).
 */
import { manifestFindingRule } from "../../model/manifest-finding-rule.js";

export default manifestFindingRule({
  id: "secret-ref/not-found",
  name: "Secret not found",
  docs: "Online check (`--online`) against the secrets service named by `SVC_ADDR` with `SVC_TOKEN`.",
  peers: [],
  examples: [],
});
