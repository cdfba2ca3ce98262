/**
 * The `internal-error` rule: Linter internal error.
 * Its metadata is its documentation (`docs/rules/internal-error.md`, `enginekit lint --explain
 * internal-error`).
 */
import type { SuppressionRule } from "../../model/rule.js";

const rule: SuppressionRule = {
  meta: {
    id: "internal-error",
    name: "Linter internal error",
    description: "A rule failed on this file; the other rules still ran.",
    severity: "error",
    appliesTo: "any",
    fix: "never",
    docs: "A rule threw an exception on this file. This is a bug in enginekit: please report it with the file. The other rules' findings are still reported.",
    peers: [],
    examples: [],
  },
};
export default rule;
