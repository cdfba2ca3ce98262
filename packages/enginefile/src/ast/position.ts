/**
 * A point in an Enginefile: 0-based `line`, 0-based `character` counted in UTF-16 code units (the LSP
 * convention), and `offset`, the UTF-16 offset into the original text (a BOM, if any, counts as one unit).
 */
export interface Position {
  line: number;
  character: number;
  offset: number;
}

/** A half-open span `[start, end)` of the original text. */
export interface Range {
  start: Position;
  end: Position;
}

/** Builds a {@link Position}. */
export function position(line: number, character: number, offset: number): Position {
  return { line, character, offset };
}

/** True when `inner` lies within `outer` (both ends inclusive). */
export function rangeContains(outer: Range, inner: Range): boolean {
  return outer.start.offset <= inner.start.offset && inner.end.offset <= outer.end.offset;
}
