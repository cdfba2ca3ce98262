/**
 * The `rollback-failure-ratio` body check (manifest/ignored-value): A RollbackConfig.MaxFailureRatio outside 0–1: swarmkit accepts it (it checks UpdateConfig's only), but the ratio cannot be reached as meant.
 * Follows: swarmkit controlapi validateUpdate (UpdateConfig only).
 */
import { asNumber, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const rollbackFailureRatio: BodyCheck = {
  meta: {
    id: "rollback-failure-ratio",
    kinds: ["service"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: 'A RollbackConfig.MaxFailureRatio outside 0–1: swarmkit accepts it (it checks UpdateConfig"s only), but the ratio cannot be reached as meant.',
    peers: ["swarmkit controlapi validateUpdate (UpdateConfig only)"],
  },
  check(body) {
    const ratio = asNumber(asObject(body.RollbackConfig)?.MaxFailureRatio);
    if (ratio === undefined || (ratio >= 0 && ratio <= 1)) return [];
    return [
      {
        path: ["RollbackConfig", "MaxFailureRatio"],
        message: `RollbackConfig.MaxFailureRatio ${ratio}: a fraction of tasks is between 0 and 1; the engine accepts it but the ratio can never be reached as meant.`,
      },
    ];
  },
};
