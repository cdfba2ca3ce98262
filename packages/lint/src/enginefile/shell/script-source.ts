/**
 * The shell script a shell-form RUN hands to its shell, rebuilt from the Enginefile source with a map
 * back to it. BuildKit joins the instruction's physical lines (the escape character and blanks after it
 * at a line end removed, comment lines and empty lines inside the continuation dropped — BuildKit
 * `parser.Parse`, `trimContinuationCharacter`) and, with heredocs, appends each body and terminator after
 * a line break (`dockerfile2llb` runs `sh -c "<line>\n<body>EOF\n"`). Every character of the script
 * that comes from the source maps back to its exact source offset, so findings point at the exact word
 * across continuations and inside heredocs.
 */

import type { Instruction } from "@enginekit/enginefile";

/**
 * One script with its source map: `pieces` are runs of `length` characters copied from the source at
 * `sourceStart` to `scriptStart` (ascending, non-overlapping); characters between pieces were added by
 * the join (line breaks, heredoc terminators) and map to the start of the next piece.
 */
export class ScriptSource {
  constructor(
    readonly text: string,
    private readonly scriptStarts: number[],
    private readonly sourceStarts: number[],
    private readonly lengths: number[],
  ) {}

  /** The source offset of script offset `at` (0 ≤ at ≤ text.length). */
  toSource(at: number): number {
    const starts = this.scriptStarts;
    let lo = 0;
    let hi = starts.length - 1;
    if (hi < 0) return 0;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    const into = at - starts[lo]!;
    if (into < 0) return this.sourceStarts[lo]!;
    if (into > this.lengths[lo]!) {
      // added text after this piece: points at the next piece's start (or this piece's end)
      return lo + 1 < starts.length ? this.sourceStarts[lo + 1]! : this.sourceStarts[lo]! + this.lengths[lo]!;
    }
    return this.sourceStarts[lo]! + into;
  }

  /** The source span of the script span [start, end): its last character's end, not what follows it. */
  spanToSource(start: number, end: number): [number, number] {
    const s = this.toSource(start);
    return [s, end > start ? this.toSource(end - 1) + 1 : s];
  }
}

/** Builds a {@link ScriptSource} piece by piece. */
class ScriptBuilder {
  private text = "";
  private readonly scriptStarts: number[] = [];
  private readonly sourceStarts: number[] = [];
  private readonly lengths: number[] = [];

  /** Appends source[start, end) as copied text. */
  copy(source: string, start: number, end: number): void {
    if (end <= start) return;
    const n = this.lengths.length - 1;
    // extend the previous piece when contiguous in both texts
    if (
      n >= 0 &&
      this.scriptStarts[n]! + this.lengths[n]! === this.text.length &&
      this.sourceStarts[n]! + this.lengths[n]! === start
    ) {
      this.lengths[n]! += end - start;
    } else {
      this.scriptStarts.push(this.text.length);
      this.sourceStarts.push(start);
      this.lengths.push(end - start);
    }
    this.text += source.slice(start, end);
  }

  /** Appends text that is not in the source. */
  add(text: string): void {
    this.text += text;
  }

  build(): ScriptSource {
    return new ScriptSource(this.text, this.scriptStarts, this.sourceStarts, this.lengths);
  }
}

/** A blank (space or tab) at `at`. */
function isBlank(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return c === 32 || c === 9;
}

/**
 * The script of a shell-form instruction (RUN, CMD, ENTRYPOINT): its arguments text with continuations
 * joined as BuildKit joins them, then each heredoc body and terminator. `escapeCharacter` is the document's
 * escape character.
 */
export function instructionScript(
  text: string,
  instruction: Instruction,
  escapeCharacter: string,
): ScriptSource {
  const b = new ScriptBuilder();
  const { start, end } = instruction.argumentsRange;
  const escapeCode = escapeCharacter.charCodeAt(0);
  let i = start.offset;
  const stop = end.offset;
  while (i < stop) {
    const nl = lineEnd(text, i, stop);
    // a continuation: the escape character, then only blanks up to the line end
    let k = nl - 1;
    while (k >= i && isBlank(text, k)) k--;
    const continued = nl < stop && k >= i && text.charCodeAt(k) === escapeCode;
    if (!continued) {
      b.copy(text, i, nl);
      i = nl;
      break;
    }
    b.copy(text, i, k);
    i = skipLineBreak(text, nl);
    // comment lines and empty lines inside a continuation are dropped
    while (i < stop) {
      let j = i;
      while (j < stop && isBlank(text, j)) j++;
      const e = lineEnd(text, j, stop);
      if (j === e && e < stop) i = skipLineBreak(text, e);
      else if (text.charCodeAt(j) === 35 && e < stop) i = skipLineBreak(text, e);
      else break;
    }
  }
  for (const h of instruction.heredocs) {
    b.add("\n");
    const s = h.bodyRange.start.offset;
    const e = h.bodyRange.end.offset;
    if (e - s === h.content.length && text.startsWith(h.content, s)) b.copy(text, s, e);
    else b.add(h.content);
    b.add(`${h.content === "" || h.content.endsWith("\n") ? "" : "\n"}${h.name}\n`);
  }
  return b.build();
}

/**
 * The script inside a word (`sh -c '…'`): `value` is the word's unquoted value, at script offsets
 * [wordStart, wordEnd) of `outer`. When the value is the word's text less one quote on each side, each
 * character maps exactly; otherwise (escapes, mixed quoting) everything maps to the word.
 */
export function nestedScript(
  outer: ScriptSource,
  value: string,
  wordStart: number,
  wordEnd: number,
): ScriptSource {
  const [s, e] = outer.spanToSource(wordStart, wordEnd);
  const quoted = wordEnd - wordStart === value.length + 2;
  const plain = wordEnd - wordStart === value.length;
  if ((quoted || plain) && e - s === wordEnd - wordStart) {
    return new ScriptSource(value, [0], [s + (quoted ? 1 : 0)], [value.length]);
  }
  return new ScriptSource(value, [0], [s], [0]);
}

const LINE_BREAK = /[\n\r]/g;

/** The offset of the first `\n` or `\r` in text [from, stop), or `stop` (found by a regular expression: compiled code from the first call). */
function lineEnd(text: string, from: number, stop: number): number {
  LINE_BREAK.lastIndex = from;
  return LINE_BREAK.test(text) ? Math.min(LINE_BREAK.lastIndex - 1, stop) : stop;
}

function skipLineBreak(text: string, at: number): number {
  if (text.charCodeAt(at) === 13 && text.charCodeAt(at + 1) === 10) return at + 2;
  return at + 1;
}
