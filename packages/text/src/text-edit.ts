/**
 * The one text-edit shape and its applier, used by the formatter's edits, the linter's quick fixes and
 * `--fix`, and (converted one to one) the language server's `TextEdit`s. Same shape as the LSP's
 * `TextEdit` with {@link Range}s that also carry offsets.
 */
import type { Range } from "./position.js";

/** Replace `range` of a text with `newText` (an insertion has `start` equal to `end`). */
export interface TextEdit {
  range: Range;
  newText: string;
}

/** Orders edits by start offset, then end offset: the order {@link applyTextEdits} applies them in. */
export function compareTextEdits(a: TextEdit, b: TextEdit): number {
  return a.range.start.offset - b.range.start.offset || a.range.end.offset - b.range.end.offset;
}

/**
 * Applies edits to `text` by their UTF-16 offsets, in any order, in one left-to-right join: O(text + edits
 * log edits). An edit that starts inside an earlier-starting one is skipped, so the result is always
 * well-formed (callers that need every edit, such as `--fix`, choose non-overlapping edits first).
 * Never throws.
 */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = edits.length < 2 ? edits : [...edits].sort(compareTextEdits);
  const parts: string[] = [];
  let at = 0;
  for (const e of sorted) {
    const start = e.range.start.offset;
    if (start < at) continue;
    parts.push(text.slice(at, start), e.newText);
    at = Math.max(start, e.range.end.offset);
  }
  parts.push(text.slice(at));
  return parts.join("");
}
