/**
 * Source locations, LSP convention (ARCHITECTURE.md principle 2): `line` is 0-based, `character` is the
 * 0-based UTF-16 code unit column within the line, `offset` is the 0-based UTF-16 code unit index into the
 * whole text (what JavaScript string indices, the `yaml` package and `jsonc-parser` all count).
 * The CLI prints `line + 1`:`character + 1`.
 */
export interface Position {
  line: number;
  character: number;
  offset: number;
}

/** A half-open span `[start, end)` of source text. */
export interface Range {
  start: Position;
  end: Position;
}

/** A plain text edit: replace `range` with `newText` (an insertion has `start` equal to `end`). */
export interface TextEdit {
  range: Range;
  newText: string;
}

/** True when `inner` lies within `outer` (both ends inclusive). */
export function rangeContains(outer: Range, inner: Range): boolean {
  return outer.start.offset <= inner.start.offset && inner.end.offset <= outer.end.offset;
}
