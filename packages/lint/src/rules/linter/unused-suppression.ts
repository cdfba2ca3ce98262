/**
 * The `unused-suppression` rule: Unused suppression.
 * Its metadata is its documentation (`docs/rules/unused-suppression.md`, `enginekit lint --explain
 * unused-suppression`).
 * Same check elsewhere: ESLint --report-unused-disable-directives.
 */
import type { SuppressionRule } from "../../model/rule.js";

const rule: SuppressionRule = {
  meta: {
    id: "unused-suppression",
    name: "Unused suppression",
    description: "An `enginekit-ignore` comment names a rule that reported nothing where it applies.",
    severity: "warning",
    appliesTo: "any",
    fix: "never",
    docs: `Suppressions outlive the problems they hid: when a rule named in \`# enginekit-ignore\` no longer reports
anything in the comment's scope (next instruction, stage or file), the name is reported so the comment can
be removed. Rules that are \`off\` in the configuration are not reported as unused.`,
    peers: ["ESLint --report-unused-disable-directives"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\n# enginekit-ignore no-sudo\nRUN echo hi\n" },
      {
        kind: "valid",
        code: "FROM alpine:3.20\n# enginekit-ignore no-sudo -- the base image has no root shell\nRUN sudo echo hi\n",
      },
    ],
  },
};
export default rule;
