/**
 * `registerCommands`: registers the extension's commands (restart the server, show its output, lint the
 * workspace).
 */
import * as vscode from "vscode";
import type { EnginekitClient } from "../client/enginekit-client.js";
import { lintWorkspace } from "./lint-workspace.js";

/**
 * Registers the commands of src/manifest/extension-manifest.ts `COMMANDS`: restart the server, show its
 * output, lint the workspace.
 */
export function registerCommands(client: EnginekitClient): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand("enginekit.restartServer", () => client.restart()),
    vscode.commands.registerCommand("enginekit.showOutput", () => client.output.show(true)),
    vscode.commands.registerCommand("enginekit.lintWorkspace", () =>
      lintWorkspace(client.selectorSettings()),
    ),
  ];
}
