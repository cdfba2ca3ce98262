/**
 * The `port-binding-key` body check (manifest/ignored-value): A PortBindings key with a protocol other than tcp, udp or sctp, or container port 0: accepted, but nothing useful is published.
 * Follows: go-connections nat.NewPort (any protocol); engine 20.10 (checked by the manifest differential).
 */
import { type Advisory, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const portBindingKey: BodyCheck = {
  meta: {
    id: "port-binding-key",
    kinds: ["container"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "A PortBindings key with a protocol other than tcp, udp or sctp, or container port 0: accepted, but nothing useful is published.",
    peers: ["go-connections nat.NewPort (any protocol); engine 20.10 (checked by the manifest differential)"],
  },
  check(body) {
    const out: Advisory[] = [];
    for (const key of Object.keys(asObject(asObject(body.HostConfig)?.PortBindings) ?? {})) {
      const [port = "", protocol] = key.split("/");
      if (!/^\d+(-\d+)?$/.test(port) || port.split("-").some((part) => Number(part) > 65535)) continue;
      if (protocol !== undefined && !["tcp", "udp", "sctp"].includes(protocol))
        out.push({
          path: ["HostConfig", "PortBindings", key],
          onKey: true,
          message: `PortBindings key "${key}": the engine accepts the protocol "${protocol}" but publishes nothing useful; use tcp, udp or sctp.`,
        });
      else if (port.split("-").some((part) => Number(part) === 0))
        out.push({
          path: ["HostConfig", "PortBindings", key],
          onKey: true,
          message: `PortBindings key "${key}": container port 0 is accepted by the engine but nothing listens on it; use a port 1–65535.`,
        });
    }
    return out;
  },
};
