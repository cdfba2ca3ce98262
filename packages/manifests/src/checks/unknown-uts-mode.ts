/**
 * The `unknown-uts-mode` body check (manifest/ignored-value): A UTSMode other than host: stored, and the container gets a private UTS namespace.
 * Follows: engine 20.10 (checked by the manifest differential).
 */
import { asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const unknownUtsMode: BodyCheck = {
  meta: {
    id: "unknown-uts-mode",
    kinds: ["container"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "A UTSMode other than host: stored, and the container gets a private UTS namespace.",
    peers: ["engine 20.10 (checked by the manifest differential)"],
  },
  check(body) {
    const mode = asObject(body.HostConfig)?.UTSMode;
    if (typeof mode !== "string" || mode === "" || mode === "host") return [];
    return [
      {
        path: ["HostConfig", "UTSMode"],
        message: `HostConfig.UTSMode "${mode}": the engine only knows "host"; it stores the value and gives the container a private UTS namespace.`,
      },
    ];
  },
};
