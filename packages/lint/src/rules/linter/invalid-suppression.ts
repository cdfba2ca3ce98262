/**
 * The `invalid-suppression` rule: Invalid suppression comment.
 * Its metadata is its documentation (`docs/rules/invalid-suppression.md`, `enginekit lint --explain
 * invalid-suppression`).
 */
import type { SuppressionRule } from "../../model/rule.js";

const rule: SuppressionRule = {
  meta: {
    id: "invalid-suppression",
    name: "Invalid suppression comment",
    description: "An `enginekit-ignore` comment names an unknown rule or no rule.",
    severity: "error",
    appliesTo: "any",
    fix: "never",
    docs: `\`# enginekit-ignore <id>[,<id>] [-- reason]\` and \`# enginekit-ignore-stage <id>[,…]\` must name known rule
ids (\`enginekit lint --list-rules\`). A misspelt id would silently suppress nothing — neither hadolint nor
BuildKit checks the names; enginekit does.`,
    peers: [],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\n# enginekit-ignore no-sudoo\nRUN sudo echo hi\n" },
      { kind: "valid", code: "FROM alpine:3.20\n# enginekit-ignore no-sudo\nRUN sudo echo hi\n" },
    ],
  },
};
export default rule;
