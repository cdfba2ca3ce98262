/**
 * The `host-network-published-ports` body check (manifest/ignored-value): PortBindings or PublishAllPorts with NetworkMode host: the engine discards them, the container uses the host's ports.
 * Follows: engine 20.10 (checked by the manifest differential).
 */
import { asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const hostNetworkPublishedPorts: BodyCheck = {
  meta: {
    id: "host-network-published-ports",
    kinds: ["container"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: 'PortBindings or PublishAllPorts with NetworkMode host: the engine discards them, the container uses the host"s ports.',
    peers: ["engine 20.10 (checked by the manifest differential)"],
  },
  check(body) {
    const hc = asObject(body.HostConfig);
    const bindings = Object.keys(asObject(hc?.PortBindings) ?? {});
    if (hc?.NetworkMode !== "host" || (bindings.length === 0 && hc.PublishAllPorts !== true)) return [];
    return [
      {
        path: ["HostConfig", bindings.length > 0 ? "PortBindings" : "PublishAllPorts"],
        message:
          'Published ports are discarded with NetworkMode "host": the container uses the host\'s ports directly.',
      },
    ];
  },
};
