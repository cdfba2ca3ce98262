/**
 * The `healthcheck-test-kind` body check (manifest/ignored-value): A Healthcheck.Test whose first word is not NONE, CMD or CMD-SHELL, or a CMD without command: no working health check.
 * Follows: moby container/health: the test kinds, case-sensitive.
 */
import { HEALTHCHECK_TEST_KINDS } from "@enginekit/api";
import { asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const healthcheckTestKind: BodyCheck = {
  meta: {
    id: "healthcheck-test-kind",
    kinds: ["container"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "A Healthcheck.Test whose first word is not NONE, CMD or CMD-SHELL, or a CMD without command: no working health check.",
    peers: ["moby container/health: the test kinds, case-sensitive"],
  },
  check(body) {
    const test = asObject(body.Healthcheck)?.Test;
    if (!Array.isArray(test) || typeof test[0] !== "string") return [];
    const kind = test[0];
    if (!(HEALTHCHECK_TEST_KINDS as readonly string[]).includes(kind))
      return [
        {
          path: ["Healthcheck", "Test", 0],
          message: `Healthcheck.Test starts with "${kind}": the engine only knows "NONE", "CMD" and "CMD-SHELL" (case-sensitive) and runs no health check for anything else.`,
        },
      ];
    if (kind !== "NONE" && test.length === 1)
      return [
        {
          path: ["Healthcheck", "Test", 0],
          message: `Healthcheck.Test "${kind}" has no command: the check can never pass.`,
        },
      ];
    return [];
  },
};
