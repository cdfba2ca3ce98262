/**
 * The `onbuild-trigger` rule: Invalid ONBUILD trigger.
 * Its metadata is its documentation (`docs/rules/onbuild-trigger.md`, `enginekit lint --explain
 * onbuild-trigger`).
 * Same check elsewhere: hadolint DL3043, dockerfile-utils ONBUILD_TRIGGER_DISALLOWED.
 */
import { instructionsOfKind } from "../../enginefile/instructions.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "onbuild-trigger",
    name: "Invalid ONBUILD trigger",
    description: "ONBUILD may not trigger ONBUILD, FROM or MAINTAINER.",
    severity: "error",
    fix: "never",
    docs: "The engine rejects `ONBUILD ONBUILD`, `ONBUILD FROM` and `ONBUILD MAINTAINER`.",
    peers: ["hadolint DL3043", "dockerfile-utils ONBUILD_TRIGGER_DISALLOWED"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nONBUILD FROM alpine:3.20\n" },
      { kind: "valid", code: "FROM alpine:3.20\nONBUILD COPY . /app\n" },
    ],
  },
  (file) =>
    instructionsOfKind(file, "onbuild").flatMap((ins) => {
      const t = ins.trigger;
      if (!t || !["onbuild", "from", "maintainer"].includes(t.kind)) return [];
      return [{ range: t.keywordRange, message: `ONBUILD cannot trigger ${t.keyword.toUpperCase()}.` }];
    }),
);
