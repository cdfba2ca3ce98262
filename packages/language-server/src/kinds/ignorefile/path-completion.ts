/**
 * Path completion on a pattern line of an ignore file: the entries of the build context (the ignore
 * file's folder, ./ignore-files.ts) under the folder typed so far, segment by segment, as
 * the engine reads a line (moby/patternmatcher `ignorefile.ReadAll`, `@enginekit/build-context`
 * `readIgnoreLines`): a `#` in column 1 makes a comment (no completion), blanks around the pattern and
 * after a leading `!` are trimmed, and a leading `/` is the context root. `src/co|` lists the entries
 * of `src/` that start with `co`; folders end in `/` (and open the list again); the edit replaces just
 * the segment being typed. Nothing is offered once the typed folder holds a wildcard (`*`, `?`, `[`, or
 * a `\` escape), names `..`, or passes through a symbolic link: completion never leaves the context.
 * Bounded to {@link MAX_PATH_ITEMS} entries, sorted by name.
 */
import type { Dirent } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import { isGoSpace, skipGoSpace, trimGoSpaceEnd } from "@enginekit/text";
import {
  type CompletionItem,
  CompletionItemKind,
  type CompletionList,
  type Position,
  type Range,
} from "vscode-languageserver";
import { RETRIGGER_COMPLETION } from "../../providers/retrigger.js";

/** The most entries one completion lists (the list is then marked incomplete). */
export const MAX_PATH_ITEMS = 500;

/** Characters that make a segment a wildcard for the engine (`filepath.Match` syntax). */
const WILDCARD = /[*?[\\]/;

/** The path being typed at the cursor of a pattern line. */
export interface PathCompletionTarget {
  /** The folders typed before the segment, relative to the context root (no `.`/empty segments). */
  folder: string[];
  /** The part of the segment before the cursor. */
  prefix: string;
  /** Columns (UTF-16) of the segment: from its start to its end (the next `/` or the pattern's end). */
  start: number;
  end: number;
  /** True when the segment starts the pattern at column 1 (a name starting with `#` or `!` needs a `\`). */
  atLineStart: boolean;
}

/**
 * Where the cursor is in the pattern of `lineText` (one line, no line break) at UTF-16 column
 * `character`, or undefined where no path is typed: a comment, or a folder with a wildcard or `..`. A
 * byte-order mark opening the line (the file's first) is skipped, as the engine skips it.
 */
export function pathCompletionTarget(lineText: string, character: number): PathCompletionTarget | undefined {
  const bom = lineText.startsWith("\uFEFF") ? 1 : 0;
  if (lineText.startsWith("#", bom) || character < bom) return undefined;
  const at = Math.min(character, lineText.length);
  let i = skipGoSpace(lineText, bom, at);
  if (lineText[i] === "!") i = skipGoSpace(lineText, i + 1, at);
  while (lineText[i] === "/" && i < at) i++;
  const typed = lineText.slice(i, at);
  const slash = typed.lastIndexOf("/");
  const folder = slash < 0 ? [] : typed.slice(0, slash).split("/");
  const prefix = typed.slice(slash + 1);
  if (folder.some((s) => s === ".." || WILDCARD.test(s)) || WILDCARD.test(prefix)) return undefined;
  const start = at - prefix.length;
  let end = at;
  while (end < lineText.length && lineText[end] !== "/") end++;
  if (end === lineText.length) end = Math.max(at, trimGoSpaceEnd(lineText, at, end));
  return {
    folder: folder.filter((s) => s !== "" && s !== "."),
    prefix,
    start,
    end,
    atLineStart: start === bom && !isGoSpace(lineText.charCodeAt(start)),
  };
}

/**
 * The entries of `root/folder…` (never through a symbolic link or out of `root`), undefined when the
 * folder is missing, not a folder or unreadable.
 */
async function folderEntries(root: string, folder: readonly string[]): Promise<Dirent[] | undefined> {
  let dir = root;
  for (const segment of folder) {
    dir = join(dir, segment);
    const stat = await lstat(dir).catch(() => undefined);
    if (!stat?.isDirectory()) return undefined;
  }
  return readdir(dir, { withFileTypes: true }).catch(() => undefined);
}

/** A name as a pattern segment that matches it literally: wildcard characters escaped with `\`. */
function literalSegment(name: string, atLineStart: boolean): string {
  const escaped = name.replace(/[*?[\\]/g, "\\$&");
  return atLineStart && /^[#!]/.test(escaped) ? `\\${escaped}` : escaped;
}

/** Client abilities that change the items. */
export interface PathCompletionOptions {
  /** The client takes `InsertReplaceEdit` (`completionItem.insertReplaceSupport`). */
  insertReplace: boolean;
}

/**
 * Completion of context paths at `position` of an ignore file whose build context is `root`: see the
 * module comment. `lineText` is the position's line without its line break. Undefined when no path is
 * being typed there.
 */
export async function ignoreFilePathCompletion(
  root: string,
  lineText: string,
  position: Position,
  options: PathCompletionOptions,
): Promise<CompletionList | undefined> {
  const target = pathCompletionTarget(lineText, position.character);
  if (!target) return undefined;
  const entries = await folderEntries(root, target.folder);
  if (!entries) return { isIncomplete: false, items: [] };
  const matching = entries
    .filter((e) => e.name.startsWith(target.prefix))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const line = position.line;
  const replace: Range = {
    start: { line, character: target.start },
    end: { line, character: target.end },
  };
  const insert: Range = { start: replace.start, end: { line, character: position.character } };
  const items = matching.slice(0, MAX_PATH_ITEMS).map((e, index): CompletionItem => {
    const folder = e.isDirectory();
    const segment = literalSegment(e.name, target.atLineStart);
    const newText = folder ? `${segment}/` : segment;
    return {
      label: folder ? `${e.name}/` : e.name,
      kind: folder ? CompletionItemKind.Folder : CompletionItemKind.File,
      ...(e.isSymbolicLink() ? { detail: "symbolic link (sent as a link, never followed)" } : {}),
      sortText: String(index).padStart(5, "0"),
      filterText: newText,
      textEdit: options.insertReplace ? { newText, insert, replace } : { newText, range: replace },
      ...(folder ? { command: RETRIGGER_COMPLETION } : {}),
    };
  });
  return { isIncomplete: matching.length > MAX_PATH_ITEMS, items };
}
