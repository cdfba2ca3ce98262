/**
 * `expose-format`: EXPOSE ports the engine rejects (go-connections `nat.ParsePortSpec`): a container port
 * that is not a number or range in 0–65535, a range that ends before it starts, an unknown protocol.
 * Host mappings and upper-case protocols are accepted with a warning (`expose-host-port`,
 * `expose-proto-casing`).
 */
import { exposedPorts } from "../../enginefile/expose-ports.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const RANGE = /^([0-9]+)(?:-([0-9]+))?$/;
const IPV4 =
  /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])$/;

/** Why the engine rejects the `ip:hostPort` part (go-connections `nat.ParsePortSpec`), or undefined. */
function hostError(host: string, container: RegExpExecArray): string | undefined {
  const colon = host.lastIndexOf(":");
  const ip = colon < 0 ? "" : host.slice(0, colon).replace(/^\[(.*)\]$/, "$1");
  const hostPort = colon < 0 ? host : host.slice(colon + 1);
  if (ip !== "" && !IPV4.test(ip) && !(ip.includes(":") && /^[0-9A-Fa-f:.]+$/.test(ip)))
    return `invalid IP address: ${ip}`;
  if (hostPort === "") return undefined;
  const m = RANGE.exec(hostPort);
  if (!m || Number(m[1]) > 65535 || Number(m[2] ?? 0) > 65535) return `invalid hostPort: ${hostPort}`;
  const size = (r: RegExpExecArray) => (r[2] === undefined ? 0 : Number(r[2]) - Number(r[1]));
  if (m[2] !== undefined && size(m) !== size(container))
    return "invalid ranges specified for container and host Ports";
  return undefined;
}

export default enginefileRule(
  {
    id: "expose-format",
    name: "Invalid EXPOSE",
    description:
      "An EXPOSE port the engine rejects: not a port, outside 0–65535, a reversed range or an unknown protocol.",
    severity: "error",
    fix: "never",
    docs: `EXPOSE takes \`port\`, \`port/protocol\` or \`start-end[/protocol]\`, with ports 0–65535 and protocol \`tcp\`,
\`udp\` or \`sctp\` (any case). The engine fails the build otherwise ("invalid containerPort", "invalid
proto"). A \`host:container\` mapping is accepted but does not belong in an image (\`expose-host-port\`), and
upper-case protocols are accepted (\`expose-proto-casing\`), but a host part that is not \`[ip:]port\` fails
the build ("invalid hostPort", "invalid IP address"). Values with build arguments are resolved
first.`,
    peers: ["hadolint DL3011", "Trivy DS-0008"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nEXPOSE 70000 80/http\n" },
      {
        kind: "valid",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Enginefile variable syntax, not a template
        code: "ARG PORT=8080\nFROM alpine:3.20\nARG PORT\nEXPOSE 80/tcp 8000-8010 ${PORT}/udp\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const p of exposedPorts(file)) {
      const range = p.argument.range;
      const m = RANGE.exec(p.container);
      if (!m) {
        out.push({
          range,
          message: `"${p.value}" is not a port (the engine: invalid containerPort: ${p.container}); use port[/protocol] or start-end[/protocol].`,
        });
        continue;
      }
      const host = p.host === undefined ? undefined : hostError(p.host, m);
      if (host)
        out.push({ range, message: `"${p.value}" is not a valid port mapping (the engine: ${host}).` });
      const [, from, to] = m;
      if (Number(from) > 65535 || (to !== undefined && Number(to) > 65535)) {
        out.push({ range, message: `Port ${p.container} is out of range: ports are 0–65535.` });
      } else if (to !== undefined && Number(to) < Number(from)) {
        out.push({ range, message: `Port range ${from}-${to} ends before it starts.` });
      }
      if (p.protocol !== undefined && !["tcp", "udp", "sctp"].includes(p.protocol.toLowerCase()))
        out.push({
          range,
          message: `Unknown protocol "${p.protocol}" (the engine: invalid proto): use tcp, udp or sctp.`,
        });
    }
    return out;
  },
);
