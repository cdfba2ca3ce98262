/**
 * `safeHandler`/`safeNotification`: the one wrapper around request and notification handlers — a
 * cancelled request or a failing feature returns its empty result and is logged, so the server keeps serving.
 */
import { type CancellationToken, ResponseError } from "vscode-languageserver";

/** Where a failed handler is reported (the connection's console in the server, an array in tests). */
export interface HandlerLogger {
  error(message: string): void;
}

/**
 * Wraps every request handler of the server (the one wrapper, task §1): a cancelled request returns
 * `fallback` without running; an exception or rejected promise is logged with the feature's name and
 * also returns `fallback`, so a bug in one feature never reaches the connection and the server keeps
 * serving. `fallback` is the feature's empty result (`null`, `[]`). A `ResponseError` the handler throws is
 * its answer, not a failure (a rename refused with the reason the editor shows), and goes to the client.
 */
export function safeHandler<P, R, F>(
  name: string,
  logger: HandlerLogger,
  fallback: F,
  handler: (params: P, token: CancellationToken) => R | Promise<R>,
): (params: P, token: CancellationToken) => Promise<R | F> {
  return async (params, token) => {
    if (token?.isCancellationRequested) return fallback;
    try {
      const result = await handler(params, token);
      return token?.isCancellationRequested ? fallback : result;
    } catch (error) {
      if (error instanceof ResponseError) throw error;
      logger.error(`enginekit: ${name} failed: ${describeError(error)}`);
      return fallback;
    }
  };
}

/** A notification handler that logs instead of throwing (same contract as {@link safeHandler}). */
export function safeNotification<P>(
  name: string,
  logger: HandlerLogger,
  handler: (params: P) => void | Promise<void>,
): (params: P) => void {
  return (params) => {
    try {
      const result = handler(params);
      if (result instanceof Promise)
        result.catch((error: unknown) => logger.error(`enginekit: ${name} failed: ${describeError(error)}`));
    } catch (error) {
      logger.error(`enginekit: ${name} failed: ${describeError(error)}`);
    }
  };
}

/** A one-line description of a thrown value (message and first stack frame; never request data). */
function describeError(error: unknown): string {
  if (error instanceof Error) {
    const frame = error.stack?.split("\n")[1]?.trim();
    return frame ? `${error.message} (${frame})` : error.message;
  }
  return String(error);
}
