/**
 * The `auto-remove-restart-policy` body check (manifest/constraint): AutoRemove with a restart policy always, unless-stopped or on-failure, at a target of API 1.25 or later: the engine refuses the container.
 * Follows: moby runconfig validateAutoRemove (from API 1.25; below it the engine resets AutoRemove first, checked at /v1.24).
 */
import { compareApiVersions } from "@enginekit/api";
import { asObject, type BodyCheck } from "./check.js";

/** Restart policies the engine refuses beside `AutoRemove: true` from API 1.25. */
const RESTARTING_POLICIES = new Set(["always", "unless-stopped", "on-failure"]);

/** See the module comment. */
export const autoRemoveRestartPolicy: BodyCheck = {
  meta: {
    id: "auto-remove-restart-policy",
    kinds: ["container"],
    code: "manifest/constraint",
    severity: "error",
    fix: "never",
    docs: "AutoRemove with a restart policy always, unless-stopped or on-failure, at a target of API 1.25 or later: the engine refuses the container.",
    peers: [
      "moby runconfig validateAutoRemove (from API 1.25; below it the engine resets AutoRemove first, checked at /v1.24)",
    ],
  },
  check(body, { apiVersion }) {
    const hc = asObject(body.HostConfig);
    const restart = asObject(hc?.RestartPolicy)?.Name;
    if (
      hc?.AutoRemove !== true ||
      typeof restart !== "string" ||
      !RESTARTING_POLICIES.has(restart) ||
      compareApiVersions(apiVersion, "1.25") < 0
    )
      return [];
    return [
      {
        path: ["HostConfig", "RestartPolicy", "Name"],
        message: `HostConfig.RestartPolicy "${restart}" cannot be used with HostConfig.AutoRemove: the engine refuses the container (can't create 'AutoRemove' container with restart policy); use "no" or drop AutoRemove.`,
      },
    ];
  },
};
