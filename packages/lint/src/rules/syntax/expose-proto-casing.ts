/** `expose-proto-casing`: BuildKit's ExposeProtoCasing check (`EXPOSE 80/TCP`): accepted, lower-cased. */
import { exposedPorts } from "../../enginefile/expose-ports.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "expose-proto-casing",
    name: "Upper-case EXPOSE protocol",
    description: "An EXPOSE protocol written in upper or mixed case.",
    severity: "warning",
    fix: "sometimes",
    docs: `The engine accepts \`EXPOSE 80/TCP\` and lower-cases the protocol; BuildKit warns (ExposeProtoCasing).
Write \`tcp\`, \`udp\` or \`sctp\`. The quick fix lower-cases the protocol.`,
    peers: ["BuildKit ExposeProtoCasing"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nEXPOSE 8080/TcP\n" },
      { kind: "valid", code: "FROM alpine:3.20\nEXPOSE 8080/tcp\n" },
    ],
  },
  (file) =>
    exposedPorts(file).flatMap((p) => {
      const proto = p.protocol;
      if (proto === undefined || proto === proto.toLowerCase()) return [];
      if (!["tcp", "udp", "sctp"].includes(proto.toLowerCase())) return [];
      return [
        {
          range: p.argument.range,
          message: `Protocol "${proto}" should be lower-case: ${proto.toLowerCase()}.`,
          ...(p.literal
            ? {
                fix: {
                  title: "Lower-case the protocol",
                  edits: [
                    file.replace(p.argument.range, p.value.replace(/\/[^/]*$/, `/${proto.toLowerCase()}`)),
                  ],
                },
              }
            : {}),
        },
      ];
    }),
);
