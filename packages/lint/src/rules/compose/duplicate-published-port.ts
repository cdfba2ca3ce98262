/**
 * The `compose/duplicate-published-port` rule: Two services publish one host port.
 * Its metadata is its documentation (`docs/rules/compose/duplicate-published-port.md`, `enginekit lint
 * --explain compose/duplicate-published-port`).
 * Same check elsewhere: dclint no-duplicate-exported-ports.
 */
import type { ComposeObject } from "@enginekit/compose/schema-free";
import { isAllInterfaces, type PortParts, portParts } from "../../compose/port-spec.js";
import { canRunTogether, mergedServices, writtenIn } from "../../compose/rule-nodes.js";
import type { Report } from "../../model/finding.js";
import { composeRule } from "../../model/rule.js";

/** The host ports of a published entry (`8000-8002` → 8000, 8001, 8002), or undefined when not numeric. */
function hostPorts(published: string): number[] | undefined {
  const m = /^([0-9]+)(?:-([0-9]+))?$/.exec(published);
  if (!m) return undefined;
  const from = Number(m[1]);
  const to = m[2] === undefined ? from : Number(m[2]);
  if (to < from || to - from > 65535) return undefined;
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** True when two bindings claim the same host address (the same one, or either is every interface). */
function sameAddress(a: PortParts, b: PortParts): boolean {
  return isAllInterfaces(a.hostIp) || isAllInterfaces(b.hostIp) || a.hostIp === b.hostIp;
}

export default composeRule(
  {
    id: "compose/duplicate-published-port",
    name: "Two services publish one host port",
    description: "Two services (or two entries) publish the same host port and protocol on the same address.",
    severity: "warning",
    fix: "never",
    docs: `A host port can be bound once: the second container to publish it fails to start (\`Bind for 0.0.0.0:8080
failed: port is already allocated\`), so \`docker compose up\` fails. \`docker compose config\` does not check it.
Entries conflict when their protocols match, their published ports (or port ranges) overlap, and their host
addresses are the same or either listens on every interface. Services that cannot run together (each in
profiles the other is not in) are not compared; a \`scale\`d service publishing a fixed port is
\`compose/container-name-scale\`'s kind of problem and is not reported here. A warning, not an error: the
engine creates both containers and refuses only the second start, on a host where the port binds at all,
and files in the corpus that \`docker compose config\` accepts have such clashes between services rarely run
together (weaviate's example file publishes 9090 from two).`,
    peers: ["dclint no-duplicate-exported-ports"],
    examples: [
      {
        kind: "invalid",
        code: 'services:\n  web:\n    image: nginx:1.27\n    ports: ["8080:80"]\n  api:\n    image: node:22\n    ports: ["8080:3000"]\n',
      },
      {
        kind: "valid",
        code: 'services:\n  web:\n    image: nginx:1.27\n    ports: ["8080:80"]\n  api:\n    image: node:22\n    ports: ["127.0.0.1:8081:3000", "8081:3000/udp"]\n',
      },
    ],
  },
  (file) => {
    const claimed: { service: string; node: ComposeObject; parts: PortParts }[] = [];
    // the indices (ascending) of the claims of each protocol and host port: each entry is compared only
    // with the claims it overlaps, not with every earlier one
    const claims = new Map<string, number[]>();
    const out: Report[] = [];
    for (const service of mergedServices(file)) {
      const ports = service.node.properties.findLast((p) => p.key === "ports")?.value;
      if (ports?.kind !== "array") continue;
      for (const item of ports.items) {
        const parts = portParts(item);
        const numbers = parts?.published === undefined ? undefined : hostPorts(parts.published);
        if (!parts || !numbers) continue;
        // the earliest claim that overlaps, on the same address, by a service that can run beside this one
        let first = Number.POSITIVE_INFINITY;
        for (const n of numbers)
          for (const index of claims.get(`${parts.protocol} ${n}`) ?? []) {
            if (index >= first) break;
            const c = claimed[index]!;
            if (
              sameAddress(c.parts, parts) &&
              (c.service === service.name || canRunTogether(c.node, service.node))
            ) {
              first = index;
              break;
            }
          }
        const clash = claimed[first];
        if (clash && writtenIn(file, item))
          out.push({
            range: item.range,
            message: `host port ${parts.published}/${parts.protocol} is already published by service "${clash.service}": the second container cannot start`,
          });
        for (const n of numbers) {
          const key = `${parts.protocol} ${n}`;
          const list = claims.get(key);
          if (!list) claims.set(key, [claimed.length]);
          else if (list[list.length - 1] !== claimed.length) list.push(claimed.length);
        }
        claimed.push({ service: service.name, node: service.node, parts });
      }
    }
    return out;
  },
);
