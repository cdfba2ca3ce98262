/**
 * The `stage-name-casing` rule: Lower-case stage names.
 * Its metadata is its documentation (`docs/rules/stage-name-casing.md`, `enginekit lint --explain
 * stage-name-casing`).
 * Same check elsewhere: BuildKit StageNameCasing.
 */
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "stage-name-casing",
    name: "Lower-case stage names",
    description: "Stage names should be lower-case.",
    severity: "style",
    fix: "always",
    docs: `Stage names are compared case-insensitively, so \`Build\` and \`build\` are the same stage; writing them
lower-case everywhere avoids confusion. The quick fix lower-cases the name in FROM (references elsewhere
keep working).`,
    peers: ["BuildKit StageNameCasing"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20 AS Builder\n" },
      { kind: "valid", code: "FROM alpine:3.20 AS builder\n" },
    ],
  },
  (file) =>
    file.doc.stages.flatMap((s) => {
      const arg = s.from.stageName;
      if (!arg || arg.value === arg.value.toLowerCase()) return [];
      const lower = arg.value.toLowerCase();
      return [
        {
          range: arg.range,
          message: `Stage name "${arg.value}" should be lower-case: "${lower}".`,
          fix: { title: `Rename to ${lower}`, edits: [file.replace(arg.range, lower)] },
        },
      ];
    }),
);
