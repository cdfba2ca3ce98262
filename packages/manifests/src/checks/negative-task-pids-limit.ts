/**
 * The `negative-task-pids-limit` body check (manifest/ignored-value): A negative Resources.Limits.Pids: the engine takes it as unlimited.
 * Follows: engine 20.10 (checked by the manifest differential).
 */
import { asNumber, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const negativeTaskPidsLimit: BodyCheck = {
  meta: {
    id: "negative-task-pids-limit",
    kinds: ["service"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "A negative Resources.Limits.Pids: the engine takes it as unlimited.",
    peers: ["engine 20.10 (checked by the manifest differential)"],
  },
  check(body) {
    const limits = asObject(asObject(asObject(body.TaskTemplate)?.Resources)?.Limits);
    const pids = asNumber(limits?.Pids);
    if (pids === undefined || pids >= 0) return [];
    return [
      {
        path: ["TaskTemplate", "Resources", "Limits", "Pids"],
        message: `Resources.Limits.Pids ${pids}: the engine takes a negative limit as unlimited; write 0.`,
      },
    ];
  },
};
