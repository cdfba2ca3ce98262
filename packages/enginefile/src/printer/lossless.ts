/**
 * Lossless printing (`printLossless`): the document's directives, comments and instructions in source
 * order with the trivia between them, so an unchanged document prints its own text (the project's own
 * design).
 */
import type { EnginefileDocument } from "../ast/nodes.js";

/** A top-level element of a document in source order: a directive, comment or instruction. */
export interface SourceElement {
  kind: "directive" | "comment" | "instruction";
  start: number;
  end: number;
}

/** The document's directives, comments and instructions (heredoc bodies included) in source order. */
export function sourceElements(doc: EnginefileDocument): SourceElement[] {
  const out: SourceElement[] = [];
  for (const d of doc.directives)
    out.push({ kind: "directive", start: d.range.start.offset, end: d.range.end.offset });
  for (const c of doc.comments)
    out.push({ kind: "comment", start: c.range.start.offset, end: c.range.end.offset });
  for (const i of doc.instructions)
    out.push({ kind: "instruction", start: i.range.start.offset, end: i.range.end.offset });
  return out.sort((a, b) => a.start - b.start);
}

/**
 * Prints the document losslessly: every element's source text with the trivia between elements
 * (whitespace, line ends, a BOM), so an unchanged document prints exactly the text it was parsed from.
 * Comments inside an instruction's continuation lines are part of that instruction's text.
 */
export function printLossless(doc: EnginefileDocument): string {
  const text = doc.text;
  let out = "";
  let at = 0;
  for (const el of sourceElements(doc)) {
    if (el.end <= at) continue;
    const start = Math.max(at, el.start);
    out += text.slice(at, start) + text.slice(start, el.end);
    at = el.end;
  }
  return out + text.slice(at);
}
