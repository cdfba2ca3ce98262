/**
 * The `label-key-invalid` rule: Label key outside the key format.
 * Its metadata is its documentation (`docs/rules/label-key-invalid.md`, `enginekit lint --explain
 * label-key-invalid`).
 * Same check elsewhere: hadolint DL3048.
 */
import { allLabels } from "../../enginefile/labels.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

/** Namespaces Docker reserves for its own labels. */
const RESERVED = ["com.docker.", "io.docker.", "org.dockerproject."];
/**
 * Lower-case letters and digits, separated by single `.` or `-`, starting with a letter (Docker's label key
 * guidelines; a final digit, as in `version2`, is accepted as hadolint DL3048 accepts it).
 */
const VALID = /^[a-z][a-z0-9]*(?:[.-][a-z0-9]+)*$/;

export default enginefileRule(
  {
    id: "label-key-invalid",
    name: "Label key outside the key format",
    description:
      "A LABEL key is not lower-case letters and digits separated by `.` or `-`, or uses a reserved namespace.",
    severity: "style",
    fix: "never",
    docs: `Docker's guidelines for label keys: lower-case alphanumerics, separated by single dots or dashes,
beginning with a letter and ending with a letter or digit, namespaced by reverse DNS (\`org.opencontainers.image.version\`).
\`com.docker.*\`, \`io.docker.*\` and \`org.dockerproject.*\` are reserved for Docker itself.`,
    peers: ["hadolint DL3048"],
    examples: [
      { kind: "invalid", code: 'FROM alpine:3.20\nLABEL My_Label="x" com.docker.thing="y"\n' },
      {
        kind: "valid",
        code: 'FROM alpine:3.20\nLABEL org.opencontainers.image.title="app" maintainer="me"\n',
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const { pair } of allLabels(file)) {
      const key = pair.key.value;
      if (key.includes("$")) continue;
      const reserved = RESERVED.find((r) => key.startsWith(r));
      if (reserved)
        out.push({
          range: pair.key.range,
          message: `Label keys starting with ${reserved} are reserved for Docker.`,
        });
      else if (!VALID.test(key))
        out.push({
          range: pair.key.range,
          message: `"${key}" is not a valid label key: use lower-case letters and digits separated by "." or "-".`,
        });
    }
    return out;
  },
);
