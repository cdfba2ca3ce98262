/**
 * The `nano-cpus-zero-quota` body check (manifest/ignored-value): NanoCpus above 0 but under 10,000: the engine turns it into a CPU quota of 0 µs, which is no limit.
 * Follows: engine 20.10 (NanoCpus / 10,000 per 100 ms period; checked by the manifest differential).
 */
import { ENGINE_LIMITS } from "@enginekit/api";
import { asNumber, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const nanoCpusZeroQuota: BodyCheck = {
  meta: {
    id: "nano-cpus-zero-quota",
    kinds: ["container"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "NanoCpus above 0 but under 10,000: the engine turns it into a CPU quota of 0 µs, which is no limit.",
    peers: ["engine 20.10 (NanoCpus / 10,000 per 100 ms period; checked by the manifest differential)"],
  },
  check(body) {
    const nano = asNumber(asObject(body.HostConfig)?.NanoCpus);
    if (nano === undefined || !(nano > 0 && nano < ENGINE_LIMITS.nanoCpusZeroQuotaBelow)) return [];
    return [
      {
        path: ["HostConfig", "NanoCpus"],
        message: `NanoCpus ${nano}: the engine turns it into a CPU quota of 0 µs, which is no limit at all; write 0, or at least ${ENGINE_LIMITS.minNanoCpus} (0.01 CPU) for a limit.`,
      },
    ];
  },
};
