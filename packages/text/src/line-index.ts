/**
 * The one line index: UTF-16 offsets of one text to {@link Position}s and back, line texts, and UTF-8 byte
 * columns (what ShellCheck and Go tools count). Line ends are `\n`, `\r\n` and a lone `\r` (the LSP's
 * definition, and the Enginefile parser's). Lookups are O(log lines); offsets outside the text are clamped,
 * so nothing here throws.
 */
import type { Position, Range } from "./position.js";

export class LineIndex {
  /** Offset of the first character of each line (the first is 0). */
  readonly starts: number[] = [0];

  constructor(readonly text: string) {
    if (!text.includes("\r")) {
      // the common case, by native searches (compiled code from the first call, unlike a loop)
      for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
      return;
    }
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }

  /** Number of lines (a text without line breaks has one). */
  get lineCount(): number {
    return this.starts.length;
  }

  /** The 0-based line holding UTF-16 `offset` (clamped to the text). */
  lineOf(offset: number): number {
    const o = this.#clamp(offset);
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** The position of UTF-16 `offset` (clamped to `[0, text.length]`; a fraction is truncated). */
  position(offset: number): Position {
    const o = this.#clamp(offset);
    const line = this.lineOf(o);
    return { line, character: o - this.starts[line]!, offset: o };
  }

  /** The UTF-16 offset of a 0-based line and UTF-16 column (clamped to the line and the text). */
  offsetAt(line: number, character: number): number {
    if (line < 0) return 0;
    const start = this.starts[line];
    if (start === undefined) return this.text.length;
    const end = this.starts[line + 1] ?? this.text.length;
    return Math.min(start + Math.max(0, character), end);
  }

  /** The range `[start, end)` of two UTF-16 offsets (swapped if given in reverse order). */
  range(start: number, end: number): Range {
    return start <= end
      ? { start: this.position(start), end: this.position(end) }
      : { start: this.position(end), end: this.position(start) };
  }

  /** The text of 0-based line `line` without its line end ("" beyond the end). */
  lineText(line: number): string {
    const start = this.starts[line];
    if (start === undefined) return "";
    const next = this.starts[line + 1] ?? this.text.length;
    return this.text.slice(start, next).replace(/\r?\n$|\r$/, "");
  }

  /**
   * The 0-based column of UTF-16 `offset` counted in UTF-8 bytes from the start of its line (a lone
   * surrogate counts 3 bytes, as its replacement character U+FFFD is encoded).
   */
  byteCharacter(offset: number): number {
    const o = this.#clamp(offset);
    let bytes = 0;
    for (let i = this.starts[this.lineOf(o)]!; i < o; i++) {
      const c = this.text.charCodeAt(i);
      if (c < 0x80) bytes += 1;
      else if (c < 0x800) bytes += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < o && (this.text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        bytes += 4;
        i++;
      } else bytes += 3;
    }
    return bytes;
  }

  #clamp(offset: number): number {
    return Math.max(0, Math.min(Number.isFinite(offset) ? Math.trunc(offset) : 0, this.text.length));
  }
}
