/**
 * Path completion in Compose files (`build.context`, `build.dockerfile`, `env_file`, `include`,
 * `extends.file`, top-level `secrets.*.file`/`configs.*.file`): the entries of the folder typed so far,
 * relative to where Compose resolves the value — the folder of the file the key is written in (the project
 * directory for the project's own files), and for `dockerfile` the service's build context — folders first
 * re-triggering completion, at most {@link MAX_PATH_ITEMS}. Unsaved documents (no folder) complete nothing.
 */
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { dirname, isAbsolute, resolve } from "node:path";
import type { PathSegment } from "@enginekit/manifests";
import { type CompletionItem, CompletionItemKind, type Range } from "vscode-languageserver";
import { RETRIGGER_COMPLETION } from "../../providers/retrigger.js";
import type { ComposeAnalysis } from "./analysis.js";
import { buildContextOf } from "./stages.js";

/** What a path value names: a folder (`build.context`), a file, or a Dockerfile inside the build context. */
export type PathKind = "folder" | "file" | "dockerfile";

/** The most entries one answer lists (a folder of 100,000 files is not one list). */
const MAX_PATH_ITEMS = 500;

/** The folder relative paths at `path` start from; undefined for an unsaved document. */
function baseFolder(
  analysis: ComposeAnalysis,
  path: readonly PathSegment[],
  kind: PathKind,
): string | undefined {
  if (!analysis.uri.startsWith("file:")) return undefined;
  if (kind === "dockerfile") return buildContextOf(analysis, String(path[1]));
  const project = analysis.compose.project;
  return project.baseDirectories.get(analysis.compose.path) ?? dirname(analysis.compose.path);
}

/** Completion items for the path `typed` so far (quotes left out), replacing it in `range`. */
export async function pathItems(
  analysis: ComposeAnalysis,
  path: readonly PathSegment[],
  typed: string,
  range: Range,
  kind: PathKind,
): Promise<CompletionItem[]> {
  const base = baseFolder(analysis, path, kind);
  const value = typed.replace(/^["']/, "");
  if (base === undefined || /^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return [];
  const slash = value.lastIndexOf("/");
  const folder = value.slice(0, slash + 1);
  const prefix = value.slice(slash + 1);
  let entries: Dirent[];
  try {
    entries = await readdir(isAbsolute(folder) ? folder : resolve(base, folder || "."), {
      withFileTypes: true,
    });
  } catch {
    return [];
  }
  const start = { line: range.start.line, character: range.end.character - prefix.length };
  return entries
    .filter((e) => e.name.startsWith(prefix) && (kind !== "folder" || e.isDirectory()))
    .sort((a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || (a.name < b.name ? -1 : 1))
    .slice(0, MAX_PATH_ITEMS)
    .map((e, index): CompletionItem => {
      const isFolder = e.isDirectory();
      return {
        label: isFolder ? `${e.name}/` : e.name,
        kind: isFolder ? CompletionItemKind.Folder : CompletionItemKind.File,
        sortText: String(index).padStart(5, "0"),
        textEdit: { range: { start, end: range.end }, newText: isFolder ? `${e.name}/` : e.name },
        ...(isFolder ? { command: RETRIGGER_COMPLETION } : {}),
      };
    });
}
