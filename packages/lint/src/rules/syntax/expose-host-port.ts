/**
 * `expose-host-port`: BuildKit's ExposeInvalidFormat check (`EXPOSE 8080:80`, `EXPOSE 127.0.0.1:80:80`):
 * the engine accepts an address or host port in EXPOSE and warns that it will become an error.
 */
import { exposedPorts } from "../../enginefile/expose-ports.js";
import { enginefileRule } from "../../model/rule.js";

export default enginefileRule(
  {
    id: "expose-host-port",
    name: "Host address or port in EXPOSE",
    description: "An EXPOSE value with an IP address or a host port (`8080:80`).",
    severity: "warning",
    fix: "sometimes",
    docs: `EXPOSE documents the ports the container listens on; which host address and port to publish them
on is decided when the container runs (\`enginekit run\`, the container manifest's port bindings). The
engine accepts \`EXPOSE 8080:80\` today and BuildKit warns that it "will become an error in a future release"
(ExposeInvalidFormat). The quick fix keeps the container port.`,
    peers: ["BuildKit ExposeInvalidFormat"],
    examples: [
      { kind: "invalid", code: "FROM alpine:3.20\nEXPOSE 8080:80\n" },
      { kind: "valid", code: "FROM alpine:3.20\nEXPOSE 80\n" },
    ],
  },
  (file) =>
    exposedPorts(file).flatMap((p) => {
      if (p.host === undefined) return [];
      const kept = p.value.slice(p.host.length + 1);
      return [
        {
          range: p.argument.range,
          message: `EXPOSE takes a container port, not an address or host port ("${p.value}"); publish ports when the container runs.`,
          ...(p.literal
            ? { fix: { title: `Expose ${kept}`, edits: [file.replace(p.argument.range, kept)] } }
            : {}),
        },
      ];
    }),
);
