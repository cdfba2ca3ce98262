/**
 * The `compose/depends-on-order` rule: depends_on in alphabetical order.
 * Its metadata is its documentation (`docs/rules/compose/depends-on-order.md`, `enginekit lint --explain
 * compose/depends-on-order`).
 * Same check elsewhere: dclint service-dependencies-alphabetical-order.
 */
import { propertyValue } from "@enginekit/compose/schema-free";
import { orderReports } from "../../compose/reorder-fix.js";
import { linesOf, literalText, ownProperties, ownServices } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** `localeCompare` at "en", without building a collator per comparison. */
const byName = new Intl.Collator("en").compare;

export default composeRule(
  {
    id: "compose/depends-on-order",
    name: "depends_on in alphabetical order",
    description: "A service's `depends_on` entries are not sorted by name.",
    severity: "style",
    fix: "sometimes",
    docs: `Dependencies sorted by name are easy to scan (dclint's \`service-dependencies-alphabetical-order\`); the
order does not change what Compose starts first, which the dependency graph decides. Both the list and the
mapping form are checked. The quick fix moves whole lines; it is not offered for a flow list (\`[b, a]\`)
or when the entries hold anchors or aliases.`,
    peers: ["dclint service-dependencies-alphabetical-order"],
    examples: [
      {
        kind: "invalid",
        code: "services:\n  web:\n    image: nginx:1.27\n    depends_on:\n      - redis\n      - db\n  db:\n    image: postgres:16\n  redis:\n    image: redis:7\n",
      },
      {
        kind: "valid",
        code: "services:\n  web:\n    image: nginx:1.27\n    depends_on: [db, redis]\n  db:\n    image: postgres:16\n  redis:\n    image: redis:7\n",
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      const dependsOn = propertyValue(service.node, "depends_on");
      let entries: { range: typeof service.node.range; at: typeof service.node.range; key: string }[] = [];
      if (dependsOn?.kind === "array") {
        for (const item of dependsOn.items) {
          const name = literalText(item);
          if (name === undefined) return [];
          entries.push({ range: item.range, at: item.range, key: name });
        }
      } else if (dependsOn?.kind === "object") {
        entries = ownProperties(dependsOn).map((p) => ({ range: p.range, at: p.keyRange, key: p.key }));
      }
      return orderReports(
        file.text,
        linesOf(file),
        entries,
        byName,
        (e) => `"${e.key}" is out of alphabetical order in the depends_on of service "${service.name}"`,
        `Sort the depends_on of service "${service.name}"`,
      );
    }),
);
