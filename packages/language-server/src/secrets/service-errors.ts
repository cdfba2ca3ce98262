/**
 * `serviceProblemOf`: a failed secrets lookup classified into the problem shown to the user (never a token
 * or a value).
 */
import { LookupTimeout } from "./lookup-cache.js";
import type { SecretsApi } from "./secrets-client.js";

/** Why the secrets service gave no answer, in the words shown to the user (never a token or value). */
export type ServiceProblem = {
  kind: "unreachable" | "sealed" | "forbidden" | "not-configured" | "failed";
  message: string;
};

/**
 * Classifies a lookup failure for the one `window/showMessage` (task §2). `api` holds the client's error
 * classes once the client module is loaded (src/secrets/secrets-client.ts); undefined before, when no
 * client error can exist yet (a failure to load the module itself is `failed`).
 */
export function serviceProblemOf(
  error: unknown,
  address: string,
  api: Pick<SecretsApi, "SecretsApiError" | "SecretsConnectionError" | "SecretsUsageError"> | undefined,
): ServiceProblem {
  if (api && error instanceof api.SecretsApiError) {
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
  if (api && error instanceof api.SecretsUsageError)
    return {
      kind: "not-configured",
      message: `enginekit: secret completion is not configured: ${error.message.split("\n")[0]}`,
    };
  if ((api && error instanceof api.SecretsConnectionError) || error instanceof LookupTimeout)
    return {
      kind: "unreachable",
      message: `enginekit: the secrets service at ${address} is unreachable (${api && error instanceof api.SecretsConnectionError ? error.reason : "timeout"}). Secret completion is off until it answers.`,
    };
  return {
    kind: "failed",
    message: `enginekit: secret lookup failed: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`,
  };
}
