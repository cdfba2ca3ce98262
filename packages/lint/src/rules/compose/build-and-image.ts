/**
 * The `compose/build-and-image` rule: Service with both build and image.
 * Its metadata is its documentation (`docs/rules/compose/build-and-image.md`, `enginekit lint --explain
 * compose/build-and-image`).
 * Same check elsewhere: dclint no-build-and-image.
 */
import { propertyValue } from "@enginekit/compose";
import { mergedServices, writtenIn } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/build-and-image",
    name: "Service with both build and image",
    description: "A service has both `build` and `image` and no `pull_policy` saying which one wins.",
    severity: "off",
    fix: "never",
    docs: `With both keys, \`image\` names the image the build produces, and Compose first tries to pull that name: a
public image of the same name can be run instead of your build. \`pull_policy: build\` (always build) or
\`pull_policy: never\`/\`missing\` makes the choice explicit, and then the service is not reported, as in dclint's
\`no-build-and-image\` with its \`checkPullPolicy\` option. The rule is off by default: naming a built image is
common and correct when the name is yours; turn it on with \`compose/build-and-image: info\`.`,
    peers: ["dclint no-build-and-image"],
    examples: [
      { kind: "invalid", code: "services:\n  app:\n    build: .\n    image: shop/app:1\n" },
      {
        kind: "valid",
        code: "services:\n  app:\n    build: .\n    image: shop/app:1\n    pull_policy: build\n",
      },
    ],
  },
  (file) =>
    mergedServices(file).flatMap((service) => {
      const image = propertyValue(service.node, "image");
      if (!image || !writtenIn(file, image)) return [];
      if (!propertyValue(service.node, "build") || propertyValue(service.node, "pull_policy")) return [];
      return [
        {
          range: image.range,
          message: `service "${service.name}" has both build and image; set pull_policy (build, missing or never) to say which one runs`,
        },
      ];
    }),
);
