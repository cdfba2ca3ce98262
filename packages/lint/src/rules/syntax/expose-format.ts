import { instructionsOfKind } from "../../enginefile/instructions.js";
import type { Report } from "../../model/finding.js";
import { enginefileRule } from "../../model/rule.js";

const PORT = /^([0-9]+)(?:-([0-9]+))?(?:\/([A-Za-z]+))?$/;

export default enginefileRule(
  {
    id: "expose-format",
    name: "Invalid EXPOSE",
    description: "An EXPOSE port outside 0–65535, a bad range or protocol, or a host address/port mapping.",
    severity: "error",
    fixable: true,
    docs: `EXPOSE takes \`port\`, \`port/protocol\` or \`start-end[/protocol]\`, with ports 0–65535 and protocol \`tcp\`,
\`udp\` or \`sctp\`. An IP address or a \`host:container\` mapping belongs to \`enginekit run\`/the container
manifest, not the image (BuildKit: ExposeInvalidFormat, "will become an error"). Protocols are lower-case
(ExposeProtoCasing); the quick fix lower-cases them and drops a host part. Values with build arguments are
resolved first.`,
    peers: ["hadolint DL3011", "BuildKit ExposeInvalidFormat", "BuildKit ExposeProtoCasing", "Trivy DS-0008"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nEXPOSE 80/TCP 8080:80 70000\n" },
      {
        kind: "valid",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: Enginefile variable syntax, not a template
        code: "ARG PORT=8080\nFROM alpine:3.20\nARG PORT\nEXPOSE 80/tcp 8000-8010 ${PORT}/udp\n",
      },
    ],
  },
  (file) => {
    const out: Report[] = [];
    for (const ins of instructionsOfKind(file, "expose")) {
      for (const arg of ins.ports) {
        const value = file.resolve(ins, arg.value);
        if (value === undefined || value === "") continue;
        const literal = value === arg.value;
        const colon = value.lastIndexOf(":");
        if (colon >= 0) {
          const container = value.slice(colon + 1);
          out.push({
            range: arg.range,
            message: `EXPOSE takes a container port, not an address or host mapping ("${value}"): publish ports when the container runs.`,
            ...(literal && PORT.test(container)
              ? { fix: { title: `Expose ${container}`, edits: [file.replace(arg.range, container)] } }
              : {}),
          });
          continue;
        }
        const m = PORT.exec(value);
        if (!m) {
          out.push({
            range: arg.range,
            message: `"${value}" is not a port: use port[/protocol] or start-end[/protocol].`,
          });
          continue;
        }
        const [, from, to, proto] = m;
        if (Number(from) > 65535 || (to !== undefined && Number(to) > 65535)) {
          out.push({ range: arg.range, message: `Port ${value} is out of range: ports are 0–65535.` });
        } else if (to !== undefined && Number(to) < Number(from)) {
          out.push({ range: arg.range, message: `Port range ${from}-${to} ends before it starts.` });
        }
        if (proto !== undefined) {
          const lower = proto.toLowerCase();
          if (!["tcp", "udp", "sctp"].includes(lower)) {
            out.push({ range: arg.range, message: `Unknown protocol "${proto}": use tcp, udp or sctp.` });
          } else if (lower !== proto) {
            out.push({
              range: arg.range,
              message: `Protocol "${proto}" should be lower-case.`,
              ...(literal
                ? {
                    fix: {
                      title: "Lower-case the protocol",
                      edits: [file.replace(arg.range, value.toLowerCase())],
                    },
                  }
                : {}),
            });
          }
        }
      }
    }
    return out;
  },
);
