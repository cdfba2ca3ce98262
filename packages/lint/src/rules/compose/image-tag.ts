/**
 * The `compose/image-tag` rule: Image without a version tag.
 * Its metadata is its documentation (`docs/rules/compose/image-tag.md`, `enginekit lint --explain
 * compose/image-tag`).
 * Same check elsewhere: dclint service-image-require-explicit-tag, compose-lint CL-0004.
 */
import { MOVING_TAGS, ownServices, pulledImage } from "../../compose/rule-nodes.js";
import { parseImageReference } from "../../enginefile/image-reference.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/image-tag",
    name: "Image without a version tag",
    description:
      "A service's `image` has no tag, or a tag that moves (`latest`, `stable`, `lts`, …), and no digest.",
    severity: "warning",
    fix: "never",
    docs: `Without a tag the engine pulls \`latest\`, and \`latest\` moves: the same file runs a different program
tomorrow, and \`docker compose pull\` upgrades across major versions. The same goes for the other tags that
name a channel rather than a version (dclint's list: \`stable\`, \`edge\`, \`test\`, \`nightly\`, \`dev\`, \`beta\`,
\`canary\`, \`lts\`). Name the version (\`postgres:16.4\`), or pin
a digest (\`@sha256:…\`, see \`compose/image-digest\`). A service that also has \`build\` is not reported: its
\`image\` names what the build produces. Interpolated images (\`\${REGISTRY}/app:\${TAG}\`) are not checked.`,
    peers: ["dclint service-image-require-explicit-tag", "compose-lint CL-0004"],
    examples: [
      { kind: "invalid", code: "services:\n  db:\n    image: postgres\n  cache:\n    image: redis:latest\n" },
      {
        kind: "valid",
        code: "services:\n  db:\n    image: postgres:16.4\n  app:\n    build: .\n    image: shop/app\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      const pulled = pulledImage(service.node);
      if (!pulled) return [];
      const { node, image } = pulled;
      const ref = parseImageReference(image);
      if (ref.digest !== undefined) return [];
      if (ref.tag !== undefined && !MOVING_TAGS.has(ref.tag)) return [];
      const why =
        ref.tag === undefined ? "has no tag (the engine pulls latest)" : `uses the moving tag ${ref.tag}`;
      return [
        {
          range: node.range,
          message: `image "${image}" of service "${service.name}" ${why}; name a version`,
        },
      ];
    }),
);
