/**
 * Enginefile selection ranges (LSP `textDocument/selectionRange`): word, arguments, instruction, stage,
 * document, each containing the one before.
 */
import type { AnalyzedEnginefile } from "@enginekit/lint";
import type { Range, SelectionRange } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { toLspRange } from "../../diagnostics/to-lsp.js";
import { instructionAt } from "./cursor-context.js";

type Located = {
  range: {
    start: { offset: number; line: number; character: number };
    end: { offset: number; line: number; character: number };
  };
};

/**
 * Selection ranges (`textDocument/selectionRange`, "expand selection") at each position: the word under
 * the cursor (a variable name, a flag, an argument), then the instruction's arguments, the instruction, its
 * stage, and the whole document — each range containing the one before (LSP requires it; equal ranges
 * are dropped).
 */
export function enginefileSelectionRanges(
  document: TextDocument,
  file: AnalyzedEnginefile,
  positions: readonly { line: number; character: number }[],
): SelectionRange[] {
  const whole: Range = { start: { line: 0, character: 0 }, end: document.positionAt(file.text.length) };
  return positions.map((position) => {
    const offset = document.offsetAt(position);
    const chain: Range[] = [];
    const add = (node: Located | undefined) => {
      if (node && node.range.start.offset <= offset && offset <= node.range.end.offset)
        chain.push(toLspRange(node.range));
    };
    const ins = instructionAt(file, offset);
    if (ins) {
      const variable = ins.variables.find(
        (v) => v.range.start.offset <= offset && offset <= v.range.end.offset,
      );
      add(variable);
      add(ins.flags.find((f) => f.range.start.offset <= offset && offset <= f.range.end.offset));
      add(ins.args.find((a) => a.range.start.offset <= offset && offset <= a.range.end.offset));
      add({ range: ins.argumentsRange });
      add(ins);
      add(file.doc.stages.find((s) => s.range.start.offset <= offset && offset <= s.range.end.offset));
    }
    chain.push(whole);
    let parent: SelectionRange | undefined;
    let last: Range | undefined;
    for (const range of chain.reverse()) {
      if (last && sameRange(last, range)) continue;
      parent = parent ? { range, parent } : { range };
      last = range;
    }
    return parent ?? { range: whole };
  });
}

function sameRange(a: Range, b: Range): boolean {
  return (
    a.start.line === b.start.line &&
    a.start.character === b.start.character &&
    a.end.line === b.end.line &&
    a.end.character === b.end.character
  );
}
