/**
 * Compose sections both translations turn into the same engine object: `healthcheck` becomes the engine's
 * `HealthConfig` (`Test`, `Interval`, `Timeout`, `StartPeriod` in nanoseconds, `Retries`) in a container's
 * `Healthcheck` (docker/compose `pkg/compose/create.go`) and in a swarm `ContainerSpec.Healthcheck` (docker/cli
 * `cli/compose/convert/service.go` `convertHealthcheck`). A `test` string is `CMD-SHELL <string>`;
 * `disable: true` is `["NONE"]`. Pure.
 */
import { type ComposeNode, type ComposeObject, propertyValue } from "../model/compose-node.js";
import { boolean, integer, nanoseconds, strings } from "./compose-values.js";
import type { Plain } from "./located-body.js";

/** Receives one `HealthConfig` field: its name, value, the Compose node it came from and that key's name. */
export type FieldSink = (
  field: string,
  value: Plain | undefined,
  from: ComposeNode | undefined,
  key: string,
) => void;

/**
 * Passes each `HealthConfig` field of the `healthcheck` mapping to `set`. With `disable: true` only `Test`
 * (`["NONE"]`) is passed when `disableOnly` (the stack converter returns there), else the durations too.
 */
export function healthcheckFields(healthcheck: ComposeObject, set: FieldSink, disableOnly = true): void {
  const h = (key: string) => propertyValue(healthcheck, key);
  if (boolean(h("disable"))) {
    set("Test", ["NONE"], h("disable"), "healthcheck.disable");
    if (disableOnly) return;
  } else {
    const test = h("test");
    const testValue =
      test?.kind === "scalar" && test.value !== null ? ["CMD-SHELL", String(test.value)] : strings(test);
    set("Test", testValue, test, "healthcheck.test");
  }
  for (const [key, field] of [
    ["interval", "Interval"],
    ["timeout", "Timeout"],
    ["start_period", "StartPeriod"],
  ] as const)
    set(field, nanoseconds(h(key)), h(key), `healthcheck.${key}`);
  set("Retries", integer(h("retries")), h("retries"), "healthcheck.retries");
}
