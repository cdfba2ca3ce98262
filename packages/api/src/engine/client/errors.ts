/**
 * Errors thrown by the EngineClient. All extend {@link EngineError}; none carries a credential (registry
 * passwords and tokens are only ever in request headers, which errors do not copy).
 */

/** Base class of every EngineClient error. */
export class EngineError extends Error {
  override name = "EngineError";
}

/** The accepted `ENGINE_HOST` forms, quoted by {@link EngineAddressError}. */
export const ACCEPTED_ENGINE_ADDRESSES =
  "unix:///path/to/engine.sock, tcp://host:port or ssh://[user@]host[:port]";

/**
 * `address` with the password of its user information (`scheme://user:password@host`) replaced by
 * `xxxxx`, as Go's `url.URL.Redacted` shows it; other text unchanged. The user information ends at the
 * last `@` before the first `/` after `scheme://`, so a password holding `@` or `:` is hidden whole.
 */
export function redactAddressPassword(address: string): string {
  return address.replace(
    /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)@/i,
    (whole, scheme: string, userinfo: string) => {
      const colon = userinfo.indexOf(":");
      return colon < 0 ? whole : `${scheme}${userinfo.slice(0, colon)}:xxxxx@`;
    },
  );
}

/**
 * A malformed engine address; `value` is the address as given with any password hidden
 * ({@link redactAddressPassword}: the engine CLI refuses a plain-text password without echoing it),
 * `source` where it came from (`DOCKER_HOST`, `ENGINE_HOST`, `--host`, `context "prod"`), when known.
 */
export class EngineAddressError extends EngineError {
  override name = "EngineAddressError";
  readonly value: string;
  constructor(
    value: string,
    readonly reason: string,
    readonly source?: string,
  ) {
    const shown = redactAddressPassword(value);
    super(
      `invalid engine address ${JSON.stringify(shown)}${source ? ` (from ${source})` : ""}: ${reason} (accepted: ${ACCEPTED_ENGINE_ADDRESSES})`,
    );
    this.value = shown;
  }
}

/** Bad client configuration other than the address (e.g. unreadable TLS files in `ENGINE_CERT_PATH`). */
export class EngineConfigError extends EngineError {
  override name = "EngineConfigError";
}

/**
 * The engine answered with an error status (engine §7): `status` is the HTTP status, `method`/`path` the
 * request (path without query), `engineMessage` the `message` of the engine's `{ message }` body.
 */
export class EngineApiError extends EngineError {
  override name = "EngineApiError";
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    readonly engineMessage: string,
  ) {
    super(`${method} ${path} failed with ${status}: ${engineMessage || "(no message)"}`);
  }
}

/** The engine could not be reached at `address` (socket missing, connection refused, TLS failure…). */
export class EngineConnectionError extends EngineError {
  override name = "EngineConnectionError";
  constructor(
    readonly address: string,
    readonly code: string | undefined,
    cause: unknown,
  ) {
    super(`cannot reach the engine at ${address}: ${describeCause(cause)}`, { cause });
  }
}

/**
 * A call exceeded a time limit: `answer` (no response head, or the body idle, for `timeoutMs`), `idle` (a
 * progress stream silent for the client's `idleTimeoutMs`) or `deadline` (the whole call took longer than
 * the client's `deadlineMs`).
 */
export class EngineTimeoutError extends EngineError {
  override name = "EngineTimeoutError";
  constructor(
    readonly method: string,
    readonly path: string,
    readonly timeoutMs: number,
    readonly limit: "answer" | "idle" | "deadline" = "answer",
  ) {
    super(
      limit === "deadline"
        ? `${method} ${path} did not finish within ${timeoutMs} ms`
        : limit === "idle"
          ? `${method} ${path}: no output for ${timeoutMs} ms`
          : `${method} ${path} timed out after ${timeoutMs} ms`,
    );
  }
}

/** The engine's API version range does not include anything this client can speak (engine §9). */
export class EngineVersionError extends EngineError {
  override name = "EngineVersionError";
}

/**
 * A streamed operation (build, image create/push/load) reported a failure inside its 200 stream (engine §7.3):
 * `code` is `errorDetail.code` when sent (the build's exit code), `engineMessage` the error text.
 */
export class EngineStreamError extends EngineError {
  override name = "EngineStreamError";
  constructor(
    readonly engineMessage: string,
    readonly code: number | undefined,
  ) {
    super(engineMessage);
  }
}

/**
 * A response did not match its schema (only with the client's `validateResponses`): `issues` are zod's
 * issues; the message names the request and up to five field paths.
 */
export class EngineResponseError extends EngineError {
  override name = "EngineResponseError";
  constructor(
    readonly method: string,
    readonly path: string,
    readonly issues: readonly { path: readonly PropertyKey[]; message: string }[],
  ) {
    const shown = issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join(".") || "(root)"}: ${issue.message}`)
      .join("; ");
    super(
      `${method} ${path}: the response does not match its schema: ${shown}${issues.length > 5 ? "; …" : ""}`,
    );
  }
}

/** Malformed bytes in an engine stream (JSON messages or multiplexed frames); `offset` counts bytes. */
export class EngineProtocolError extends EngineError {
  override name = "EngineProtocolError";
}

function describeCause(cause: unknown): string {
  const code = (cause as { code?: unknown })?.code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return typeof code === "string" && !message.includes(code) ? `${code} ${message}` : message;
}
