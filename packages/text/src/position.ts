/**
 * Source locations, declared once for every package (ARCHITECTURE.md principle 2, "Located everything"):
 * the LSP convention — `line` 0-based, `character` the 0-based UTF-16 code unit column within the line,
 * `offset` the 0-based UTF-16 code unit index into the whole text (what JavaScript string indices, the
 * `yaml` package and `jsonc-parser` count; a byte-order mark, if any, counts as one unit). The CLI prints
 * `line + 1`:`character + 1`.
 */

/** A point in a text: 0-based `line`, 0-based UTF-16 `character` within the line, UTF-16 `offset`. */
export interface Position {
  line: number;
  character: number;
  offset: number;
}

/** A half-open span `[start, end)` of a text. */
export interface Range {
  start: Position;
  end: Position;
}

/** Builds a {@link Position}. */
export function position(line: number, character: number, offset: number): Position {
  return { line, character, offset };
}

/** True when `inner` lies within `outer` (both ends inclusive, compared by offset). */
export function rangeContains(outer: Range, inner: Range): boolean {
  return outer.start.offset <= inner.start.offset && inner.end.offset <= outer.end.offset;
}
