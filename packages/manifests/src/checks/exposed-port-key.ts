/**
 * The `exposed-port-key` body check (manifest/ignored-value): An ExposedPorts key that is not <port 1–65535>/<tcp|udp|sctp>: stored unchecked, it exposes nothing useful.
 * Follows: engine 20.10 (stores the key as given).
 */
import { PORT_KEY_PATTERN } from "@enginekit/api";
import { type Advisory, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const exposedPortKey: BodyCheck = {
  meta: {
    id: "exposed-port-key",
    kinds: ["container"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "An ExposedPorts key that is not <port 1–65535>/<tcp|udp|sctp>: stored unchecked, it exposes nothing useful.",
    peers: ["engine 20.10 (stores the key as given)"],
  },
  check(body) {
    const out: Advisory[] = [];
    for (const key of Object.keys(asObject(body.ExposedPorts) ?? {})) {
      if (!PORT_KEY_PATTERN.test(key))
        out.push({
          path: ["ExposedPorts", key],
          onKey: true,
          message: `ExposedPorts key "${key}" is not <port 1–65535>/<tcp|udp|sctp>: the engine stores it unchecked and it exposes nothing useful.`,
        });
    }
    return out;
  },
};
