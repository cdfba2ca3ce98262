import type { Position, Range } from "@enginekit/text";
import type { Segment } from "../lexer/logical-lines.js";
import { lineOfOffset, type SourceLines } from "../lexer/source-lines.js";

/** Converts source offsets to {@link Position}s (binary search over line starts). */
export class PositionMapper {
  private lastLine = 0;

  constructor(private readonly lines: SourceLines) {}

  private recentA: Position | undefined;
  private recentB: Position | undefined;

  /**
   * The position of a UTF-16 source offset (O(1) when near the previous lookup). Positions are
   * immutable and shared: ranges that meet or start together reuse the same object.
   */
  at(offset: number): Position {
    const a = this.recentA;
    if (a !== undefined && a.offset === offset) return a;
    const b = this.recentB;
    if (b !== undefined && b.offset === offset) return b;
    const p = this.compute(offset);
    this.recentB = a;
    this.recentA = p;
    return p;
  }

  private compute(offset: number): Position {
    const { starts } = this.lines;
    const last = this.lastLine;
    let line: number;
    if (
      last < starts.length &&
      (starts[last] ?? 0) <= offset &&
      (last + 1 >= starts.length ? offset <= (this.lines.ends[last] ?? 0) : offset < (starts[last + 1] ?? 0))
    ) {
      line = last;
    } else {
      line = lineOfOffset(this.lines, offset);
      this.lastLine = line;
    }
    const start = line < this.lines.starts.length ? (this.lines.starts[line] ?? 0) : this.lines.text.length;
    return { line, character: offset - start, offset };
  }

  /** The range `[start, end)` of source offsets. */
  range(start: number, end: number): Range {
    const s = this.at(start);
    return { start: s, end: end === start ? s : this.at(end) };
  }
}

/**
 * Maps offsets in a logical line (continuations joined) back to source offsets. A start offset on a
 * segment boundary maps to the next segment; an end offset to the end of the previous one.
 */
export class LogicalMapper {
  constructor(
    private readonly segments: Segment[],
    private readonly fallback: number,
    private readonly positions: PositionMapper,
  ) {}

  /** Source offset of logical offset `o`. */
  source(o: number, isEnd: boolean): number {
    const segs = this.segments;
    if (segs.length === 0) return this.fallback;
    if (segs.length === 1) {
      const s = segs[0] as Segment;
      return s.sourceStart + Math.min(Math.max(o, 0), s.length);
    }
    let lo = 0;
    let hi = segs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      const m = segs[mid] as Segment;
      if (isEnd ? m.logicalStart < o : m.logicalStart <= o) lo = mid;
      else hi = mid - 1;
    }
    const s = segs[lo] as Segment;
    return s.sourceStart + Math.min(Math.max(o - s.logicalStart, 0), s.length);
  }

  /**
   * Range of logical offsets `[start, end)` whose start is already known as `from` (a position of the
   * same source offset), so the two ranges share it.
   */
  rangeFrom(from: Position, start: number, end: number): Range {
    const s = this.source(start, false);
    if (s !== from.offset) return this.range(start, end);
    const e = end <= start ? s : this.source(end, true);
    return { start: from, end: e <= s ? from : this.positions.at(e) };
  }

  /** Range of logical offsets `[start, end)`. */
  range(start: number, end: number): Range {
    const s = this.source(start, false);
    const e = end <= start ? s : this.source(end, true);
    return this.positions.range(s, Math.max(s, e));
  }
}
