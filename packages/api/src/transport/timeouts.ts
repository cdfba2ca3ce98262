/**
 * Call timeouts on undici's headers and body timers (`timeoutOptions`), and telling a timeout
 * (`isTimeoutError`) from other failures.
 */
import { errors } from "./undici-parts.js";

/**
 * undici per-request timer settings for a call's `timeoutMs`: the response head must arrive within
 * `timeoutMs` and the body may stay idle at most `timeoutMs` between chunks. `undefined` or `0` disables
 * both (streams that may be quiet for long, such as `GET /events`). undici's timers are used rather than an
 * `AbortSignal.timeout` per call because they cost nothing on the hot path.
 */
export function timeoutOptions(timeoutMs: number | undefined): {
  headersTimeout: number;
  bodyTimeout: number;
} {
  const ms = timeoutMs && timeoutMs > 0 ? timeoutMs : 0;
  return { headersTimeout: ms, bodyTimeout: ms };
}

/** Whether `error` is undici's headers or body timeout (raised by the settings of {@link timeoutOptions}). */
export function isTimeoutError(error: unknown): boolean {
  return error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError;
}
