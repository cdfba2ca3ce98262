/**
 * The `negative-memory-reservation` body check (manifest/ignored-value): A negative MemoryReservation: the engine ignores it (no soft limit).
 * Follows: engine 20.10 (checked by the manifest differential).
 */
import { asNumber, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const negativeMemoryReservation: BodyCheck = {
  meta: {
    id: "negative-memory-reservation",
    kinds: ["container"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "A negative MemoryReservation: the engine ignores it (no soft limit).",
    peers: ["engine 20.10 (checked by the manifest differential)"],
  },
  check(body) {
    const value = asNumber(asObject(body.HostConfig)?.MemoryReservation);
    if (value === undefined || !(value < 0)) return [];
    return [
      {
        path: ["HostConfig", "MemoryReservation"],
        message: `MemoryReservation ${value}: the engine ignores a negative reservation (no soft limit); write 0 or leave it out.`,
      },
    ];
  },
};
