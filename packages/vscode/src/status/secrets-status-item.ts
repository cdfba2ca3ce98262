/**
 * `SecretsStatusItem`: the status bar item showing the server's `enginekit/secretsStatus` notification, the
 * state of the last secrets-service lookup.
 */
import { SECRETS_STATUS_METHOD, type SecretsStatus } from "@enginekit/language-server/secrets-status";
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";

/** Status bar text and look per state of the server's `enginekit/secretsStatus` notification. */
const LOOK: Record<SecretsStatus["state"], { icon: string; label: string; warning: boolean }> = {
  connected: { icon: "$(pass)", label: "secrets", warning: false },
  unreachable: { icon: "$(debug-disconnect)", label: "secrets: unreachable", warning: true },
  sealed: { icon: "$(lock)", label: "secrets: sealed", warning: true },
  forbidden: { icon: "$(error)", label: "secrets: forbidden", warning: true },
  "not-configured": { icon: "$(circle-slash)", label: "secrets: not configured", warning: true },
  failed: { icon: "$(error)", label: "secrets: failed", warning: true },
};

/**
 * The status bar item for the secrets service connection: hidden until the server has made a lookup
 * (completion or hover of an `svc:` reference, or an online check), then the state of the last one —
 * connected, unreachable, sealed, forbidden, not configured — with the address and the server's
 * message in the tooltip (never a token or value: the notification carries none,
 * packages/language-server/src/protocol/secrets-status.ts). Shown while an editor the client serves is
 * active; a click opens the `enginekit` output.
 */
export class SecretsStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    "enginekit.secrets",
    vscode.StatusBarAlignment.Right,
    100,
  );
  private status: SecretsStatus | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly serves: (document: vscode.TextDocument) => boolean) {
    this.item.name = "enginekit secrets service";
    this.item.command = "enginekit.showOutput";
    this.subscriptions.push(vscode.window.onDidChangeActiveTextEditor(() => this.refresh()));
  }

  /** Listens to a (re)started client; the state is forgotten until its first lookup. */
  attach(client: LanguageClient): void {
    this.status = undefined;
    this.refresh();
    this.subscriptions.push(
      client.onNotification(SECRETS_STATUS_METHOD, (status: SecretsStatus) => {
        this.status = status;
        this.refresh();
      }),
    );
  }

  private refresh(): void {
    const document = vscode.window.activeTextEditor?.document;
    if (!this.status || !document || !this.serves(document)) {
      this.item.hide();
      return;
    }
    const look = LOOK[this.status.state] ?? LOOK.failed;
    this.item.text = `${look.icon} ${look.label}`;
    this.item.tooltip = this.status.message ?? `Secrets service at ${this.status.address}: connected`;
    this.item.backgroundColor = look.warning
      ? new vscode.ThemeColor("statusBarItem.warningBackground")
      : undefined;
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.item.dispose();
  }
}
