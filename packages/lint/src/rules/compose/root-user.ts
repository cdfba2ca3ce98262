/**
 * The `compose/root-user` rule: Service runs as root by name.
 * Its metadata is its documentation (`docs/rules/compose/root-user.md`, `enginekit lint --explain
 * compose/root-user`).
 * Same check elsewhere: compose-lint CL-0018.
 */
import { literalText, ownServices, propertyOf } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/root-user",
    name: "Service runs as root by name",
    description: "A service sets `user` to root (`root`, `0`, `root:root`, `0:0`).",
    severity: "info",
    fix: "never",
    docs: `\`user: root\` (or \`0\`) overrides an image that was built to run as another user, and root in a container is
one kernel bug, one mount or one capability away from root on the host. Run as the image's own user, or an
unprivileged id (\`user: "1000:1000"\`). Only an explicit root is reported: a service without \`user\` runs as the
image says, which the image's own lint (\`user-root\`-style rules on the Enginefile) judges.`,
    peers: ["compose-lint CL-0018"],
    examples: [
      { kind: "invalid", code: "services:\n  app:\n    image: shop/app:1\n    user: root\n" },
      { kind: "valid", code: 'services:\n  app:\n    image: shop/app:1\n    user: "1000:1000"\n' },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      const property = propertyOf(service.node, "user");
      const user = literalText(property?.value);
      if (!property || user === undefined) return [];
      const name = user.split(":")[0];
      if (name !== "root" && name !== "0") return [];
      return [{ range: property.range, message: `service "${service.name}" runs as root (user: ${user})` }];
    }),
);
