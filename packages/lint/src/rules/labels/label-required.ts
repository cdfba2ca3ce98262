/**
 * The `label-required` rule: Label required by the label schema is missing.
 * Its metadata is its documentation (`docs/rules/label-required.md`, `enginekit lint --explain
 * label-required`).
 * Same check elsewhere: hadolint DL3049.
 */
import { finalImageLabels } from "../../enginefile/labels.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "label-required",
    name: "Label required by the label schema is missing",
    description: "The final image lacks a label that `labelSchema` requires.",
    severity: "info",
    fix: "never",
    docs: `With a \`labelSchema\` in \`.enginekit.yaml\` (hadolint's \`label-schema\`), every label it names must be on
the final image — set in the final stage or a stage it is built from. Silent without a schema.

\`\`\`yaml
labelSchema:
  org.opencontainers.image.version: semver
  org.opencontainers.image.source: url
\`\`\``,
    peers: ["hadolint DL3049"],
    examples: [{ kind: "valid", code: "FROM alpine:3.20\nLABEL org.opencontainers.image.version=1.0.0\n" }],
  },
  (file) => {
    const out: Report[] = [];
    const schema = file.options.labelSchema;
    if (!schema || !file.finalStage) return out;
    const labels = finalImageLabels(file);
    for (const key of Object.keys(schema))
      if (!labels.has(key))
        out.push({
          range: file.finalStage.from.keywordRange,
          message: `The final image has no label ${key} (required by labelSchema).`,
        });
    return out;
  },
);
