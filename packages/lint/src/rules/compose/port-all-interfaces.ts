/**
 * The `compose/port-all-interfaces` rule: Port published on every interface.
 * Its metadata is its documentation (`docs/rules/compose/port-all-interfaces.md`, `enginekit lint --explain
 * compose/port-all-interfaces`).
 * Same check elsewhere: dclint no-unbound-port-interfaces / no-implicit-listen-everywhere-ports, compose-lint CL-0005.
 */
import { propertyValue } from "@enginekit/compose";
import { isAllInterfaces, portParts } from "../../compose/port-spec.js";
import { ownServices } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

export default composeRule(
  {
    id: "compose/port-all-interfaces",
    name: "Port published on every interface",
    description:
      "A `ports` entry gives no host address (or `0.0.0.0`), so the port is reachable from every network the host is on.",
    severity: "info",
    fix: "never",
    docs: `A port entry without a host address (\`"8080:80"\`, or \`"80"\`, which publishes on a random host port) binds
\`0.0.0.0\` and \`::\`: the service is reachable from every network the host is on, and the engine's own firewall
rules let it past a host firewall such as ufw. Write the address the service is meant for: \`127.0.0.1:8080:80\`
for the local machine only, or the address of one interface (\`host_ip\` in the long syntax). An explicit
\`0.0.0.0\` is reported too (compose-lint's CL-0005 does; dclint's \`no-implicit-listen-everywhere-ports\`
accepts it as a deliberate choice). There is no quick fix: which address is right is a decision about who
may reach the service.`,
    peers: [
      "dclint no-unbound-port-interfaces / no-implicit-listen-everywhere-ports",
      "compose-lint CL-0005",
    ],
    examples: [
      { kind: "invalid", code: 'services:\n  web:\n    image: nginx:1.27\n    ports: ["8080:80"]\n' },
      { kind: "valid", code: 'services:\n  web:\n    image: nginx:1.27\n    ports: ["127.0.0.1:8080:80"]\n' },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) => {
      const ports = propertyValue(service.node, "ports");
      if (ports?.kind !== "array") return [];
      return ports.items.flatMap((item) => {
        const parts = portParts(item);
        if (!parts || !isAllInterfaces(parts.hostIp)) return [];
        const what = parts.hostIp ? `is bound to ${parts.hostIp}` : "gives no host address";
        return [
          {
            range: item.range,
            message: `service "${service.name}": port ${parts.published ?? `(random):${parts.target}`} ${what}, so it is published on every interface; name one (e.g. 127.0.0.1:)`,
          },
        ];
      });
    }),
);
