/**
 * The `compose/services-order` rule: Services in alphabetical order.
 * Its metadata is its documentation (`docs/rules/compose/services-order.md`, `enginekit lint --explain
 * compose/services-order`).
 * Same check elsewhere: dclint services-alphabetical-order.
 */
import { propertyValue } from "@enginekit/compose/schema-free";
import { orderReports } from "../../compose/reorder-fix.js";
import { linesOf, ownProperties, ownRoots } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** `localeCompare` at "en", without building a collator per comparison. */
const byName = new Intl.Collator("en").compare;

export default composeRule(
  {
    id: "compose/services-order",
    name: "Services in alphabetical order",
    description: "A service is listed after one whose name sorts after it.",
    severity: "style",
    fix: "sometimes",
    docs: `Services sorted by name are easy to find in a long file (dclint's \`services-alphabetical-order\`). Each
service out of place is reported at its name. The quick fix moves each service's lines whole, with the
comments above it; it is not offered when the services hold anchors, aliases or merge keys, or are not
written in block style.`,
    peers: ["dclint services-alphabetical-order"],
    examples: [
      {
        kind: "invalid",
        code: "services:\n  web:\n    image: nginx:1.27\n  db:\n    image: postgres:16\n",
      },
      {
        kind: "valid",
        code: "services:\n  db:\n    image: postgres:16\n  web:\n    image: nginx:1.27\n",
      },
    ],
  },
  (file) =>
    ownRoots(file).flatMap((root) => {
      const services = propertyValue(root, "services");
      if (services?.kind !== "object") return [];
      const entries = ownProperties(services).map((p) => ({ range: p.range, at: p.keyRange, key: p.key }));
      return orderReports(
        file.text,
        linesOf(file),
        entries,
        byName,
        (e) => `service "${e.key}" is out of alphabetical order`,
        "Sort the services by name",
      );
    }),
);
