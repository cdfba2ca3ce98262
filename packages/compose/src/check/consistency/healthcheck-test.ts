/**
 * A `healthcheck.test` list whose first entry is not `CMD`, `CMD-SHELL` or `NONE` (compose-go
 * `checkConsistency`: "healthcheck.test must start either by \"CMD\", \"CMD-SHELL\" or \"NONE\""). The string
 * form is always fine: Compose runs it as `CMD-SHELL`.
 */
import { nodeAt } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import type { CheckContext } from "./check-context.js";

export function healthcheckTests(context: CheckContext): ComposeFinding[] {
  return context.services.flatMap((service) => {
    const test = nodeAt(service.node, ["healthcheck", "test"]);
    const first = test?.kind === "array" ? test.items[0] : undefined;
    if (!first || (first.kind === "scalar" && ["CMD", "CMD-SHELL", "NONE"].includes(String(first.value))))
      return [];
    return [
      context.finding(
        "compose/healthcheck-test",
        `services.${service.name}: healthcheck.test must start either by "CMD", "CMD-SHELL" or "NONE"`,
        first,
        ["services", service.name, "healthcheck", "test", 0],
      ),
    ];
  });
}
