/**
 * The `pids-limit-below-minus-one` body check (manifest/ignored-value): A PidsLimit below -1: the engine takes any value ≤ 0 as unlimited.
 * Follows: engine 20.10 (checked by the manifest differential).
 */
import { asNumber, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const pidsLimitBelowMinusOne: BodyCheck = {
  meta: {
    id: "pids-limit-below-minus-one",
    kinds: ["container"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "A PidsLimit below -1: the engine takes any value ≤ 0 as unlimited.",
    peers: ["engine 20.10 (checked by the manifest differential)"],
  },
  check(body) {
    const value = asNumber(asObject(body.HostConfig)?.PidsLimit);
    if (value === undefined || !(value < -1)) return [];
    return [
      {
        path: ["HostConfig", "PidsLimit"],
        message: `PidsLimit ${value}: the engine takes any value ≤ 0 as unlimited; write -1.`,
      },
    ];
  },
};
