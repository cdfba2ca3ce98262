import type { Position, Range } from "../ast/position.js";
import type { Segment } from "../lexer/logical-lines.js";
import { lineOfOffset, type SourceLines } from "../lexer/source-lines.js";

/** How many recent positions and ranges {@link PositionMapper} hands out again instead of copies. */
const RECENT = 4;

/**
 * Converts source offsets to {@link Position}s (binary search over line starts). Positions and ranges
 * are immutable and shared: an instruction's keyword, arguments and whole range meet at the same few
 * offsets, so the last {@link RECENT} of each are reused (the tree stays small and cheap to build).
 */
export class PositionMapper {
  private lastLine = 0;
  private readonly positions: (Position | undefined)[] = new Array(RECENT).fill(undefined);
  private nextPosition = 0;
  private readonly ranges: (Range | undefined)[] = new Array(RECENT).fill(undefined);
  private nextRange = 0;

  constructor(private readonly lines: SourceLines) {}

  /** The position of a UTF-16 source offset (O(1) when near a recent lookup). */
  at(offset: number): Position {
    const recent = this.positions;
    for (let k = 0; k < RECENT; k++) {
      const p = recent[k];
      if (p !== undefined && p.offset === offset) return p;
    }
    const p = this.compute(offset);
    recent[this.nextPosition] = p;
    this.nextPosition = (this.nextPosition + 1) % RECENT;
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
    const recent = this.ranges;
    for (let k = 0; k < RECENT; k++) {
      const r = recent[k];
      if (r !== undefined && r.start.offset === start && r.end.offset === end) return r;
    }
    const s = this.at(start);
    const r = { start: s, end: end === start ? s : this.at(end) };
    recent[this.nextRange] = r;
    this.nextRange = (this.nextRange + 1) % RECENT;
    return r;
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

  /** Range of logical offsets `[start, end)`. */
  range(start: number, end: number): Range {
    const s = this.source(start, false);
    const e = end <= start ? s : this.source(end, true);
    return this.positions.range(s, Math.max(s, e));
  }
}
