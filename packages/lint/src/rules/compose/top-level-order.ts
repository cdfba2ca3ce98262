/**
 * The `compose/top-level-order` rule: Top-level keys in the usual order.
 * Its metadata is its documentation (`docs/rules/compose/top-level-order.md`, `enginekit lint --explain
 * compose/top-level-order`).
 * Same check elsewhere: dclint top-level-properties-order.
 */

import { orderReports } from "../../compose/reorder-fix.js";
import { linesOf, ownProperties, ownRoots } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** dclint's default order; `x-` extensions first (sorted among themselves), unknown keys last. */
const ORDER = ["version", "name", "include", "services", "networks", "volumes", "secrets", "configs"];

function rank(key: string): [number, string] {
  if (key.startsWith("x-")) return [0, key];
  const i = ORDER.indexOf(key);
  return [i < 0 ? ORDER.length + 1 : i + 1, ""];
}

export default composeRule(
  {
    id: "compose/top-level-order",
    name: "Top-level keys in the usual order",
    description:
      "Top-level keys are not in the order x-*, version, name, include, services, networks, volumes, secrets, configs.",
    severity: "style",
    fix: "sometimes",
    docs: `A file whose sections always come in the same order is quicker to read: \`x-\` extensions (sorted), then
\`version\`, \`name\`, \`include\`, \`services\`, \`networks\`, \`volumes\`, \`secrets\`, \`configs\` (dclint's default
order); other keys go last. Each key out of place is reported. The quick fix moves whole lines, so comments
and blank lines travel with their key; it is not offered when the keys hold anchors, aliases or merge keys
(an alias must stay below its anchor) or are not one per line.`,
    peers: ["dclint top-level-properties-order"],
    examples: [
      { kind: "invalid", code: "services:\n  web:\n    image: nginx:1.27\nname: shop\n" },
      { kind: "valid", code: "name: shop\nservices:\n  web:\n    image: nginx:1.27\n" },
    ],
  },
  (file) =>
    ownRoots(file).flatMap((root) => {
      const entries = ownProperties(root).map((p) => ({ range: p.range, at: p.keyRange, key: p.key }));
      return orderReports(
        file.text,
        linesOf(file),
        entries,
        (a, b) => {
          const [ra, xa] = rank(a);
          const [rb, xb] = rank(b);
          return ra - rb || (xa < xb ? -1 : xa > xb ? 1 : 0);
        },
        (e) =>
          `"${e.key}" is out of order (x-*, version, name, include, services, networks, volumes, secrets, configs)`,
        "Put the top-level keys in order",
      );
    }),
);
