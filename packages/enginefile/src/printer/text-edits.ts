/** A replacement of the source span `[start, end)` (UTF-16 offsets) by `text`. */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * Applies non-overlapping edits to `source` (any order; an edit overlapping an earlier-starting one
 * is skipped, so the result is always well-formed). Edits that change nothing are dropped.
 */
export function applyEdits(source: string, edits: TextEdit[]): string {
  const sorted = edits
    .filter((e) => source.slice(e.start, e.end) !== e.text)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  let out = "";
  let at = 0;
  for (const e of sorted) {
    if (e.start < at) continue;
    out += source.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + source.slice(at);
}
