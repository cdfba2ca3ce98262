/**
 * The `endpoint-publish-mode` body check (manifest/ignored-value): A published port's PublishMode other than ingress or host: the engine publishes it in ingress mode.
 * Follows: engine 20.10 (checked by the manifest differential).
 */
import { type Advisory, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const endpointPublishMode: BodyCheck = {
  meta: {
    id: "endpoint-publish-mode",
    kinds: ["service"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: 'A published port"s PublishMode other than ingress or host: the engine publishes it in ingress mode.',
    peers: ["engine 20.10 (checked by the manifest differential)"],
  },
  check(body) {
    const ports = asObject(body.EndpointSpec)?.Ports;
    const out: Advisory[] = [];
    (Array.isArray(ports) ? ports : []).forEach((port, index) => {
      const mode = asObject(port)?.PublishMode;
      if (typeof mode === "string" && !["", "ingress", "host"].includes(mode))
        out.push({
          path: ["EndpointSpec", "Ports", index, "PublishMode"],
          message: `EndpointSpec.Ports PublishMode "${mode}": the engine publishes the port in ingress mode; write ingress or host.`,
        });
    });
    return out;
  },
};
