/**
 * The `enginekit: Lint Workspace` command: opens every Enginefile, manifest, ignore file and Compose file of the workspace
 * so their diagnostics reach the Problems panel (the files `enginekit lint .` lints).
 */
import * as vscode from "vscode";
import type { SelectorSettings } from "../client/document-selector.js";
import {
  COMPOSE_GLOB,
  DOCKERFILE_GLOB,
  ENGINEFILE_GLOB,
  IGNORE_FILE_GLOB,
  MANIFEST_GLOB,
  manifestSettingPattern,
} from "../manifest/file-patterns.js";

/** At most this many files are opened by one "Lint Workspace" (a guard for huge folders). */
const LINT_WORKSPACE_MAX_FILES = 2_000;

const EXCLUDE = "**/{node_modules,.git}/**";

/**
 * `enginekit: Lint Workspace`: opens (without showing) every Enginefile, manifest, ignore file
 * (`.engineignore`, `.dockerignore` and their `<build file>.` forms) and Compose file of the workspace, so the client syncs
 * them to the server and their diagnostics appear in the Problems panel, then shows that panel: the
 * files `enginekit lint .` lints in a walk (docs/lint.md "Which files"). The extension checks nothing
 * itself: the findings are the server's, the same as `enginekit lint` gives. Returns the number of
 * files opened.
 */
export async function lintWorkspace(settings: SelectorSettings): Promise<number> {
  const globs = [
    ENGINEFILE_GLOB,
    MANIFEST_GLOB,
    IGNORE_FILE_GLOB,
    COMPOSE_GLOB,
    ...(settings.dockerfiles ? [DOCKERFILE_GLOB] : []),
    ...settings.manifests.map(manifestSettingPattern),
  ];
  const found = new Map<string, vscode.Uri>();
  for (const glob of globs)
    for (const uri of await vscode.workspace.findFiles(glob, EXCLUDE, LINT_WORKSPACE_MAX_FILES))
      found.set(uri.toString(), uri);
  const uris = [...found.values()].slice(0, LINT_WORKSPACE_MAX_FILES);
  await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: `enginekit: linting ${uris.length} files` },
    () =>
      Promise.all(uris.map((uri) => vscode.workspace.openTextDocument(uri).then(undefined, () => undefined))),
  );
  await vscode.commands.executeCommand("workbench.actions.view.problems");
  return uris.length;
}
