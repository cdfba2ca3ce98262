/**
 * The `endpoint-target-port` body check (manifest/ignored-value): A published port's TargetPort of 0 or above 65535: stored and the tasks run, but no container port can receive anything.
 * Follows: engine 20.10 (a uint32, stored as given; checked by the manifest differential).
 */
import { ENGINE_LIMITS } from "@enginekit/api";
import { type Advisory, asNumber, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const endpointTargetPort: BodyCheck = {
  meta: {
    id: "endpoint-target-port",
    kinds: ["service"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: 'A published port"s TargetPort of 0 or above 65535: stored and the tasks run, but no container port can receive anything.',
    peers: ["engine 20.10 (a uint32, stored as given; checked by the manifest differential)"],
  },
  check(body) {
    const ports = asObject(body.EndpointSpec)?.Ports;
    const out: Advisory[] = [];
    (Array.isArray(ports) ? ports : []).forEach((port, index) => {
      const target = asNumber(asObject(port)?.TargetPort);
      if (target !== undefined && (target === 0 || target > ENGINE_LIMITS.port.max))
        out.push({
          path: ["EndpointSpec", "Ports", index, "TargetPort"],
          message: `EndpointSpec.Ports TargetPort ${target}: the engine stores it and runs the tasks, but no container port ${target} can receive anything; use a port 1–65535.`,
        });
    });
    return out;
  },
};
