/**
 * The `memory-swap-below-minus-one` body check (manifest/ignored-value): A MemorySwap below -1: the engine takes any negative value as unlimited swap.
 * Follows: engine 20.10 (checked by the manifest differential).
 */
import { asNumber, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const memorySwapBelowMinusOne: BodyCheck = {
  meta: {
    id: "memory-swap-below-minus-one",
    kinds: ["container"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "A MemorySwap below -1: the engine takes any negative value as unlimited swap.",
    peers: ["engine 20.10 (checked by the manifest differential)"],
  },
  check(body) {
    const value = asNumber(asObject(body.HostConfig)?.MemorySwap);
    if (value === undefined || !(value < -1)) return [];
    return [
      {
        path: ["HostConfig", "MemorySwap"],
        message: `MemorySwap ${value}: the engine takes any negative value as unlimited swap; write -1.`,
      },
    ];
  },
};
