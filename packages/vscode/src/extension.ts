/**
 * The enginekit VS Code extension: a thin vscode-languageclient shell (no checks of its own) around the
 * enginekit language server bundled beside it (`server.mjs`). It registers the `enginefile` language,
 * hands Enginefiles, Dockerfiles (per `enginekit.dockerfiles`) and manifests to the server, contributes
 * the server's settings (generated, src/manifest/), three commands and a status bar item for the
 * secrets service. docs/editors.md "VS Code".
 */
import * as vscode from "vscode";
import { documentSelector } from "./client/document-selector.js";
import { EnginekitClient } from "./client/enginekit-client.js";
import { registerCommands } from "./commands/register-commands.js";
import { SecretsStatusItem } from "./status/secrets-status-item.js";

let client: EnginekitClient | undefined;

/** Called by VS Code on the first activation event (package.json `activationEvents`). */
export async function activate(context: vscode.ExtensionContext): Promise<void> {
  client = new EnginekitClient(context.asAbsolutePath("server.mjs"));
  const owner = client;
  const status = new SecretsStatusItem(
    (document) => vscode.languages.match(documentSelector(owner.selectorSettings()), document) > 0,
  );
  client.onStarted((started) => status.attach(started));
  context.subscriptions.push(client, status, ...registerCommands(client));
  await client.start();
}

/** Called by VS Code on shutdown: stops the server. */
export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
