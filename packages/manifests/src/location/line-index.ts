import type { Position, Range } from "./range.js";

/**
 * Converts UTF-16 offsets of one text into {@link Position}s. Line breaks are `\n`, `\r\n` and a lone `\r`
 * (the LSP's definition). Offsets outside the text are clamped, so conversion never throws.
 */
export class LineIndex {
  readonly #lineStarts: number[];
  readonly #length: number;

  constructor(text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (code === 10 /* \n */) {
        starts.push(i + 1);
      }
    }
    this.#lineStarts = starts;
    this.#length = text.length;
  }

  /** Number of lines (a text without line breaks has one). */
  get lineCount(): number {
    return this.#lineStarts.length;
  }

  /** The position of a UTF-16 offset, clamped to `[0, text.length]`. */
  position(offset: number): Position {
    const clamped = Math.max(0, Math.min(Number.isFinite(offset) ? Math.trunc(offset) : 0, this.#length));
    let low = 0;
    let high = this.#lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.#lineStarts[mid]! <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.#lineStarts[low]!, offset: clamped };
  }

  /** The range `[start, end)` of two UTF-16 offsets (swapped if given in reverse order). */
  range(start: number, end: number): Range {
    return start <= end
      ? { start: this.position(start), end: this.position(end) }
      : { start: this.position(end), end: this.position(start) };
  }
}
