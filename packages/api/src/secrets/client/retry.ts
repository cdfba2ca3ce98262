/**
 * Retries of the secrets client, as the official clients do: which statuses are retried (412, 429, 5xx but
 * 501; secrets §7), `Retry-After` parsing, linear jitter backoff, and an abortable sleep.
 */
import type { SecretsRetryOptions } from "./options.js";

/**
 * Whether an HTTP status is retried: 412, 429 and every 5xx except 501 (research secrets-anchors §6,
 * the official clients' `DefaultRetryPolicy`).
 */
export function isRetryableStatus(status: number): boolean {
  return status === 412 || status === 429 || (status >= 500 && status !== 501);
}

/**
 * Parses `Retry-After` (seconds or an HTTP date) into milliseconds, or undefined when absent/invalid.
 * Honoured on 429 and 503 (research §6, `RateLimitLinearJitterBackoff`).
 */
export function parseRetryAfter(value: string | string[] | undefined, now = Date.now()): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Wait before retry number `attempt` (1-based), in milliseconds: linear jitter
 * `(min + random·(max − min)) × attempt` (research §6), or `retryAfterMs` when the service sent one.
 */
export function backoffMs(
  attempt: number,
  retry: Required<SecretsRetryOptions>,
  retryAfterMs?: number,
  random = Math.random,
): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const span = Math.max(0, retry.maxWaitMs - retry.minWaitMs);
  return Math.round((retry.minWaitMs + random() * span) * attempt);
}

/** Sleeps `ms` milliseconds, rejecting with the signal's reason if it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
