/**
 * The `label-value-format` rule: Label value of the wrong type.
 * Its metadata is its documentation (`docs/rules/label-value-format.md`, `enginekit lint --explain
 * label-value-format`).
 * Same check elsewhere: hadolint DL3052, hadolint DL3053, hadolint DL3054, hadolint DL3055, hadolint
 * DL3056, hadolint DL3058.
 */
import { allLabels, validLabelValue } from "../../enginefile/labels.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const WHAT = {
  url: "a URL",
  semver: "a SemVer version (1.2.3)",
  hash: "a git commit hash",
  rfc3339: "an RFC 3339 date-time (2024-05-01T12:00:00Z)",
  spdx: "an SPDX license expression (MIT, Apache-2.0 OR MIT)",
  email: "an email address",
} as const;

export default enginefileRule(
  {
    id: "label-value-format",
    name: "Label value of the wrong type",
    description:
      "A label's value does not have the type `labelSchema` gives it (url, semver, hash, rfc3339, spdx, email).",
    severity: "warning",
    fix: "never",
    docs: `With a \`labelSchema\` in \`.enginekit.yaml\` (hadolint's \`label-schema\`), each label's value is checked
against its type: \`url\`, \`semver\` (SemVer 2.0.0), \`hash\` (a git commit, 7–40 hex digits or 64), \`rfc3339\`
(a date-time with offset), \`spdx\` (an SPDX license expression of known ids) and \`email\`; \`text\` accepts
anything. Values are checked after their variables are expanded; a value with a variable that has no
value is not checked.`,
    peers: [
      "hadolint DL3052",
      "hadolint DL3053",
      "hadolint DL3054",
      "hadolint DL3055",
      "hadolint DL3056",
      "hadolint DL3058",
    ],
    examples: [{ kind: "valid", code: "FROM alpine:3.20\nLABEL org.opencontainers.image.version=1.0.0\n" }],
  },
  (file) => {
    const out: Report[] = [];
    const schema = file.options.labelSchema;
    if (!schema) return out;
    for (const { instruction, pair } of allLabels(file)) {
      const type = schema[pair.key.value];
      if (!type || type === "text") continue;
      // quotes removed, variables expanded; undefined when a variable has no value here
      const value = file.resolve(instruction, pair.value.value);
      if (value === undefined || value === "" || validLabelValue(type, value)) continue;
      out.push({
        range: pair.value.range,
        message: `Label ${pair.key.value} must be ${WHAT[type]}; "${value}" is not.`,
      });
    }
    return out;
  },
);
