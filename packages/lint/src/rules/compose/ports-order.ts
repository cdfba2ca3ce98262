/**
 * The `compose/ports-order` rule: Ports sorted by published port.
 * Its metadata is its documentation (`docs/rules/compose/ports-order.md`, `enginekit lint --explain
 * compose/ports-order`).
 * Same check elsewhere: dclint service-ports-alphabetical-order.
 */
import { propertyValue } from "@enginekit/compose/schema-free";
import { portParts } from "../../compose/port-spec.js";
import { orderReports } from "../../compose/reorder-fix.js";
import { linesOf, ownServices } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** `localeCompare` at "en" with numeric: true, without building a collator per comparison. */
const byName = new Intl.Collator("en", { numeric: true }).compare;

export default composeRule(
  {
    id: "compose/ports-order",
    name: "Ports sorted by published port",
    description: "A service's `ports` are not sorted by the published (host) port.",
    severity: "style",
    fix: "sometimes",
    docs: `A service's ports sorted by the port they publish on the host (the container port when none is
published; numbers compared as numbers, so 8080 comes after 443) make clashes easy to see; dclint's
\`service-ports-alphabetical-order\` sorts the same way. The quick fix moves whole lines; it is not offered for
a flow list, or when an entry is interpolated or holds an anchor or alias.`,
    peers: ["dclint service-ports-alphabetical-order"],
    examples: [
      {
        kind: "invalid",
        code: 'services:\n  web:\n    image: nginx:1.27\n    ports:\n      - "8443:443"\n      - "8080:80"\n',
      },
      {
        kind: "valid",
        code: 'services:\n  web:\n    image: nginx:1.27\n    ports:\n      - "8080:80"\n      - "8443:443"\n',
      },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      const ports = propertyValue(service.node, "ports");
      if (ports?.kind !== "array") return [];
      const entries = [];
      for (const item of ports.items) {
        const parts = portParts(item);
        if (!parts) return [];
        entries.push({ range: item.range, at: item.range, key: parts.published ?? parts.target });
      }
      return orderReports(
        file.text,
        linesOf(file),
        entries,
        byName,
        (e) => `port ${e.key} is out of order in service "${service.name}" (sorted by published port)`,
        `Sort the ports of service "${service.name}"`,
      );
    }),
);
