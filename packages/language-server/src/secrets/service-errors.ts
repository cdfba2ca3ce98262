import { SecretsApiError, SecretsConnectionError, SecretsUsageError } from "@enginekit/api";
import { LookupTimeout } from "./lookup-cache.js";

/** Why the secrets service gave no answer, in the words shown to the user (never a token or value). */
export type ServiceProblem = {
  kind: "unreachable" | "sealed" | "forbidden" | "not-configured" | "failed";
  message: string;
};

/** Classifies a lookup failure for the one `window/showMessage` (task §2). */
export function serviceProblemOf(error: unknown, address: string): ServiceProblem {
  if (error instanceof SecretsApiError) {
    if (error.status === 403)
      return {
        kind: "forbidden",
        message: `enginekit: the secrets service at ${address} refused the lookup (permission denied: the token is missing, expired or not allowed to list or read there). Secret completion is off until it answers.`,
      };
    if (error.status === 503 || error.status === 501)
      return {
        kind: "sealed",
        message: `enginekit: the secrets service at ${address} is sealed or not initialised (HTTP ${error.status}). Secret completion is off until it is unsealed.`,
      };
    return {
      kind: "failed",
      message: `enginekit: the secrets service at ${address} answered HTTP ${error.status} (${error.kind}).`,
    };
  }
  if (error instanceof SecretsUsageError)
    return {
      kind: "not-configured",
      message: `enginekit: secret completion is not configured: ${error.message.split("\n")[0]}`,
    };
  if (error instanceof SecretsConnectionError || error instanceof LookupTimeout)
    return {
      kind: "unreachable",
      message: `enginekit: the secrets service at ${address} is unreachable (${error instanceof SecretsConnectionError ? error.reason : "timeout"}). Secret completion is off until it answers.`,
    };
  return {
    kind: "failed",
    message: `enginekit: secret lookup failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
  };
}
