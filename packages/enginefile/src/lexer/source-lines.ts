/**
 * Physical lines of a text (`splitLines`) as BuildKit's scanner splits them, its 65,535-byte line limit,
 * and offset-to-line lookup.
 */
import { utf8Length } from "@enginekit/text";

/**
 * The physical lines of a text, split on `\n` as the reference's scanner does. `starts[i]` is the UTF-16
 * offset of line i, `ends[i]` the offset of its `\n` (or the text length), `contentEnds[i]` the end after
 * removing trailing `\r`s (the reference's `trimNewline`). The last line exists only if non-empty.
 */
export interface SourceLines {
  readonly text: string;
  readonly starts: number[];
  readonly ends: number[];
  readonly contentEnds: number[];
  /** Offset where line 0's content starts (1 when the text starts with a BOM). */
  readonly bomLength: number;
}

/** The reference's maximum physical line: 65,535 bytes (bufio.MaxScanTokenSize - 1). */
const MAX_LINE_BYTES = 65535;

/** Splits `text` into physical lines; one pass, no substrings. */
export function splitLines(text: string): SourceLines {
  const starts: number[] = [];
  const ends: number[] = [];
  const contentEnds: number[] = [];
  const length = text.length;
  let start = 0;
  while (start < length) {
    let nl = text.indexOf("\n", start);
    if (nl < 0) nl = length;
    let ce = nl;
    while (ce > start && text.charCodeAt(ce - 1) === 13) ce--;
    starts.push(start);
    ends.push(nl);
    contentEnds.push(ce);
    start = nl + 1;
  }
  const bomLength = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return { text, starts, ends, contentEnds, bomLength };
}

/** True when physical line `i` (without its `\n`) is longer than {@link MAX_LINE_BYTES} UTF-8 bytes. */
export function isLineTooLong(lines: SourceLines, i: number): boolean {
  const s = lines.starts[i] ?? 0;
  const e = lines.ends[i] ?? 0;
  if ((e - s) * 3 <= MAX_LINE_BYTES) return false;
  return utf8Length(lines.text, s, e) > MAX_LINE_BYTES;
}

/**
 * Converts a UTF-16 offset of the text to a 0-based line number by binary search over line starts.
 * Offsets past the end map to the last line.
 */
export function lineOfOffset(lines: SourceLines, offset: number): number {
  const starts = lines.starts;
  let lo = 0;
  let hi = starts.length - 1;
  if (hi < 0) return 0;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  // an offset just after a final "\n" lies on a line that has no entry
  const last = starts.length - 1;
  if (lo === last && offset > (lines.ends[last] ?? 0)) return last + 1;
  return lo;
}
