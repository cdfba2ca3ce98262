import type { Finding, Range } from "../src/index.js";

/** A range as `line:character-line:character` (0-based, LSP convention) for compact exact assertions. */
export function span(range: Range): string {
  return `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}

/** The source text a range covers. */
export function textAt(text: string, range: Range): string {
  return text.slice(range.start.offset, range.end.offset);
}

/** Findings as `code@span` strings, in order, for table-style assertions. */
export function summary(findings: readonly Finding[]): string[] {
  return findings.map((finding) => `${finding.code}@${span(finding.range)}`);
}

/** Applies the text edits of a fix (non-overlapping) to a text. */
export function applyEdits(text: string, edits: readonly { range: Range; newText: string }[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.range.start.offset - a.range.start.offset)) {
    result = result.slice(0, edit.range.start.offset) + edit.newText + result.slice(edit.range.end.offset);
  }
  return result;
}
