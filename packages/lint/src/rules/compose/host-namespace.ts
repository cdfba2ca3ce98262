/**
 * The `compose/host-namespace` rule: Host namespace shared with a container.
 * Its metadata is its documentation (`docs/rules/compose/host-namespace.md`, `enginekit lint --explain
 * compose/host-namespace`).
 * Same check elsewhere: compose-lint CL-0008 / CL-0010.
 */
import { literalText, ownServices, propertyOf } from "../../compose/rule-nodes.js";
import { composeRule } from "../../model/rule.js";

/** The keys that can share a host namespace, and what sharing it exposes. */
const NAMESPACES: readonly [string, string][] = [
  ["network_mode", "the host's network stack (every port, the loopback services, the interfaces)"],
  ["pid", "the host's processes (they can be seen, signalled and traced)"],
  ["ipc", "the host's shared memory and semaphores"],
  ["uts", "the host's hostname, which the container can change"],
  ["userns_mode", "the host's user namespace (the engine's user-namespace remapping is turned off)"],
];

export default composeRule(
  {
    id: "compose/host-namespace",
    name: "Host namespace shared with a container",
    description: "A service sets `network_mode`, `pid`, `ipc`, `uts` or `userns_mode` to `host`.",
    severity: "warning",
    fix: "never",
    docs: `A container is isolated by its namespaces; \`host\` gives one of them back. \`network_mode: host\` exposes every
listening port of the host (and \`ports\` no longer applies), \`pid: host\` lets the container see and signal the
host's processes, \`ipc: host\` shares memory segments, \`uts: host\` the hostname, and \`userns_mode: host\` turns
off the engine's user-namespace remapping for the container. Suppress with a reason for monitoring agents
that need it.`,
    peers: ["compose-lint CL-0008 / CL-0010"],
    examples: [
      {
        kind: "invalid",
        code: "services:\n  agent:\n    image: netdata/netdata:v1.47\n    pid: host\n    network_mode: host\n",
      },
      { kind: "valid", code: "services:\n  web:\n    image: nginx:1.27\n    network_mode: bridge\n" },
    ],
  },
  (file) =>
    ownServices(file).flatMap((service) =>
      NAMESPACES.flatMap(([key, what]) => {
        const property = propertyOf(service.node, key);
        if (!property || literalText(property.value) !== "host") return [];
        return [{ range: property.range, message: `service "${service.name}" shares ${what}` }];
      }),
    ),
);
