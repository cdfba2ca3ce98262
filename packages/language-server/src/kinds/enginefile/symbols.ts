/**
 * Enginefile document symbols (LSP `textDocument/documentSymbol`): directives, global ARGs, then each stage
 * with its instructions.
 */
import type { Instruction } from "@enginekit/enginefile";
import type { AnalyzedEnginefile } from "@enginekit/lint";
import { type DocumentSymbol, SymbolKind, SymbolTag } from "vscode-languageserver";
import { toLspRange } from "../../diagnostics/to-lsp.js";

function instructionSymbol(ins: Instruction): DocumentSymbol {
  const range = toLspRange(ins.range);
  const detail = ins.argumentsRange ? ins.original.slice(0, 80) : "";
  const symbol: DocumentSymbol = {
    name: ins.keyword.toUpperCase(),
    detail,
    kind: ins.kind === "arg" || ins.kind === "env" ? SymbolKind.Variable : SymbolKind.Function,
    range,
    selectionRange: toLspRange(ins.keywordRange),
  };
  if (ins.kind === "maintainer") symbol.tags = [SymbolTag.Deprecated];
  return symbol;
}

/**
 * Hierarchical document symbols (task §2): parser directives, global ARGs, then each stage (named by
 * its `AS` name or index and base image) with its instructions as children.
 */
export function enginefileSymbols(file: AnalyzedEnginefile): DocumentSymbol[] {
  const out: DocumentSymbol[] = file.doc.directives.map((d) => ({
    name: d.name,
    detail: d.value,
    kind: SymbolKind.Property,
    range: toLspRange(d.range),
    selectionRange: toLspRange(d.nameRange),
  }));
  const firstStage = file.doc.stages[0]?.range.start.offset ?? Number.POSITIVE_INFINITY;
  for (const ins of file.doc.instructions)
    if (ins.range.start.offset < firstStage) out.push(instructionSymbol(ins));
  for (const stage of file.doc.stages) {
    out.push({
      name: stage.name ?? `stage ${stage.index}`,
      detail: stage.baseImage ?? "",
      kind: SymbolKind.Module,
      range: toLspRange(stage.range),
      selectionRange: toLspRange(stage.from.keywordRange),
      children: [stage.from, ...stage.instructions].map(instructionSymbol),
    });
  }
  return out;
}
