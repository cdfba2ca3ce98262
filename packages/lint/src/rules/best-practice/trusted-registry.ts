import { baseImages } from "../../enginefile/base-images.js";
import { enginefileRule } from "../../model/rule.js";

function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, "\\$&").replaceAll("*", "[^/]*")}$`, "i");
}

export default enginefileRule(
  {
    id: "trusted-registry",
    name: "Base image from an untrusted registry",
    description: "FROM pulls from a registry not listed in `trustedRegistries` (only when the list is set).",
    severity: "error",
    fixable: false,
    docs: `With \`trustedRegistries\` in \`.enginekit.yaml\` (globs such as \`*.gcr.io\`; \`docker.io\` for Docker Hub),
every base image must come from one of them. Without the setting the rule does nothing. Global build
arguments are resolved first.`,
    peers: ["hadolint DL3026"],
    examples: [{ kind: "valid", code: "FROM quay.io/prometheus/prometheus:v2.54.0\n" }],
  },
  (file) => {
    const trusted = file.options.trustedRegistries ?? [];
    if (trusted.length === 0) return [];
    const patterns = trusted.map(globToRegExp);
    return baseImages(file).flatMap((b) => {
      const registry = b.parsed.registry ?? "docker.io";
      if (patterns.some((p) => p.test(registry))) return [];
      return [
        {
          range: b.range,
          message: `Registry "${registry}" is not in trustedRegistries (${trusted.join(", ")}).`,
        },
      ];
    });
  },
);
