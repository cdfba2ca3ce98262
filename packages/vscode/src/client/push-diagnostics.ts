/**
 * `PushDiagnosticsFeature`: makes the server push diagnostics (LSP `textDocument/publishDiagnostics`) by
 * removing the pull-diagnostics client capability vscode-languageclient announces.
 */
import type { ClientCapabilities, FeatureState, StaticFeature } from "vscode-languageclient";

/**
 * Makes the server push diagnostics (`textDocument/publishDiagnostics`) instead of being pulled: removes
 * the `textDocument.diagnostic` client capability the built-in features announced (this feature is
 * registered after them, so it fills last), and the server then pushes for every synced document
 * (docs/language-server.md, the Diagnostics row of "Features"). vscode-languageclient pulls only for documents shown in a tab,
 * so with pull the files "Lint Workspace" opens in the background would never get their problems.
 */
export class PushDiagnosticsFeature implements StaticFeature {
  fillClientCapabilities(capabilities: ClientCapabilities): void {
    if (capabilities.textDocument) delete capabilities.textDocument.diagnostic;
  }

  initialize(): void {}

  getState(): FeatureState {
    return { kind: "static" };
  }

  clear(): void {}
}
