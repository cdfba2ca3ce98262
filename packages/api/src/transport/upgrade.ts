/**
 * `upgradeRequest`: an HTTP `Connection: Upgrade` request over undici that resolves to the switched socket
 * (101) or to the refusal's status, headers and body, for the engine's hijacked attach and exec streams
 * (engine §4.1, §4.4).
 */
import type { Duplex } from "node:stream";
import type { Dispatcher } from "undici";

/** What an upgrade request led to: the switched connection, or an ordinary response (an error, usually). */
export type UpgradeOutcome =
  | { upgraded: true; socket: Duplex; headers: Record<string, string | string[] | undefined> }
  | {
      upgraded: false;
      statusCode: number;
      headers: Record<string, string | string[] | undefined>;
      body: string;
    };

/** Options of {@link upgradeRequest}: the request, its upgrade protocol (e.g. `tcp`) and cancellation. */
export interface UpgradeRequestOptions {
  path: string;
  method: string;
  protocol: string;
  headers?: Record<string, string | string[]> | undefined;
  body?: string | Uint8Array | undefined;
  signal?: AbortSignal | undefined;
}

/** The most bytes of a refused upgrade's body kept for its error message. */
const MAX_ERROR_BODY_BYTES = 64 * 1024;

/**
 * Sends a request with `Connection: Upgrade` and `Upgrade: <protocol>` and resolves to the switched socket
 * (status 101) — or, unlike undici's `upgrade()` which reports any other answer as `bad upgrade`, to the
 * ordinary response's status, headers and body (at most 64 KiB), so callers can report the server's own
 * error (e.g. the engine's 404 `{ message }` for a missing container).
 * @throws undici's connection errors, or the signal's reason when aborted.
 */
export function upgradeRequest(
  dispatcher: Dispatcher,
  options: UpgradeRequestOptions,
): Promise<UpgradeOutcome> {
  return new Promise<UpgradeOutcome>((resolve, reject) => {
    const { signal } = options;
    let controller: Dispatcher.DispatchController | undefined;
    let statusCode = 0;
    let headers: Record<string, string | string[] | undefined> = {};
    const chunks: Buffer[] = [];
    let kept = 0;
    let settled = false;
    const onAbort = () => controller?.abort(signal?.reason ?? new Error("aborted"));
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener("abort", onAbort);
      action();
    };
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(start) {
        controller = start;
        if (signal?.aborted) start.abort(signal.reason);
      },
      onResponseStart(_controller, status, responseHeaders) {
        statusCode = status;
        headers = responseHeaders as Record<string, string | string[] | undefined>;
      },
      onResponseData(_controller, chunk) {
        if (kept < MAX_ERROR_BODY_BYTES) {
          chunks.push(chunk);
          kept += chunk.length;
        }
      },
      onResponseEnd() {
        const body = Buffer.concat(chunks).subarray(0, MAX_ERROR_BODY_BYTES).toString("utf8");
        finish(() => resolve({ upgraded: false, statusCode, headers, body }));
      },
      onRequestUpgrade(_controller, _status, responseHeaders, socket) {
        finish(() =>
          resolve({
            upgraded: true,
            socket,
            headers: responseHeaders as Record<string, string | string[] | undefined>,
          }),
        );
      },
      onResponseError(_controller, error) {
        finish(() => reject(signal?.aborted ? (signal.reason ?? error) : error));
      },
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    dispatcher.dispatch(
      {
        path: options.path,
        method: options.method as Dispatcher.HttpMethod,
        headers: options.headers ?? null,
        body: options.body ?? null,
        upgrade: options.protocol,
      },
      handler,
    );
  });
}
