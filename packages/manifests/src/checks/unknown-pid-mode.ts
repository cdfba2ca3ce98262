/**
 * The `unknown-pid-mode` body check (manifest/ignored-value): A PidMode other than host or container:<name or id>: stored, and the container gets a private PID namespace.
 * Follows: engine 20.10 (checked by the manifest differential, pnpm explore-manifests seed 20261128).
 */
import { asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const unknownPidMode: BodyCheck = {
  meta: {
    id: "unknown-pid-mode",
    kinds: ["container"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "A PidMode other than host or container:<name or id>: stored, and the container gets a private PID namespace.",
    peers: ["engine 20.10 (checked by the manifest differential, pnpm explore-manifests seed 20261128)"],
  },
  check(body) {
    const mode = asObject(body.HostConfig)?.PidMode;
    if (typeof mode !== "string" || mode === "" || mode === "host" || /^container:./.test(mode)) return [];
    return [
      {
        path: ["HostConfig", "PidMode"],
        message: `HostConfig.PidMode "${mode}": the engine only knows "host" and container:<name or id>; it stores the value and gives the container a private PID namespace.`,
      },
    ];
  },
};
