/**
 * The `maintainer-deprecated` rule: MAINTAINER is deprecated.
 * Its metadata is its documentation (`docs/rules/maintainer-deprecated.md`, `enginekit lint --explain
 * maintainer-deprecated`).
 * Same check elsewhere: BuildKit MaintainerDeprecated, hadolint DL4000, Trivy DS-0022, Checkov CKV_DOCKER_6.
 */
import { inCasingOf, instructionsOfKind } from "../../enginefile/instructions.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "maintainer-deprecated",
    name: "MAINTAINER is deprecated",
    description: "MAINTAINER is deprecated; use the `org.opencontainers.image.authors` label.",
    severity: "warning",
    fix: "sometimes",
    docs: 'MAINTAINER is deprecated. The quick fix writes `LABEL org.opencontainers.image.authors="…"` with the same text.',
    peers: ["BuildKit MaintainerDeprecated", "hadolint DL4000", "Trivy DS-0022", "Checkov CKV_DOCKER_6"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nMAINTAINER Jane Doe <jane@example.com>\n" },
      {
        kind: "valid",
        code: 'FROM alpine:3.20\nLABEL org.opencontainers.image.authors="Jane Doe <jane@example.com>"\n',
      },
    ],
  },
  (file) =>
    instructionsOfKind(file, "maintainer").map((ins) => {
      const text = ins.value?.value ?? "";
      const range = file.lines.range(ins.keywordRange.start.offset, ins.argumentsRange.end.offset);
      const safe = ins.value !== undefined && !/["\\$\n]/.test(text);
      return {
        range: ins.keywordRange,
        message: "MAINTAINER is deprecated; use LABEL org.opencontainers.image.authors instead.",
        ...(safe
          ? {
              fix: {
                title: "Replace with a LABEL",
                edits: [
                  file.replace(
                    range,
                    `${inCasingOf(ins.keyword, "LABEL")} org.opencontainers.image.authors="${text}"`,
                  ),
                ],
              },
            }
          : {}),
      };
    }),
);
