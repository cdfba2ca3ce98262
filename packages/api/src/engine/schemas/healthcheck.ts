/**
 * The container health check (engine §2.1, bounds engine §8): `Healthcheck.Test` and its kinds, and the
 * request-side `Healthcheck` object with its durations.
 */
import { z } from "zod";
import { documented } from "../../meta.js";
import { ENGINE_LIMITS, healthcheckDuration, intAtLeast } from "./limits.js";
import { requestObject } from "./request-object.js";

const source = "engine §2.1";
const DURATION_BOUNDS = `0, or at least ${ENGINE_LIMITS.healthcheckMinDurationNs} (1 ms)`;

/** The first element of a non-empty `Healthcheck.Test`. */
export const HEALTHCHECK_TEST_KINDS = ["NONE", "CMD", "CMD-SHELL"] as const;

/**
 * `Healthcheck.Test`: empty inherits the image's check; `["NONE"]` disables; `["CMD", arg...]` executes
 * directly; `["CMD-SHELL", command]` runs in the default shell (engine §2.1).
 */
export const HealthcheckTest = documented(z.array(z.string()), {
  description:
    'The check to run: [] inherits the image\'s check, ["NONE"] disables it, ["CMD", arg...] executes the arguments directly, ["CMD-SHELL", command] runs the command in the default shell.',
  source,
  decision:
    'The engine 20.10 does not check the first element at create time and runs the container; a first element other than "NONE", "CMD" or "CMD-SHELL" (case-sensitive), or "CMD" without a command, is a warning of the manifest check.',
});

/** The health check of a container (engine §2.1, limits engine §8). Request side: unknown keys are reported. */
export const Healthcheck = requestObject({
  Test: HealthcheckTest.optional(),
  Interval: documented(healthcheckDuration("Healthcheck.Interval"), {
    description: "Time to wait between two checks; 0 inherits the image's value.",
    unit: "nanoseconds",
    bounds: DURATION_BOUNDS,
    default: 0,
    source,
  }).optional(),
  Timeout: documented(healthcheckDuration("Healthcheck.Timeout"), {
    description: "Time to wait before a check counts as hung; 0 inherits the image's value.",
    unit: "nanoseconds",
    bounds: DURATION_BOUNDS,
    default: 0,
    source,
  }).optional(),
  Retries: documented(intAtLeast("Healthcheck.Retries", 0), {
    description:
      "Consecutive failures needed to report the container unhealthy; 0 inherits the image's value.",
    unit: "count",
    bounds: "≥ 0",
    default: 0,
    source,
  }).optional(),
  StartPeriod: documented(healthcheckDuration("Healthcheck.StartPeriod"), {
    description:
      "Initialisation time before failed checks count towards Retries; 0 inherits the image's value.",
    unit: "nanoseconds",
    bounds: DURATION_BOUNDS,
    default: 0,
    source: "engine 20.10",
    since: "1.29",
  }).optional(),
});
export type Healthcheck = z.infer<typeof Healthcheck>;
