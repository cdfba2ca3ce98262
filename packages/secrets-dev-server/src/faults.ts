/**
 * `FaultQueue`: failures the dev server answers instead of handling the next matching requests (a status,
 * `errors`, `Retry-After`; secrets §7), for testing clients' retries and error handling.
 */
import { type DevReply, errorReply } from "./types.js";

/**
 * A failure the dev server answers instead of handling requests (for testing retries and error
 * handling): `status` with `errors`, optionally `Retry-After`, for the next `count` matching requests.
 */
export interface Fault {
  status: number;
  /** How many requests fail (default 1). */
  count?: number;
  /** Messages of the error body (default: a message typical of the status, research secrets-anchors §3). */
  errors?: string[];
  /** Sends `Retry-After: <seconds>`. */
  retryAfterSeconds?: number;
  /** Only requests whose namespace-relative path starts with this (default: every path except sys/health and sys/seal-status). */
  pathPrefix?: string;
}

const DEFAULT_ERRORS: Record<number, string> = {
  412: "required index state not present",
  429: "request path: rate limit quota exceeded",
  500: "internal error",
  502: "upstream request failed",
  503: "service is sealed",
};

/** A queue of {@link Fault}s consumed by matching requests. */
export class FaultQueue {
  readonly #queue: (Fault & { remaining: number })[] = [];

  /** Queues a fault. */
  add(fault: Fault): void {
    this.#queue.push({ ...fault, remaining: fault.count ?? 1 });
  }

  /** The reply for this request if a queued fault matches it (and consumes one use). */
  take(path: string): DevReply | undefined {
    const fault = this.#queue.find((f) => path.startsWith(f.pathPrefix ?? ""));
    if (!fault) return undefined;
    fault.remaining--;
    if (fault.remaining <= 0) this.#queue.splice(this.#queue.indexOf(fault), 1);
    const headers =
      fault.retryAfterSeconds !== undefined ? { "retry-after": String(fault.retryAfterSeconds) } : undefined;
    return errorReply(
      fault.status,
      fault.errors ?? [DEFAULT_ERRORS[fault.status] ?? `status ${fault.status}`],
      headers,
    );
  }
}
