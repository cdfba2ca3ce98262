/**
 * The `retry-count-without-on-failure` body check (manifest/ignored-value): RestartPolicy.MaximumRetryCount without the policy on-failure: ignored, the container is never restarted.
 * Follows: engine 20.10 (checked by the manifest differential).
 */
import { asNumber, asObject, type BodyCheck } from "./check.js";

/** See the module comment. */
export const retryCountWithoutOnFailure: BodyCheck = {
  meta: {
    id: "retry-count-without-on-failure",
    kinds: ["container"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "RestartPolicy.MaximumRetryCount without the policy on-failure: ignored, the container is never restarted.",
    peers: ["engine 20.10 (checked by the manifest differential)"],
  },
  check(body) {
    const policy = asObject(asObject(body.HostConfig)?.RestartPolicy);
    const retries = asNumber(policy?.MaximumRetryCount);
    if (!policy || (policy.Name ?? "") !== "" || retries === undefined || retries === 0) return [];
    return [
      {
        path: ["HostConfig", "RestartPolicy", "MaximumRetryCount"],
        message:
          'RestartPolicy.MaximumRetryCount is ignored without RestartPolicy.Name "on-failure" (the container is never restarted).',
      },
    ];
  },
};
