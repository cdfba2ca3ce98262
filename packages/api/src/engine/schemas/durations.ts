/**
 * Durations in nanoseconds for the swarm and service specs (engine §2.10 leaves the unit out; the engine
 * encodes Go `time.Duration` as integer nanoseconds): `durationNs` and the decision text it documents.
 */
import type { z } from "zod";
import { documented, type FieldDoc } from "../../meta.js";
import { intAtLeast } from "./limits.js";

/**
 * Durations of the swarm and service specs (`HeartbeatPeriod`, `NodeCertExpiry`, `Delay`,
 * `StopGracePeriod`, `Window`). Engine §2.10 says their unit is "not shown"; the engine encodes Go
 * `time.Duration` values as integers of nanoseconds, so they are integers of nanoseconds here.
 */
export const DURATION_DECISION =
  "The document does not give the unit; the engine encodes these Go time.Duration values as integer nanoseconds (e.g. 10000000000 = 10 s).";

/** A non-negative duration in nanoseconds, documented; message `${field} must be at least 0`. */
export function durationNs(field: string, doc: Omit<FieldDoc, "unit" | "decision" | "bounds">) {
  return documented(intAtLeast(field, 0), {
    ...doc,
    unit: "nanoseconds",
    bounds: "≥ 0",
    decision: DURATION_DECISION,
  });
}

export type DurationNs = z.infer<ReturnType<typeof durationNs>>;
