/**
 * The `compose/logging-disabled` rule: Logging turned off.
 * Its metadata is its documentation (`docs/rules/compose/logging-disabled.md`, `enginekit lint --explain
 * compose/logging-disabled`).
 * Same check elsewhere: compose-lint CL-0014.
 */
import { nodeAt } from "@enginekit/compose";
import { literalText, ownServices } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/logging-disabled",
    name: "Logging turned off",
    description: "A service sets `logging.driver: none`.",
    severity: "info",
    fix: "never",
    docs: `With the \`none\` log driver the engine keeps nothing of what the container prints: \`docker compose logs\` is
empty and an incident leaves no trace. To bound the disk the logs use, keep a driver and set its rotation
(\`json-file\` or \`local\` with \`max-size\` and \`max-file\`).`,
    peers: ["compose-lint CL-0014"],
    examples: [
      {
        kind: "invalid",
        code: "services:\n  app:\n    image: shop/app:1\n    logging:\n      driver: none\n",
      },
      {
        kind: "valid",
        code: 'services:\n  app:\n    image: shop/app:1\n    logging:\n      driver: local\n      options: {max-size: "10m"}\n',
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      const driver = nodeAt(service.node, ["logging", "driver"]);
      if (!driver || literalText(driver) !== "none") return [];
      return [
        { range: driver.range, message: `service "${service.name}" keeps no logs (logging.driver: none)` },
      ];
    }),
);
