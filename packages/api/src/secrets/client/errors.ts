/**
 * Errors thrown by the secrets client. Messages are one line, name the method and path, and never
 * contain the token or a secret value (they pass through `redact`).
 */

/** What a status means to a caller (secrets §7; research secrets-anchors §3). */
export type SecretsErrorKind =
  | "invalid-request"
  | "permission-denied"
  | "not-found"
  | "method-not-allowed"
  | "inconsistent"
  | "too-large"
  | "rate-limited"
  | "internal"
  | "not-initialized"
  | "upstream"
  | "unavailable"
  | "redirect"
  | "other";

/** Kind and one-line explanation of each status of the error table (secrets §7; research §3). */
const STATUS_TEXT: Record<number, [SecretsErrorKind, string]> = {
  301: ["redirect", "redirected (not followed: point SVC_ADDR at the active node)"],
  302: ["redirect", "redirected (not followed: point SVC_ADDR at the active node)"],
  307: ["redirect", "redirected (not followed: point SVC_ADDR at the active node)"],
  308: ["redirect", "redirected (not followed: point SVC_ADDR at the active node)"],
  400: ["invalid-request", "invalid request: missing or invalid data"],
  403: [
    "permission-denied",
    "permission denied: the token is missing, invalid or expired, or its policies do not allow this path (the service also answers 403 for paths that do not exist)",
  ],
  404: ["not-found", "not found: no such path or secret, or an empty folder"],
  405: ["method-not-allowed", "method not supported for this path"],
  412: ["inconsistent", "data not yet consistent on this node; retry later"],
  413: ["too-large", "request body too large (the service accepts at most 32 MiB)"],
  429: ["rate-limited", "rate limited (or an unsealed standby node)"],
  500: ["internal", "internal error in the secrets service"],
  501: ["not-initialized", "the secrets service is not initialised"],
  502: ["upstream", "a request the secrets service made to a third party failed"],
  503: ["unavailable", "the secrets service is sealed, on standby or down for maintenance"],
};

/** Turns the service's messages into one line: multierror text (`1 error occurred:\n\t* x\n\n`) becomes `x`. */
export function flattenServiceErrors(errors: readonly string[]): string {
  return errors
    .map((e) => {
      const items = [...e.matchAll(/^\s*\* (.+)$/gm)].map((m) => m[1]?.trim() ?? "");
      return (items.length > 0 ? items.join("; ") : e).replace(/\s+/g, " ").trim();
    })
    .filter((e) => e.length > 0)
    .join("; ");
}

/** Details of an HTTP error answer. */
export interface SecretsApiErrorInit {
  status: number;
  errors: readonly string[];
  method: string;
  /** The API path, without `/v1/` and the query string. */
  path: string;
  /** False when the client refused the request before sending it (bad path, body over the limit). */
  sent?: boolean;
  /** Body of a 404 that carried an envelope (a deleted KV v2 version, a v1-style path on a v2 mount). */
  body?: unknown;
}

/**
 * An answer with status ≥ 300 (redirects are not followed) (or a request refused before sending with the status the service would
 * give). `kind` classifies the status; `errors` are the service's messages (already redacted).
 */
export class SecretsApiError extends Error {
  readonly status: number;
  readonly kind: SecretsErrorKind;
  readonly errors: readonly string[];
  readonly method: string;
  readonly path: string;
  readonly sent: boolean;
  readonly body: unknown;

  constructor(init: SecretsApiErrorInit) {
    const [kind, text] = STATUS_TEXT[init.status] ?? ["other", `unexpected status ${init.status}`];
    const detail = flattenServiceErrors(init.errors);
    super(`${init.method} ${init.path}: ${init.status} ${text}${detail ? ` (service: ${detail})` : ""}`);
    this.name = "SecretsApiError";
    this.status = init.status;
    this.kind = kind;
    this.errors = init.errors;
    this.method = init.method;
    this.path = init.path;
    this.sent = init.sent ?? true;
    this.body = init.body;
  }
}

/** Why a request got no HTTP answer. */
export type SecretsConnectionReason = "network" | "tls" | "timeout";

/** No HTTP answer: connection refused/reset, TLS verification failure, or the per-attempt timeout. */
export class SecretsConnectionError extends Error {
  constructor(
    message: string,
    readonly reason: SecretsConnectionReason,
    readonly method: string,
    readonly path: string,
  ) {
    super(`${method} ${path}: ${message}`);
    this.name = "SecretsConnectionError";
  }
}

/** A misuse the client detects itself (e.g. a KV v2-only operation on a KV v1 mount, bad configuration). */
export class SecretsUsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SecretsUsageError";
  }
}

/** An answer whose body does not have the documented shape; names the fields, never their values. */
export class SecretsProtocolError extends Error {
  constructor(
    message: string,
    readonly method: string,
    readonly path: string,
  ) {
    super(`${method} ${path}: ${message}`);
    this.name = "SecretsProtocolError";
  }
}
