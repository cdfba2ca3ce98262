/**
 * The `trusted-registry` rule: Base image from an untrusted registry.
 * Its metadata is its documentation (`docs/rules/trusted-registry.md`, `enginekit lint --explain
 * trusted-registry`).
 * Same check elsewhere: hadolint DL3026.
 */
import { globToRegExp } from "@enginekit/text";
import { pulledImages } from "../../enginefile/base-images.js";
import { parseImageReference } from "../../enginefile/image-reference.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "trusted-registry",
    name: "Base image from an untrusted registry",
    description:
      "FROM, `COPY --from` or `RUN --mount=from=` pulls an image from a registry not listed in `trustedRegistries` (only when the list is set).",
    severity: "error",
    fix: "never",
    docs: `With \`trustedRegistries\` in \`.enginekit.yaml\` (globs such as \`*.gcr.io\`; \`docker.io\` for Docker Hub),
every image the build pulls must come from one of them: base images, and images named by \`COPY --from\`
and \`RUN --mount=from=\` (hadolint's DL3026 checks FROM only). Stage names and \`scratch\` are not images.
Without the setting the rule does nothing. Build arguments are resolved first.`,
    peers: ["hadolint DL3026"],
    examples: [{ kind: "valid", code: "FROM quay.io/prometheus/prometheus:v2.54.0\n" }],
  },
  (file) => {
    const trusted = file.options.trustedRegistries ?? [];
    if (trusted.length === 0) return [];
    const patterns = trusted.map((glob) => globToRegExp(glob, { ignoreCase: true }));
    return pulledImages(file).flatMap(({ reference, value }) => {
      if (value === "") return [];
      const registry = parseImageReference(value).registry ?? "docker.io";
      if (patterns.some((p) => p.test(registry))) return [];
      return [
        {
          range: reference.range,
          message: `Registry "${registry}" is not in trustedRegistries (${trusted.join(", ")}).`,
        },
      ];
    });
  },
);
