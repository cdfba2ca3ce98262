/**
 * The `untagged-base-image` rule: Base image without a tag.
 * Its metadata is its documentation (`docs/rules/untagged-base-image.md`, `enginekit lint --explain
 * untagged-base-image`).
 * Same check elsewhere: hadolint DL3006, Trivy DS-0001, Checkov CKV_DOCKER_7.
 */
import { baseImages } from "../../enginefile/base-images.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "untagged-base-image",
    name: "Base image without a tag",
    description: "FROM names an image without a tag or digest, which means `latest`.",
    severity: "warning",
    fix: "never",
    docs: `Without a tag the engine pulls \`latest\`, which changes under you: builds stop being reproducible. Pin
a tag (\`alpine:3.20\`) or a digest. Global build arguments are resolved first (\`FROM \${BASE}\` with a tagged
default is fine), and FROM lines naming an earlier stage are not images.`,
    peers: ["hadolint DL3006", "Trivy DS-0001", "Checkov CKV_DOCKER_7"],
    examples: [
      { kind: "invalid", code: "FROM ubuntu\n" },
      // biome-ignore lint/suspicious/noTemplateCurlyInString: Enginefile variable syntax, not a template
      { kind: "valid", code: "ARG BASE=ubuntu:24.04\nFROM ${BASE} AS base\nFROM base\n" },
    ],
  },
  (file) =>
    baseImages(file)
      .filter((b) => b.parsed.tag === undefined && b.parsed.digest === undefined)
      .map((b) => ({
        range: b.range,
        message: `Base image "${b.reference}" has no tag, so it means ${b.reference}:latest; pin a version.`,
      })),
);
