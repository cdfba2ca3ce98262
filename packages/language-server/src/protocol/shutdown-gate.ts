/**
 * Requests after `shutdown` (LSP 3.17 "Shutdown Request": "If a server receives requests after a
 * shutdown request those requests should error with `InvalidRequest`"). vscode-languageserver answers
 * them as usual, so the connection's message strategy (vscode-jsonrpc `ConnectionOptions.messageStrategy`,
 * which sees every message before it is dispatched) hands each request that arrives after the first
 * `shutdown` to {@link AFTER_SHUTDOWN_METHOD}, whose handler (registered by the server) answers
 * `InvalidRequest` naming the method. Notifications (`exit`) pass unchanged.
 */
import {
  type ConnectionOptions,
  ErrorCodes,
  Message,
  type RequestMessage,
  ResponseError,
} from "vscode-languageserver";
import type { ConnectionActivity } from "./connection-activity.js";

/** The method a request after `shutdown` is handed to (its params: `{ method }`, the method asked for). */
export const AFTER_SHUTDOWN_METHOD = "enginekit/requestAfterShutdown";

/**
 * Connection options for one connection: the gate remembers that this connection's `shutdown` came, and
 * tells `activity` (when given) of every message it dispatches.
 */
export function shutdownGate(activity?: ConnectionActivity): ConnectionOptions {
  let shutdown = false;
  return {
    messageStrategy: {
      handleMessage(message, next) {
        activity?.dispatched();
        if (Message.isRequest(message)) {
          if (shutdown)
            return next({
              ...message,
              method: AFTER_SHUTDOWN_METHOD,
              params: { method: message.method },
            } as RequestMessage);
          if (message.method === "shutdown") shutdown = true;
        }
        return next(message);
      },
    },
  };
}

/** The answer to a request after `shutdown`: `InvalidRequest`, naming the method (params of {@link AFTER_SHUTDOWN_METHOD}). */
export function afterShutdownError(params: unknown): ResponseError<void> {
  const method = (params as { method?: unknown } | null)?.method;
  return new ResponseError(
    ErrorCodes.InvalidRequest,
    `${typeof method === "string" ? method.slice(0, 100) : "request"}: the server received shutdown; only exit is accepted now`,
  );
}
