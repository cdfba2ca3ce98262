/**
 * The reference's dump notation of a parsed Enginefile (BuildKit parser `Node.Dump()`): `dumpInstruction`,
 * `dump` for the whole document, and `referenceLines` (BuildKit's `StartLine`/`EndLine`), for the conformance
 * tests against BuildKit's parser test data.
 */
import { goQuote } from "./ast/go-quote.js";
import type { EnginefileDocument, Instruction } from "./ast/nodes.js";

/**
 * One instruction in the reference's dump notation (BuildKit `Node.Dump()`), without the outer
 * parentheses: lower-cased keyword, flags as a Go `%q` slice, then each argument Go-quoted; ONBUILD's
 * nested instruction is written in parentheses, unquoted.
 */
export function dumpInstruction(ins: Instruction): string {
  let s = ins.keyword.toLowerCase();
  if (ins.flags.length > 0) s += ` [${ins.flags.map((f) => goQuote(f.text)).join(" ")}]`;
  if (ins.kind === "onbuild") {
    if (ins.trigger) s += ` (${dumpInstruction(ins.trigger)})`;
  } else {
    for (const a of ins.args) s += ` ${goQuote(a.value)}`;
  }
  return s.startsWith(" ") ? s.slice(1) : s;
}

/**
 * The whole document in the reference's dump format: one `(…)` line per instruction, joined by `\n`,
 * no final newline (BuildKit's test adds it). Comments, directives and heredoc bodies are not shown.
 * Used by the conformance tests; meaningful only when the document has no reference error.
 */
export function dump(doc: EnginefileDocument): string {
  return doc.instructions.map((i) => `(${dumpInstruction(i)})`).join("\n");
}

/**
 * The 1-based first and last line the reference gives an instruction (BuildKit's `StartLine` and
 * `EndLine`, as in its JSON output): `range`'s lines, which start, as the reference's do, at a
 * first line holding only the escape character.
 */
export function referenceLines(ins: Instruction): { start: number; end: number } {
  return { start: ins.range.start.line + 1, end: ins.range.end.line + 1 };
}
