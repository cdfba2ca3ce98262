import type { Position, Range } from "../model/finding.js";

/**
 * Maps UTF-16 offsets of a text to LSP positions (0-based line, UTF-16 column). Line ends are `\n`,
 * `\r\n` and a lone `\r`, as in the Enginefile parser and the LSP. Lookups are O(log lines).
 */
export class TextLines {
  /** Offset of the first character of each line. */
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

  /** The position of `offset` (clamped to the text). */
  position(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: o - (this.starts[lo] ?? 0), offset: o };
  }

  /** The range `[start, end)` of two offsets. */
  range(start: number, end: number): Range {
    return { start: this.position(start), end: this.position(end) };
  }

  /** The text of 0-based line `line` without its line end ("" beyond the end). */
  lineText(line: number): string {
    const start = this.starts[line];
    if (start === undefined) return "";
    const next = this.starts[line + 1] ?? this.text.length;
    return this.text.slice(start, next).replace(/\r?\n$|\r$/, "");
  }
}
