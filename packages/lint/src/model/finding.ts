import type { Severity } from "./severity.js";

/**
 * A point in a file, LSP convention (ARCHITECTURE.md principle 2): 0-based `line`, 0-based UTF-16
 * `character`, and `offset`, the UTF-16 index into the whole text. The CLI prints `line+1:character+1`.
 */
export interface Position {
  line: number;
  character: number;
  offset: number;
}

/** A half-open span `[start, end)` of a file's text. */
export interface Range {
  start: Position;
  end: Position;
}

/** Replace `range` with `newText` (an insertion has `start` equal to `end`). */
export interface TextEdit {
  range: Range;
  newText: string;
}

/** A quick fix: text edits applied together (`--fix`, or a code action in an editor). */
export interface Fix {
  /** What the fix does, e.g. `Use COPY instead of ADD`. */
  title: string;
  edits: TextEdit[];
}

/** What a rule reports: where, what, and optionally how to fix it. Messages never contain secret values. */
export interface Report {
  range: Range;
  message: string;
  fix?: Fix;
}

/** A finding: a {@link Report} with the rule that made it and its effective severity. */
export interface Finding extends Report {
  ruleId: string;
  severity: Severity;
}
