/**
 * `EnginekitClient`: the extension's one language client (vscode-languageclient), recreated when a setting
 * that decides its process or its documents changes.
 */
import * as vscode from "vscode";
import { LanguageClient } from "vscode-languageclient/node";
import { RESTARTING_SETTINGS } from "../manifest/client-settings.js";
import { documentSelector, type SelectorSettings } from "./document-selector.js";
import { PushDiagnosticsFeature } from "./push-diagnostics.js";
import { serverOptions } from "./server-options.js";

/**
 * The one language client of the extension, recreated when a setting that decides its process or its
 * documents changes (src/manifest/client-settings.ts `RESTARTING_SETTINGS`). Settings of the server
 * itself are not handled here: vscode-languageclient answers the server's `workspace/configuration`
 * requests and forwards `workspace/didChangeConfiguration`.
 */
export class EnginekitClient implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private readonly onStartedHandlers: ((client: LanguageClient) => void)[] = [];
  /** The shared output channel (one across restarts, so a restart does not lose the log). */
  readonly output = vscode.window.createOutputChannel("enginekit", { log: true });
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(private readonly bundledServer: string) {
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (RESTARTING_SETTINGS.some((s) => event.affectsConfiguration(s))) void this.restart();
      }),
    );
  }

  /** The running client, if started. */
  get current(): LanguageClient | undefined {
    return this.client;
  }

  /** The selector settings now in effect. */
  selectorSettings(): SelectorSettings {
    const config = vscode.workspace.getConfiguration("enginekit");
    return {
      dockerfiles: config.get<boolean>("dockerfiles", true),
      manifests: config.get<string[]>("manifests", []).filter((g) => typeof g === "string" && g !== ""),
    };
  }

  /** Runs `handler` with every client once it has started (the first and each restart). */
  onStarted(handler: (client: LanguageClient) => void): void {
    this.onStartedHandlers.push(handler);
  }

  /** Starts the client; failures are shown once and logged, never thrown. */
  async start(): Promise<void> {
    const config = vscode.workspace.getConfiguration("enginekit");
    const client = new LanguageClient(
      "enginekit",
      "enginekit",
      serverOptions(this.bundledServer, config.get<string>("server.path", "")),
      {
        documentSelector: documentSelector(this.selectorSettings()),
        outputChannel: this.output,
      },
    );
    client.registerFeature(new PushDiagnosticsFeature());
    this.client = client;
    try {
      await client.start();
      for (const handler of this.onStartedHandlers) handler(client);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.output.appendLine(`enginekit: the language server did not start: ${message}`);
      void vscode.window.showErrorMessage(`enginekit: the language server did not start: ${message}`);
    }
  }

  /** Stops the running client (its server exits) and starts a new one with the current settings. */
  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  /** Stops the client, if running. */
  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    if (client?.isRunning()) await client.stop().catch(() => undefined);
  }

  dispose(): void {
    void this.stop();
    for (const s of this.subscriptions) s.dispose();
    this.output.dispose();
  }
}
