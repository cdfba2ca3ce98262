/**
 * The `reserved-stage-name` rule: Reserved or invalid stage name.
 * Its metadata is its documentation (`docs/rules/reserved-stage-name.md`, `enginekit lint --explain
 * reserved-stage-name`).
 * Same check elsewhere: hadolint DL3063, BuildKit ReservedStageName.
 */
import { enginefileRule } from "../../model/rule.js";

const RESERVED = ["scratch", "context"];

export default enginefileRule(
  {
    id: "reserved-stage-name",
    name: "Reserved or invalid stage name",
    description: "A stage named `scratch` or `context`, or a name with characters the engine rejects.",
    severity: "error",
    fix: "never",
    docs: `\`scratch\` and \`context\` are reserved (BuildKit ReservedStageName); stage names must start with a letter
and contain only letters, digits, \`_\`, \`-\` and \`.\` (BuildKit's stage-name check), else the build fails.`,
    peers: ["hadolint DL3063", "BuildKit ReservedStageName"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20 AS scratch\n" },
      { kind: "invalid", code: "FROM alpine:3.20 AS 1build\n" },
      { kind: "valid", code: "FROM alpine:3.20 AS build\n" },
    ],
  },
  (file) =>
    file.doc.stages.flatMap((s) => {
      const arg = s.from.stageName;
      if (!arg) return [];
      const name = arg.value.toLowerCase();
      if (RESERVED.includes(name))
        return [{ range: arg.range, message: `"${arg.value}" is a reserved stage name; choose another.` }];
      if (!/^[a-z][a-z0-9._-]*$/.test(name))
        return [
          {
            range: arg.range,
            message: `"${arg.value}" is not a valid stage name: start with a letter; use letters, digits, _, - and .`,
          },
        ];
      return [];
    }),
);
