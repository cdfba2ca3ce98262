/**
 * `SecretsTransport`, the HTTP layer of the secrets client: headers and namespace (secrets §5), the 32 MiB
 * request and response limits (secrets §8), per-attempt timeouts, retries with jittered backoff and
 * `Retry-After` like the Vault client, errors (secrets §7), and redaction of the token and values from
 * messages.
 */
import { inspect } from "node:util";
import type { Dispatcher, Pool } from "undici";
import { BodyTooLargeError, formatLimit, readBodyText } from "../../transport/body-reader.js";
import { createDispatcher } from "../../transport/dispatcher.js";
import { encodeQuery } from "../../transport/query.js";
import { isTimeoutError, timeoutOptions } from "../../transport/timeouts.js";
import { SECRETS_API_PREFIX, SECRETS_MAX_REQUEST_BYTES } from "../schemas/limits.js";
import { SecretsApiError, SecretsConnectionError, SecretsProtocolError } from "./errors.js";
import type { ResolvedClientOptions, SecretsRetryOptions } from "./options.js";
import { encodePath, normalizePath } from "./paths.js";
import { REDACTED, redact, stringLeaves } from "./redact.js";
import { backoffMs, isRetryableStatus, parseRetryAfter, sleep } from "./retry.js";

/** Per-call options every client method accepts. */
export interface SecretsCallOptions {
  /** Aborts the call (including retry waits); the call rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Per-attempt deadline in milliseconds, head and body (overrides the client's). */
  timeoutMs?: number;
  /** Retry policy for this call (merged over the client's). */
  retry?: SecretsRetryOptions;
}

/** One request as the transport sends it. */
export interface SendRequest extends SecretsCallOptions {
  method: string;
  /** API path below `/v1/`, unencoded (e.g. `secret/data/app/db`); normalised and checked here. */
  path: string;
  query?: Record<string, string>;
  /** JSON body; refused when its encoding exceeds 32 MiB. */
  body?: unknown;
  /** Statuses ≥ 300 returned as an answer instead of thrown (e.g. 404 for listings, health codes). */
  accept?: readonly number[];
  /** Send the token (default true; false for unauthenticated routes like `sys/health`). */
  authenticated?: boolean;
}

/** A request checked and encoded once for all its attempts. */
interface PreparedRequest {
  /** API path as sent (with the namespace prefix in `prefix` mode), for messages. */
  fullPath: string;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
  /** String values of the body, redacted from messages. */
  values: string[];
  timeoutMs: number;
}

/** What one attempt produced: the status (0 = no answer), `Retry-After` and the answer or error. */
interface AttemptResult {
  status: number;
  retryAfterMs: number | undefined;
  outcome: SendResponse | Error;
}

/** Parses a JSON body; empty or non-JSON text (e.g. a proxy's HTML error page) yields `undefined`. */
function parseJsonOrUndefined(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A parsed answer: the status and the JSON body (undefined for an empty body, e.g. 204). */
export interface SendResponse {
  status: number;
  body: unknown;
}

const TLS_VERIFY_CODES = new Set([
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "CERT_HAS_EXPIRED",
  "CERT_NOT_YET_VALID",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "CERT_UNTRUSTED",
]);

/** Finds a TLS verification failure code in an error or its causes. */
function tlsVerifyCode(error: unknown): string | undefined {
  for (
    let e = error as { code?: string; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    if (e.code && TLS_VERIFY_CODES.has(e.code)) return e.code;
  }
  return undefined;
}

/**
 * The HTTP layer of the secrets client (undici `Pool` per origin): headers (secrets §5), namespace as
 * header or path prefix, the 32 MiB body limit (secrets §8), the per-attempt timeout, retries with
 * jittered backoff and `Retry-After` (research secrets-anchors §6), and redaction of the token and
 * request values from every message. The token is held in a private field and never printed.
 */
export class SecretsTransport {
  readonly #options: ResolvedClientOptions;
  readonly #pool: Pool;
  #token: string | undefined;
  /** With `failFast`: the first request that had no answer in time (later requests fail at once). */
  #timedOut: SecretsConnectionError | undefined;

  constructor(options: ResolvedClientOptions) {
    this.#options = options;
    this.#token = options.token;
    this.#pool = createDispatcher({
      origin: options.origin,
      tls: { ca: options.caCertPem, verify: !options.skipVerify },
    });
  }

  /** The address (origin) requests go to. */
  get origin(): string {
    return this.#options.origin;
  }

  /** The namespace (`ns1/`, or `""` for the root). */
  get namespace(): string {
    return this.#options.namespace;
  }

  /** Whether a token is set. */
  get hasToken(): boolean {
    return this.#token !== undefined;
  }

  /** Replaces the token used by later calls (after a login). */
  setToken(token: string | undefined): void {
    this.#token = token;
  }

  /** Replaces the token and returns the previous one. */
  swapToken(token: string | undefined): string | undefined {
    const previous = this.#token;
    this.#token = token;
    return previous;
  }

  /** Redacts the token and `extra` values from `text`. */
  redact(text: string, extra: Iterable<string> = []): string {
    return redact(text, [this.#token, ...extra]);
  }

  /**
   * Sends one request with retries. Resolves to the answer for 2xx and for statuses in `accept`;
   * throws {@link SecretsApiError} for other statuses ≥ 300 (redirects are not followed) or, before
   * sending, for a bad path or an oversized body; {@link SecretsConnectionError} when no answer came
   * (network, TLS, timeout); the signal's reason when aborted.
   */
  async send(request: SendRequest): Promise<SendResponse> {
    const prepared = this.#prepare(request);
    if (this.#timedOut) {
      throw new SecretsConnectionError(
        `not sent: ${this.#options.origin} gave no answer in time to an earlier request (${this.#timedOut.method} ${this.#timedOut.path})`,
        "timeout",
        request.method,
        prepared.fullPath,
      );
    }
    try {
      return await this.#sendWithRetries(request, prepared);
    } catch (error) {
      if (this.#options.failFast && error instanceof SecretsConnectionError && error.reason === "timeout")
        this.#timedOut ??= error;
      throw error;
    }
  }

  async #sendWithRetries(request: SendRequest, prepared: PreparedRequest): Promise<SendResponse> {
    const retry = { ...this.#options.retry, ...request.retry };
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      request.signal?.throwIfAborted();
      const { status, retryAfterMs, outcome } = await this.#attempt(request, prepared, attempt);
      if (!(outcome instanceof Error)) return outcome;
      if (outcome instanceof SecretsConnectionError && outcome.reason === "tls") throw outcome;
      const retryable = status === 0 || isRetryableStatus(status);
      if (!retryable || attempt > retry.maxRetries) throw outcome;
      const honoured = status === 429 || status === 503 ? retryAfterMs : undefined;
      const wait = backoffMs(attempt, retry, honoured);
      if (Date.now() - started + wait > retry.maxElapsedMs) throw outcome;
      await sleep(wait, request.signal);
    }
  }

  /** Checks and encodes a request once for all its attempts: URL, headers, JSON payload. */
  #prepare(request: SendRequest): PreparedRequest {
    const o = this.#options;
    const path = normalizePath(request.path, request.method);
    const fullPath = o.namespaceMode === "prefix" ? `${o.namespace}${path}` : path;
    let payload: string | undefined;
    if (request.body !== undefined) {
      payload = JSON.stringify(request.body);
      if (
        payload.length > SECRETS_MAX_REQUEST_BYTES / 4 &&
        Buffer.byteLength(payload) > SECRETS_MAX_REQUEST_BYTES
      ) {
        throw new SecretsApiError({
          status: 413,
          errors: [],
          method: request.method,
          path: fullPath,
          sent: false,
        });
      }
    }
    const headers: Record<string, string> = { [o.headers.request]: "true" };
    if (payload !== undefined) headers["content-type"] = "application/json";
    if (request.authenticated !== false && this.#token !== undefined) {
      if (o.tokenHeader === "bearer") headers.authorization = `Bearer ${this.#token}`;
      else headers[o.headers.token] = this.#token;
    }
    if (o.namespaceMode === "header" && o.namespace) headers[o.headers.namespace] = o.namespace;
    return {
      fullPath,
      url: `${SECRETS_API_PREFIX}${encodePath(fullPath)}${encodeQuery(request.query)}`,
      headers,
      payload,
      values: request.body === undefined ? [] : stringLeaves(request.body),
      timeoutMs: request.timeoutMs ?? o.timeoutMs,
    };
  }

  /** One attempt: the answer, or the error it stands for (status 0 when no answer came). */
  async #attempt(request: SendRequest, p: PreparedRequest, attempt: number): Promise<AttemptResult> {
    const started = Date.now();
    // One deadline for the whole attempt, head and body: a slow-drip body cannot outlast it (undici's own
    // timers only bound the silence between chunks).
    const deadline = p.timeoutMs > 0 ? AbortSignal.timeout(p.timeoutMs) : undefined;
    const signal =
      deadline && request.signal ? AbortSignal.any([request.signal, deadline]) : (deadline ?? request.signal);
    let result: AttemptResult;
    try {
      const res = await this.#pool.request({
        path: p.url,
        method: request.method as "GET",
        headers: p.headers,
        body: p.payload,
        signal,
        ...timeoutOptions(0),
      });
      const status = res.statusCode;
      const body = this.#parseBody(
        await this.#readBody(res, request.method, p),
        res,
        status,
        request.method,
        p,
      );
      const retryAfterMs = parseRetryAfter(res.headers["retry-after"]);
      if (status < 300 || request.accept?.includes(status)) {
        result = { status, retryAfterMs, outcome: { status, body } };
      } else {
        const rawErrors = (body as { errors?: unknown } | undefined)?.errors;
        const errors = Array.isArray(rawErrors) ? rawErrors.map((e) => this.redact(String(e), p.values)) : [];
        const hasEnvelope = body !== null && typeof body === "object" && "data" in body;
        const error = new SecretsApiError({
          status,
          errors,
          method: request.method,
          path: p.fullPath,
          body: hasEnvelope ? body : undefined,
        });
        result = { status, retryAfterMs, outcome: error };
      }
    } catch (error) {
      if (request.signal?.aborted) throw request.signal.reason;
      if (error instanceof SecretsProtocolError) throw error;
      result = {
        status: 0,
        retryAfterMs: undefined,
        outcome: this.#connectionError(error, request.method, p, deadline?.aborted === true),
      };
    }
    this.#options.logger?.(
      `secrets: ${request.method} ${p.fullPath} -> ${result.status || "no answer"} (${Date.now() - started} ms, attempt ${attempt})`,
    );
    return result;
  }

  /**
   * Reads a body of at most `maxResponseBytes`, decoded as it arrives.
   * @throws SecretsProtocolError when it is larger (the connection is closed, the rest never read).
   */
  async #readBody(res: Dispatcher.ResponseData, method: string, p: PreparedRequest): Promise<string> {
    try {
      return await readBodyText(res, this.#options.maxResponseBytes);
    } catch (error) {
      if (error instanceof BodyTooLargeError) {
        throw new SecretsProtocolError(
          `the answer from ${this.#options.origin} is larger than ${formatLimit(error.limitBytes)} (maxResponseBytes)`,
          method,
          p.fullPath,
        );
      }
      throw error;
    }
  }

  /**
   * Parses a body as JSON. An error status may carry anything (a proxy's HTML page: `undefined`); a
   * success that is not JSON means the address is not the secrets service.
   * @throws SecretsProtocolError for a 2xx answer that is not JSON, naming its Content-Type.
   */
  #parseBody(
    text: string,
    res: Dispatcher.ResponseData,
    status: number,
    method: string,
    p: PreparedRequest,
  ): unknown {
    const body = parseJsonOrUndefined(text);
    if (body === undefined && text.trim().length > 0 && status < 300) {
      const type = res.headers["content-type"];
      throw new SecretsProtocolError(
        `${this.#options.origin} answered ${status} with ${Array.isArray(type) ? type[0] : (type ?? "no Content-Type")}, not JSON: is it the secrets service?`,
        method,
        p.fullPath,
      );
    }
    return body;
  }

  /** Classifies a failure without an answer: timeout, TLS verification, or another network error. */
  #connectionError(
    error: unknown,
    method: string,
    p: PreparedRequest,
    preciseTimeout: boolean,
  ): SecretsConnectionError {
    const origin = this.#options.origin;
    const tls = tlsVerifyCode(error);
    const timedOut = preciseTimeout || isTimeoutError(error);
    const message = timedOut
      ? `no complete answer within ${p.timeoutMs} ms from ${origin}`
      : tls
        ? `TLS certificate verification failed (${tls}) for ${origin}; give the CA with SVC_CACERT (or VAULT_CACERT, VAULT_CAPATH) or, for a dev server only, SVC_SKIP_VERIFY=true`
        : `cannot reach the secrets service at ${origin}: ${(error as Error).message}`;
    return new SecretsConnectionError(
      this.redact(message, p.values),
      timedOut ? "timeout" : tls ? "tls" : "network",
      method,
      p.fullPath,
    );
  }

  /** Closes the connection pool. */
  async close(): Promise<void> {
    await this.#pool.close();
  }

  /** Inspect/print without the token. */
  [inspect.custom](): string {
    return this.toString();
  }

  toString(): string {
    return `SecretsTransport { origin: ${this.#options.origin}, namespace: ${JSON.stringify(this.#options.namespace)}, token: ${this.#token ? REDACTED : "none"} }`;
  }

  toJSON(): Record<string, unknown> {
    return {
      origin: this.#options.origin,
      namespace: this.#options.namespace,
      token: this.#token ? REDACTED : null,
    };
  }
}
