/**
 * The `label-superfluous` rule: Label not in the label schema.
 * Its metadata is its documentation (`docs/rules/label-superfluous.md`, `enginekit lint --explain
 * label-superfluous`).
 * Same check elsewhere: hadolint DL3050.
 */
import { allLabels } from "../../enginefile/labels.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "label-superfluous",
    name: "Label not in the label schema",
    description: "With `strictLabels`, a LABEL key that `labelSchema` does not name.",
    severity: "info",
    fix: "never",
    docs: `With \`strictLabels: true\` and a \`labelSchema\` in \`.enginekit.yaml\` (hadolint's \`strict-labels\` and
\`label-schema\`), only the labels of the schema may be set. Silent otherwise.`,
    peers: ["hadolint DL3050"],
    examples: [{ kind: "valid", code: "FROM alpine:3.20\nLABEL org.opencontainers.image.version=1.0.0\n" }],
  },
  (file) => {
    const out: Report[] = [];
    const schema = file.options.labelSchema;
    if (!file.options.strictLabels || !schema) return out;
    for (const { pair } of allLabels(file))
      if (!(pair.key.value in schema))
        out.push({
          range: pair.key.range,
          message: `Label ${pair.key.value} is not in labelSchema (strictLabels).`,
        });
    return out;
  },
);
