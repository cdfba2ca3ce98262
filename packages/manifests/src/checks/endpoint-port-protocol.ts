/**
 * The `endpoint-port-protocol` body check (manifest/ignored-value): A published port's Protocol other than tcp, udp or sctp: the engine publishes it as tcp.
 * Follows: engine 20.10 (checked by the manifest differential).
 */
import { type Advisory, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const endpointPortProtocol: BodyCheck = {
  meta: {
    id: "endpoint-port-protocol",
    kinds: ["service"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: 'A published port"s Protocol other than tcp, udp or sctp: the engine publishes it as tcp.',
    peers: ["engine 20.10 (checked by the manifest differential)"],
  },
  check(body) {
    const ports = asObject(body.EndpointSpec)?.Ports;
    const out: Advisory[] = [];
    (Array.isArray(ports) ? ports : []).forEach((port, index) => {
      const protocol = asObject(port)?.Protocol;
      if (typeof protocol === "string" && !["", "tcp", "udp", "sctp"].includes(protocol))
        out.push({
          path: ["EndpointSpec", "Ports", index, "Protocol"],
          message: `EndpointSpec.Ports Protocol "${protocol}": the engine publishes the port as tcp; write tcp, udp or sctp.`,
        });
    });
    return out;
  },
};
