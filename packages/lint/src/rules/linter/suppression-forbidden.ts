/**
 * The `suppression-forbidden` rule: Suppression comments are not allowed.
 * Its metadata is its documentation (`docs/rules/suppression-forbidden.md`, `enginekit lint --explain
 * suppression-forbidden`).
 * Same check elsewhere: hadolint DL1001, hadolint disable-ignore-pragma.
 */
import type { SuppressionRule } from "../../model/rule.js";

const rule: SuppressionRule = {
  meta: {
    id: "suppression-forbidden",
    name: "Suppression comments are not allowed",
    description: "An `enginekit-ignore` comment in a project whose configuration forbids them.",
    severity: "error",
    appliesTo: "any",
    fix: "never",
    docs: `With \`inlineSuppressions: false\` in \`.enginekit.yaml\` (or \`--no-inline-suppressions\`), suppression comments
have no effect and each one is reported, so a policy set by the project cannot be bypassed in a file
(hadolint's \`disable-ignore-pragma\` and DL1001).`,
    peers: ["hadolint DL1001", "hadolint disable-ignore-pragma"],
    examples: [],
  },
};
export default rule;
