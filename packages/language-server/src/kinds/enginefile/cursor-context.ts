/**
 * What surrounds a cursor in an Enginefile (`cursorContext`, `instructionAt`), shared by completion,
 * hover and signature help.
 */
import type { Instruction } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "@enginekit/lint";

/** What surrounds a cursor in an Enginefile (shared by completion, hover and signature help). */
export interface CursorContext {
  offset: number;
  /** The instruction whose range holds the cursor (or that ends on the cursor's line). */
  instruction: Instruction | undefined;
  /** Text of the cursor's line before the cursor. */
  linePrefix: string;
  /** The blank-separated word before the cursor and where it starts (offset). */
  word: string;
  wordStart: number;
  /** True when a keyword is being typed: only blanks and letters before the cursor on a fresh line. */
  atKeyword: boolean;
  /** True inside a heredoc body (no completion of instructions or flags there). */
  inHeredoc: boolean;
  /** True in the parser-directive region (before any instruction or non-directive comment). */
  inDirectiveRegion: boolean;
}

/** The instruction containing `offset` (binary search over the ordered instructions), or undefined. */
export function instructionAt(file: AnalyzedEnginefile, offset: number): Instruction | undefined {
  const list = file.doc.instructions;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const ins = list[mid]!;
    if (offset < ins.range.start.offset) hi = mid - 1;
    else if (offset > ins.range.end.offset) lo = mid + 1;
    else
      return ins.kind === "onbuild" && ins.trigger && offset >= ins.trigger.range.start.offset
        ? ins.trigger
        : ins;
  }
  return undefined;
}

/** Reads the context at `offset` (clamped to the text). Pure. */
export function cursorContext(file: AnalyzedEnginefile, rawOffset: number): CursorContext {
  const text = file.text;
  const offset = Math.max(0, Math.min(rawOffset, text.length));
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const linePrefix = text.slice(lineStart, offset);
  let wordStart = offset;
  while (wordStart > lineStart && !/\s/.test(text[wordStart - 1]!)) wordStart--;
  const word = text.slice(wordStart, offset);
  const found = instructionAt(file, offset) ?? instructionAt(file, Math.max(0, offset - 1));
  // An instruction that ended on an earlier line is not the cursor's, unless that line continues.
  const previousLine = text.slice(text.lastIndexOf("\n", lineStart - 2) + 1, Math.max(0, lineStart - 1));
  const continues = previousLine.trimEnd().endsWith(file.doc.escapeCharacter);
  const instruction =
    found && found.keywordRange.start.offset < lineStart && found.range.end.offset < lineStart && !continues
      ? undefined
      : found;
  const inHeredoc =
    instruction?.heredocs.some(
      (h) => h.bodyRange.start.offset <= lineStart && offset <= h.terminatorRange.end.offset,
    ) ?? false;
  const continuation = instruction !== undefined && instruction.keywordRange.start.offset < lineStart;
  const onbuildTrigger =
    instruction !== undefined &&
    instruction.keywordRange.start.offset >= lineStart &&
    /^\s*ONBUILD\s+[A-Za-z]*$/i.test(linePrefix);
  const atKeyword = !inHeredoc && ((!continuation && /^\s*[A-Za-z]*$/.test(linePrefix)) || onbuildTrigger);
  const before = text.slice(0, lineStart).split("\n");
  before.pop();
  const inDirectiveRegion = before.every((l) => /^\uFEFF?\s*#\s*[a-z]+\s*=/i.test(l));
  return {
    offset,
    instruction,
    linePrefix,
    word,
    wordStart,
    atKeyword,
    inHeredoc,
    inDirectiveRegion,
  };
}
