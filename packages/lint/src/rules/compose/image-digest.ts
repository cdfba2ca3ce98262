/**
 * The `compose/image-digest` rule: Image not pinned by digest.
 * Its metadata is its documentation (`docs/rules/compose/image-digest.md`, `enginekit lint --explain
 * compose/image-digest`).
 * Same check elsewhere: compose-lint CL-0019.
 */
import { MOVING_TAGS, ownServices, pulledImage } from "../../compose/rule-nodes.js";
import { parseImageReference } from "../../enginefile/image-reference.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/image-digest",
    name: "Image not pinned by digest",
    description: "A service's `image` has a tag but no `@sha256:` digest.",
    severity: "off",
    fix: "never",
    docs: `A tag can be moved to other content by whoever can push to the repository; a digest cannot. Supply-chain
policies (compose-lint's CL-0019) ask for \`image: name:tag@sha256:…\`, with a tool such as Renovate keeping the
digests current. The rule is off by default, because pinning every image is a policy, not a fault; turn it
on with \`compose/image-digest: info\` (or \`CL-0019: info\`). Untagged images and moving tags (\`latest\`, \`stable\`, …) are
\`compose/image-tag\`'s; services with \`build\` and interpolated images are not reported.`,
    peers: ["compose-lint CL-0019"],
    examples: [
      { kind: "invalid", code: "services:\n  db:\n    image: postgres:16.4\n" },
      {
        kind: "valid",
        code: "services:\n  db:\n    image: postgres:16.4@sha256:4ad2faf01c5fb3d2ad8ec75a1c8a4f6e0b0b2d9a3b5e0f0d3c4d0a9f0e1b2c3d\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      const pulled = pulledImage(service.node);
      if (!pulled) return [];
      const { node, image } = pulled;
      const ref = parseImageReference(image);
      if (ref.digest !== undefined || ref.tag === undefined || MOVING_TAGS.has(ref.tag)) return [];
      return [
        {
          range: node.range,
          message: `image "${image}" of service "${service.name}" is pinned by tag only; add its @sha256: digest`,
        },
      ];
    }),
);
