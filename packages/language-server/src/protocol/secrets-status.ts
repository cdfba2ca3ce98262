/**
 * `enginekit/secretsStatus`: the server-to-client notification (an enginekit extension of LSP) telling the
 * editor how the last secrets-service lookup went, sent only on change.
 */
import type { Connection } from "vscode-languageserver";
import type { ServiceProblem } from "../secrets/service-errors.js";

/**
 * `enginekit/secretsStatus`: a server → client notification (an enginekit extension of LSP, not in the
 * 3.17 specification) telling an editor how the last secrets-service lookup went, for a status bar item
 * (the VS Code extension, packages/vscode). Sent only when the state or the address changes, so a client
 * that ignores unknown notifications (every LSP client must) loses nothing. Never carries a token or a
 * secret value: only the address (`enginekit.secrets.address` or `SVC_ADDR`) and the user-facing message
 * of src/secrets/service-errors.ts.
 */
export const SECRETS_STATUS_METHOD = "enginekit/secretsStatus";

/** `connected` after a lookup answered; otherwise the kind of problem the last lookup met. */
export type SecretsStatusState = "connected" | ServiceProblem["kind"];

/** Parameters of {@link SECRETS_STATUS_METHOD}. */
export interface SecretsStatus {
  state: SecretsStatusState;
  /** The service address the lookup went to, e.g. `https://127.0.0.1:8200`. */
  address: string;
  /** The problem as shown to the user (absent when connected). */
  message?: string;
}

/**
 * A sender of {@link SECRETS_STATUS_METHOD} over `connection` that drops repeats (same state and address
 * as the last one sent), so calling it after every lookup costs one comparison.
 */
export function secretsStatusNotifier(
  connection: Pick<Connection, "sendNotification">,
): (status: SecretsStatus) => void {
  let last = "";
  return (status) => {
    const key = `${status.state} ${status.address}`;
    if (key === last) return;
    last = key;
    void connection.sendNotification(SECRETS_STATUS_METHOD, status);
  };
}
