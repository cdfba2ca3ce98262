/**
 * The `latest-base-image` rule: Base image tagged latest.
 * Its metadata is its documentation (`docs/rules/latest-base-image.md`, `enginekit lint --explain
 * latest-base-image`).
 * Same check elsewhere: hadolint DL3007, Trivy DS-0001, Checkov CKV_DOCKER_7.
 */
import { baseImages } from "../../enginefile/base-images.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "latest-base-image",
    name: "Base image tagged latest",
    description: "FROM uses the `latest` tag (without a digest).",
    severity: "warning",
    fix: "never",
    docs: `\`latest\` moves whenever the image is republished, so the same Enginefile builds different images over
time. Pin a version tag or add a digest (\`alpine:latest@sha256:…\` is accepted).`,
    peers: ["hadolint DL3007", "Trivy DS-0001", "Checkov CKV_DOCKER_7"],
    examples: [
      { kind: "invalid", code: "FROM node:latest\n" },
      { kind: "valid", code: "FROM node:22-alpine\n" },
    ],
  },
  (file) =>
    baseImages(file)
      .filter((b) => b.parsed.tag === "latest" && b.parsed.digest === undefined)
      .map((b) => ({
        range: b.range,
        message: `Base image "${b.reference}" uses the latest tag; pin a version.`,
      })),
);
