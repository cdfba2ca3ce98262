/**
 * The `label-empty` rule: Schema label with an empty value.
 * Its metadata is its documentation (`docs/rules/label-empty.md`, `enginekit lint --explain label-empty`).
 * Same check elsewhere: hadolint DL3051.
 */
import { allLabels } from "../../enginefile/labels.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "label-empty",
    name: "Schema label with an empty value",
    description: "A label that `labelSchema` requires is set to an empty value.",
    severity: "warning",
    fix: "never",
    docs: 'A label the schema requires (`labelSchema`, hadolint\'s `label-schema`) must have a value: `LABEL org.opencontainers.image.version=""` satisfies no one.',
    peers: ["hadolint DL3051"],
    examples: [{ kind: "valid", code: "FROM alpine:3.20\nLABEL org.opencontainers.image.version=1.0.0\n" }],
  },
  (file) => {
    const out: Report[] = [];
    const schema = file.options.labelSchema;
    if (!schema) return out;
    for (const { instruction, pair } of allLabels(file))
      if (pair.key.value in schema && file.resolve(instruction, pair.value.value) === "")
        out.push({ range: pair.range, message: `Label ${pair.key.value} is empty.` });
    return out;
  },
);
